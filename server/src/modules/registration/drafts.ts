/**
 * Drafts: a registration is started with whatever is known and saved at any point (every field may be blank; the
 * wizard saves each step as the person moves on). A rejected registration is changed the same way to fix it: the
 * rejected part goes back to draft (draft → submitted again), keeping the rejection's reasons on show until the
 * next submit. An approved brand is not changed (it would need a new review); nothing under review is.
 */
import {
  REGISTRATION_MESSAGES as M,
  type RegistrationCreateSchema,
  type SmsBrandFieldsSchema,
  type SmsCampaignFieldsSchema,
} from '@shared/api/registration';
import { isEditable } from '@shared/domain/registration';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type SmsRegistrationRow,
  type StoredCampaign,
  smsRegistrationFiles,
  smsRegistrations,
} from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid } from '../../lib/errors';
import { removeStoredFiles } from './files';
import { filesOf, registrationOf } from './records';
import { overallStatus } from './view';

type BrandInput = z.output<typeof SmsBrandFieldsSchema>;
type CampaignInput = z.output<typeof SmsCampaignFieldsSchema>;

/** Blank text is "not yet": stored as null so a draft's missing fields read the same however they were left. */
function cleanBrand(brand: BrandInput | undefined): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(brand ?? {}))
    if (value !== undefined)
      out[key] = typeof value === 'string' && value.trim() === '' ? null : (value as string | null);
  return out;
}

function cleanCampaign(campaign: CampaignInput | undefined): StoredCampaign {
  const out: StoredCampaign = {};
  for (const [key, value] of Object.entries(campaign ?? {}))
    if (value !== undefined)
      (out as Record<string, unknown>)[key] = typeof value === 'string' && value.trim() === '' ? null : value;
  return out;
}

export async function createRegistration(
  ctx: AppContext,
  companyId: number,
  body: z.output<typeof RegistrationCreateSchema>,
): Promise<SmsRegistrationRow> {
  const campaign = cleanCampaign(body.campaign);
  if (campaign.optins?.some((optin) => optin.supporting_file_ids.length))
    throw invalid({ 'campaign.optins': ['Upload supporting files after the draft is saved.'] });
  const [row] = await ctx.db
    .insert(smsRegistrations)
    .values({
      company_id: companyId,
      kind: body.kind,
      brand: cleanBrand(body.brand),
      campaign,
      created_at: ctx.now(),
      updated_at: ctx.now(),
    })
    .returning();
  if (!row) throw new Error('registration insert');
  return row;
}

/** The statuses after an edit: a rejected part goes back to draft; anything else that may be edited stays. */
function editedStatuses(row: SmsRegistrationRow, part: 'brand' | 'campaign') {
  const back = (status: SmsRegistrationRow['brand_status']) => (status === 'rejected' ? 'draft' : status);
  if (row.kind === 'toll_free')
    return { brand_status: back(row.brand_status), campaign_status: back(row.campaign_status) };
  return part === 'brand'
    ? { brand_status: back(row.brand_status), campaign_status: row.campaign_status }
    : { brand_status: row.brand_status, campaign_status: back(row.campaign_status) };
}

function refuseUnlessEditable(row: SmsRegistrationRow, part: 'brand' | 'campaign'): void {
  if (!isEditable(overallStatus(row))) throw invalid({ [part]: [M.notEditable] });
  if (part === 'brand' && row.kind === 'local' && row.brand_status === 'approved')
    throw invalid({
      brand: ['The brand is approved and cannot be changed; fix the campaign and submit again.'],
    });
}

export async function updateBrand(
  ctx: AppContext,
  companyId: number,
  id: number,
  brand: BrandInput,
): Promise<SmsRegistrationRow> {
  const row = await registrationOf(ctx, companyId, id);
  refuseUnlessEditable(row, 'brand');
  return save(ctx, row, { brand: { ...row.brand, ...cleanBrand(brand) }, ...editedStatuses(row, 'brand') });
}

export async function updateCampaign(
  ctx: AppContext,
  companyId: number,
  id: number,
  campaign: CampaignInput,
): Promise<SmsRegistrationRow> {
  const row = await registrationOf(ctx, companyId, id);
  refuseUnlessEditable(row, 'campaign');
  const next = cleanCampaign(campaign);
  if (next.optins) {
    const own = new Set((await filesOf(ctx.db, [row.id])).map((file) => file.id));
    const errors: Record<string, string[]> = {};
    next.optins.forEach((optin, index) => {
      if (optin.supporting_file_ids.some((fileId) => !own.has(fileId)))
        errors[`campaign.optins.${index}.supporting_file_ids`] = [
          'This file was not uploaded to this registration.',
        ];
    });
    if (Object.keys(errors).length) throw invalid(errors);
  }
  return save(ctx, row, { campaign: { ...row.campaign, ...next }, ...editedStatuses(row, 'campaign') });
}

async function save(
  ctx: AppContext,
  row: SmsRegistrationRow,
  change: Partial<typeof smsRegistrations.$inferInsert>,
): Promise<SmsRegistrationRow> {
  const [saved] = await ctx.db
    .update(smsRegistrations)
    .set({ ...change, updated_at: ctx.now() })
    // Compare-and-set on the statuses read: a review that moved on meanwhile is not overwritten.
    .where(
      and(
        eq(smsRegistrations.id, row.id),
        eq(smsRegistrations.brand_status, row.brand_status),
        eq(smsRegistrations.campaign_status, row.campaign_status),
      ),
    )
    .returning();
  if (!saved)
    throw invalid({
      registration: ['The registration’s review moved on meanwhile: reload it and try again.'],
    });
  return saved;
}

/** DELETE: a draft never submitted goes, with its files; anything submitted is cancelled instead. */
export async function deleteRegistration(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const row = await registrationOf(ctx, companyId, id);
  if (row.submitted_at) throw invalid({ registration: [M.notDeletable] });
  const files = await filesOf(ctx.db, [row.id]);
  await ctx.db.delete(smsRegistrations).where(eq(smsRegistrations.id, row.id));
  await removeStoredFiles(
    ctx,
    files.map((file) => file.path),
  );
}

/** Files placed on no opt-in any more are kept (they may be placed again) until the registration goes. */
export async function dropFile(
  ctx: AppContext,
  companyId: number,
  id: number,
  fileId: number,
): Promise<SmsRegistrationRow> {
  const row = await registrationOf(ctx, companyId, id);
  if (!isEditable(overallStatus(row))) throw invalid({ file: [M.notEditable] });
  const [file] = await ctx.db
    .delete(smsRegistrationFiles)
    .where(and(eq(smsRegistrationFiles.id, fileId), inArray(smsRegistrationFiles.registration_id, [row.id])))
    .returning();
  if (!file) throw invalid({ file: ['This registration has no such file.'] });
  await removeStoredFiles(ctx, [file.path]);
  const optins = (row.campaign.optins ?? []).map((optin) => ({
    ...optin,
    supporting_file_ids: optin.supporting_file_ids.filter((one) => one !== fileId),
  }));
  return save(ctx, row, { campaign: { ...row.campaign, optins } });
}
