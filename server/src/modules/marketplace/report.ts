/**
 * §7 "GET /report (CSV download named marketplace_report.csv)": one row per marketplace number, with its prices as
 * §9's USD and the interest counted from the stored rows. Written by the server's CSV writer (lib/csv.ts: every
 * cell neutralised, a description `=HYPERLINK(…)` included), with a byte-order mark and CRLF lines so spreadsheet
 * programs open it as UTF-8.
 */
import type { MarketplaceNumber } from '@shared/api/marketplace';
import { labelOf } from '@shared/domain/codes';
import { formatCents, MARKETPLACE_STATUSES } from '@shared/domain/marketplace';
import { csvText } from '../../lib/csv';

export const MARKETPLACE_REPORT_FILENAME = 'marketplace_report.csv';

export const MARKETPLACE_REPORT_COLUMNS = [
  'Number',
  'Vanity form',
  'Status',
  'Asking price',
  'Monthly lease',
  'Views',
  'Inquiries',
  'Offers',
  'Listed since',
  'Sold for',
  'Sold at',
  'Description',
] as const;

export function marketplaceReportCsv(rows: MarketplaceNumber[]): string {
  return csvText(
    [
      [...MARKETPLACE_REPORT_COLUMNS],
      ...rows.map((row) => [
        row.formatted,
        row.vanity_form ?? '',
        labelOf(MARKETPLACE_STATUSES, row.status),
        formatCents(row.asking_price_cents),
        row.lease_price_cents === null ? '' : formatCents(row.lease_price_cents),
        row.interest.views,
        row.interest.inquiries,
        row.interest.offers,
        row.listed_at ?? '',
        row.sold_price_cents === null ? '' : formatCents(row.sold_price_cents),
        row.sold_at ?? '',
        row.description,
      ]),
    ],
    { bom: true, record_delimiter: 'windows' },
  );
}
