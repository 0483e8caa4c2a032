/**
 * Port request rows → the contract's shape: the PIN only as its last 2 characters, documents as short-lived
 * signed links (their stored paths never leave the server), and who asked.
 */
import type { PortRequest } from '@shared/api/ports';
import { maskPin, type PortService } from '@shared/domain/ports';
import type { PortRequestRow } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { signPortDocumentUrl } from '../media/urls';

export function portView(
  ctx: AppContext,
  row: PortRequestRow,
  requester: { id: number; name: string } | null,
): PortRequest {
  return {
    id: row.id,
    company_id: row.company_id,
    status: row.status,
    service: row.service as PortService,
    numbers: row.numbers.map((entry) => ({ number: entry.number, type: entry.type })),
    losing_carrier: row.losing_carrier,
    account_number: row.account_number,
    pin_hint: maskPin(row.pin),
    authorized_name: row.authorized_name,
    service_address: row.service_address,
    desired_date: row.desired_date,
    foc_date: row.foc_date,
    documents: row.documents.map((document, index) => ({
      kind: document.kind,
      name: document.name,
      content_type: document.content_type,
      size: document.size,
      uploaded_at: document.uploaded_at,
      url: signPortDocumentUrl(ctx, { companyId: row.company_id, portId: row.id, index }),
    })),
    reason: row.reason,
    reason_field: row.reason_field,
    history: row.history,
    requested_by: requester,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}
