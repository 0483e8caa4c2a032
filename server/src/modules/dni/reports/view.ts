/** DNI report rows → the contract's shape. */
import type { DniReport, DniReportState } from '@shared/api/dniReports';
import type { dniReports } from '../../../db/schema';

export function reportView(
  row: typeof dniReports.$inferSelect,
  extra: { requestedBy: string | null; downloadUrl: string | null },
): DniReport {
  return {
    id: row.id,
    company_id: row.company_id,
    business_unit_id: row.company_id === null ? row.organization_id : null,
    start_date: row.start_date,
    end_date: row.end_date,
    state: row.state as DniReportState,
    rows: row.rows,
    message: row.message,
    requested_by: extra.requestedBy,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
    download_url: extra.downloadUrl,
  };
}
