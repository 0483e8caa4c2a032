/** Rows → the contract's shapes (shared/api/registration.ts RegistrationSchema). */
import type { Registration } from '@shared/api/registration';
import { feesDueToday, type SmsReviewStatus } from '@shared/domain/registration';
import type { SmsRegistrationFileRow, SmsRegistrationRow } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { signSupportingFileUrl } from './fileUrls';
import { filesOf, numbersOf } from './records';

/**
 * The registration's standing: expired once cancelled; rejected when either part is; for 10DLC the campaign's
 * once the brand is approved, else the brand's; a toll-free verification's one review.
 */
export function overallStatus(
  row: Pick<SmsRegistrationRow, 'kind' | 'brand_status' | 'campaign_status' | 'expired_at'>,
): SmsReviewStatus {
  if (row.expired_at) return 'expired';
  if (row.brand_status === 'rejected' || row.campaign_status === 'rejected') return 'rejected';
  if (row.kind === 'toll_free') return row.campaign_status;
  return row.brand_status === 'approved' ? row.campaign_status : row.brand_status;
}

export function feesOf(row: SmsRegistrationRow) {
  return feesDueToday({
    kind: row.kind,
    monthlyVolume: row.campaign.monthly_volume,
    brandPaid: row.brand_paid_at !== null,
    monthPaid: row.month_paid_at !== null,
  });
}

const fileView = (ctx: AppContext, file: SmsRegistrationFileRow) => ({
  id: file.id,
  name: file.name,
  content_type: file.content_type,
  size: file.size,
  url: signSupportingFileUrl(ctx, file.company_id, file.id),
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function registrationViews(
  ctx: AppContext,
  rows: SmsRegistrationRow[],
): Promise<Registration[]> {
  const ids = rows.map((row) => row.id);
  const [covered, files] = await Promise.all([numbersOf(ctx.db, ids), filesOf(ctx.db, ids)]);
  return rows.map((row) => {
    const own = files.filter((file) => file.registration_id === row.id);
    const placed = new Set((row.campaign.optins ?? []).flatMap((optin) => optin.supporting_file_ids));
    const fees = feesOf(row);
    const status = overallStatus(row);
    const b = row.brand;
    const c = row.campaign;
    return {
      id: row.id,
      company_id: row.company_id,
      kind: row.kind,
      status,
      is_submitted: row.submitted_at !== null && status !== 'draft',
      brand: {
        legal_name: b.legal_name ?? null,
        display_name: b.display_name ?? null,
        company_type: (b.company_type ?? null) as Registration['brand']['company_type'],
        industry: (b.industry ?? null) as Registration['brand']['industry'],
        ein: b.ein ?? null,
        id_type: (b.id_type ?? null) as Registration['brand']['id_type'],
        id_number: b.id_number ?? null,
        stock_exchange: (b.stock_exchange ?? null) as Registration['brand']['stock_exchange'],
        stock_symbol: b.stock_symbol ?? null,
        website: b.website ?? null,
        email: b.email ?? null,
        phone: b.phone ?? null,
        street: b.street ?? null,
        city: b.city ?? null,
        state: b.state ?? null,
        postal_code: b.postal_code ?? null,
        country: b.country ?? null,
        contact_first_name: b.contact_first_name ?? null,
        contact_last_name: b.contact_last_name ?? null,
        id: row.id,
        is_draft: row.brand_status === 'draft',
        status: row.expired_at ? 'expired' : row.brand_status,
      },
      campaign: {
        id: row.id,
        is_draft: row.campaign_status === 'draft',
        status: row.expired_at ? 'expired' : row.campaign_status,
        use_case: c.use_case ?? null,
        sub_usecases: c.sub_usecases ?? [],
        description: c.description ?? null,
        message_flow: c.message_flow ?? null,
        monthly_volume: c.monthly_volume ?? null,
        sample_messages: c.sample_messages ?? [],
        privacy_policy_url: c.privacy_policy_url ?? null,
        help_message: c.help_message ?? null,
        optins: (c.optins ?? []).map((optin) => ({
          type: optin.type,
          description: optin.description,
          keywords: optin.keywords,
          supporting_files: own
            .filter((file) => optin.supporting_file_ids.includes(file.id))
            .map((file) => fileView(ctx, file)),
        })),
        numbers: covered
          .filter((number) => number.registration_id === row.id)
          .map(({ id, number, label }) => ({ id, number, label })),
      },
      unattached_files: own.filter((file) => !placed.has(file.id)).map((file) => fileView(ctx, file)),
      rejection: row.rejection,
      fees: {
        due_today: fees.total_cents / 100,
        due_today_cents: fees.total_cents,
        lines: fees.lines,
        paid_cents: row.paid_cents,
      },
      review_expected_at: iso(row.review_due_at),
      submitted_at: iso(row.submitted_at),
      approved_at: iso(row.approved_at),
      expired_at: iso(row.expired_at),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  });
}

export async function registrationView(ctx: AppContext, row: SmsRegistrationRow): Promise<Registration> {
  const [view] = await registrationViews(ctx, [row]);
  if (!view) throw new Error('registration view');
  return view;
}
