/**
 * `POST /campaigns` and `POST /campaigns/{id}` (`_method=PATCH`): a campaign saved as a draft (§5 "Draft needs
 * only a title") or queued to send (§5's sendability, every unmet condition a 422 on its field). Its groups must
 * be the company's and its number the company's and able to text. Only a campaign that has not started sending
 * may change (409 otherwise); the check is repeated in the update itself, so a send starting meanwhile wins.
 *
 * Saving as queued schedules the send in the same transaction (a new generation and its job); a queued
 * campaign saved back as a draft loses its job. Attachments: a create's uploads; a change keeps the listed
 * ones (`keep_media`, all when absent), appends its uploads, and removes the files it dropped once committed.
 * A refused request leaves no file behind.
 */
import { type Campaign, CampaignFieldsSchema } from '@shared/api/campaigns';
import { MEDIA_MAX_FILES } from '@shared/api/messaging';
import {
  CAMPAIGN_BLOCKERS,
  type CampaignDraft,
  campaignBlockers,
  DEFAULT_DYNAMIC_FIELDS,
  DEFAULT_UNSUBSCRIBE_TEXT,
  type DynamicField,
  draftBlockers,
  TEXT_ERRORS,
} from '@shared/domain/campaigns';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaigns, companies, contactGroups, liveNumber, numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { parseInput } from '../../../http/route';
import { wakeJobRunners } from '../../../jobs/queue';
import { conflict, invalid, notFound } from '../../../lib/errors';
import { refuseUnverifiedSender } from '../../auth/verification';
import { MESSAGES as SEND_MESSAGES } from '../../messaging/service';
import { MEDIA_MESSAGES, removeMedia, type StoredMedia } from '../../messaging/upload';
import { campaignSendRefusal } from '../../registration/sending';
import { previewCampaign, publishCampaign, scheduleSend, unscheduleSend } from '../engine';
import { type CampaignRow, campaignView } from '../view';
import { includesGroups } from './records';

export const SAVE_MESSAGES = {
  notOwnGroup: 'Choose groups of this company.',
  notOwnNumber: SEND_MESSAGES.notOwnNumber,
  notSmsNumber: SEND_MESSAGES.notSmsNumber,
  otherCompany: 'A campaign stays in the company it was made in.',
  noSuchMedia: (index: number) => `This campaign has no attachment ${index} to keep.`,
  started: 'This campaign has started sending: it can only be paused, resumed or cancelled.',
  sent: 'This campaign has been sent: it can no longer be changed.',
  canceled: 'This campaign was cancelled: it can no longer be changed.',
  failed: 'This campaign failed: it can no longer be changed. Create a new campaign to send again.',
} as const;

/** States a campaign may be changed in, as long as it has not started sending. */
const EDITABLE_STATES = ['pending', 'draft', 'queued', 'paused'];

/** The field each of §5's unmet conditions is about. */
const BLOCKER_FIELDS: ReadonlyMap<string, string> = new Map([
  [CAMPAIGN_BLOCKERS.title, 'title'],
  [CAMPAIGN_BLOCKERS.text, 'text'],
  [CAMPAIGN_BLOCKERS.unsubscribeText, 'unsubscribe_text'],
  [CAMPAIGN_BLOCKERS.group, 'groups'],
  [CAMPAIGN_BLOCKERS.number, 'number_id'],
  [CAMPAIGN_BLOCKERS.pastDeliveryTime, 'should_be_sent_at'],
  [CAMPAIGN_BLOCKERS.links, 'text'],
  [TEXT_ERRORS.sms, 'text'],
  [TEXT_ERRORS.mms, 'text'],
]);

/** §5's unmet conditions as per-field messages (one the table does not know is about the state asked for). */
export function blockerErrors(blockers: readonly string[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const blocker of blockers) {
    const field = BLOCKER_FIELDS.get(blocker) ?? 'state';
    errors[field] = [...(errors[field] ?? []), blocker];
  }
  return errors;
}

/** 409 when the campaign may no longer change: it has started sending, or it has ended. */
export function refuseUnchangeable(row: CampaignRow): void {
  if (row.state === 'sent' || row.state === 'canceled' || row.state === 'failed') {
    throw conflict(SAVE_MESSAGES[row.state]);
  }
  if (row.started_at !== null || !EDITABLE_STATES.includes(row.state)) throw conflict(SAVE_MESSAGES.started);
}

export interface SaveInput {
  companyId: number;
  userId: number;
  /** The campaign being changed; none for a create. */
  existing?: CampaignRow;
  fields: Record<string, unknown>;
  /** The request's uploads, already stored (removed again if the save is refused). */
  media: StoredMedia[];
}

/** The campaign as it will be saved: the request's fields over the campaign's own (or a create's defaults). */
interface Next {
  title: string;
  text: string;
  unsubscribe_text: string;
  skip_inbox: boolean;
  group_ids: number[];
  number_id: number | null;
  should_be_sent_at: Date | null;
  dynamic_fields: DynamicField[];
  state: string;
  media: StoredMedia[];
}

type Fields = ReturnType<typeof CampaignFieldsSchema.parse>;

/** The attachments kept (`keep_media`, all when absent) and appended; those dropped are removed after commit. */
function attachments(existing: CampaignRow | undefined, fields: Fields, uploads: StoredMedia[]) {
  const current: StoredMedia[] = existing?.media ?? [];
  const keep = fields.keep_media === undefined ? current.map((_, index) => index) : fields.keep_media;
  const missing = keep.filter((index) => index >= current.length);
  if (missing.length) throw invalid({ keep_media: missing.map((index) => SAVE_MESSAGES.noSuchMedia(index)) });
  const kept = current.filter((_, index) => keep.includes(index));
  const dropped = current.filter((_, index) => !keep.includes(index));
  const media = [...kept, ...uploads];
  if (media.length > MEDIA_MAX_FILES) throw invalid({ media: [MEDIA_MESSAGES.tooMany] });
  return { media, dropped };
}

function nextCampaign(existing: CampaignRow | undefined, fields: Fields, media: StoredMedia[]): Next {
  const time = fields.should_be_sent_at;
  return {
    title: fields.title ?? existing?.title ?? '',
    text: fields.text ?? existing?.text ?? '',
    unsubscribe_text: fields.unsubscribe_text ?? existing?.unsubscribe_text ?? DEFAULT_UNSUBSCRIBE_TEXT,
    skip_inbox: fields.skip_inbox ?? existing?.skip_inbox ?? false,
    group_ids: [...new Set(fields.groups ?? existing?.group_ids ?? [])],
    number_id: fields.number_id !== undefined ? fields.number_id : (existing?.number_id ?? null),
    should_be_sent_at:
      time !== undefined ? (time === null ? null : new Date(time)) : (existing?.should_be_sent_at ?? null),
    dynamic_fields:
      fields.dynamic_fields ?? existing?.dynamic_fields ?? DEFAULT_DYNAMIC_FIELDS.map((f) => ({ ...f })),
    state: fields.state ?? existing?.state ?? 'draft',
    media,
  };
}

/** The groups and number must be the company's (422 on `groups` / `number_id`), the number able to text. */
async function checkReferences(ctx: AppContext, companyId: number, next: Next): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (next.group_ids.length) {
    const found = await ctx.db
      .select({ id: contactGroups.id })
      .from(contactGroups)
      .where(and(eq(contactGroups.company_id, companyId), inArray(contactGroups.id, next.group_ids)));
    if (found.length !== next.group_ids.length) errors.groups = [SAVE_MESSAGES.notOwnGroup];
  }
  if (next.number_id !== null) {
    const [number] = await ctx.db
      .select({ sms_enabled: numbers.sms_enabled })
      .from(numbers)
      .where(and(eq(numbers.id, next.number_id), eq(numbers.company_id, companyId), liveNumber));
    if (!number) errors.number_id = [SAVE_MESSAGES.notOwnNumber];
    else if (!number.sms_enabled) errors.number_id = [SAVE_MESSAGES.notSmsNumber];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/**
 * §5: a draft needs a title; a queued campaign every condition of sendability — and a sender whose email is
 * verified (auth/verification.ts).
 */
async function checkSendable(ctx: AppContext, input: SaveInput, next: Next): Promise<void> {
  const { companyId } = input;
  let blockers: string[];
  if (next.state === 'queued') {
    await refuseUnverifiedSender(ctx, input.userId, 'campaigns');
    // A past-due, parked or deactivated account queues no send (the standing's one table, shared/domain/billing.ts).
    await ctx.standing.refuseUnlessAllowed(companyId, 'send_campaigns');
    const [company] = await ctx.db
      .select({ links_enabled: companies.links_enabled })
      .from(companies)
      .where(eq(companies.id, companyId));
    const draft: CampaignDraft = {
      title: next.title,
      text: next.text,
      unsubscribe_text: next.unsubscribe_text,
      groups: next.group_ids,
      number_id: next.number_id,
      should_be_sent_at: next.should_be_sent_at,
      media: next.media,
      dynamic_fields: next.dynamic_fields,
    };
    blockers = campaignBlockers(draft, { now: ctx.now(), linksEnabled: company?.links_enabled ?? false });
  } else {
    blockers = draftBlockers(next);
  }
  if (blockers.length) throw invalid(blockerErrors(blockers));
  // Carriers block campaign texts from numbers without an approved registration (modules/registration).
  if (next.state === 'queued' && next.number_id !== null) {
    const refusal = await campaignSendRefusal(ctx, next.number_id);
    if (refusal) throw invalid({ number_id: [refusal] });
  }
}

/** Who it will reach and what it costs as of this save (the engine's pre-send summary); none without a group. */
async function previewTotals(ctx: AppContext, companyId: number, next: Next) {
  const group = next.group_ids[0];
  if (group === undefined) return { preview_count: 0, preview_credits: 0 };
  const preview = await previewCampaign(ctx, companyId, {
    groups: [group],
    number_id: next.number_id,
    text: next.text,
    unsubscribe_text: next.unsubscribe_text,
    has_media: next.media.length > 0,
    should_be_sent_at: next.should_be_sent_at?.toISOString() ?? null,
    dynamic_fields: next.dynamic_fields,
  });
  return { preview_count: preview.recipients, preview_credits: preview.credits };
}

/** Saves the campaign (insert or compare-and-set update) and schedules or unschedules its send, in one transaction. */
async function write(
  ctx: AppContext,
  input: SaveInput,
  values: Omit<typeof campaigns.$inferInsert, 'company_id'>,
): Promise<CampaignRow | null> {
  const { existing } = input;
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    let row: CampaignRow | undefined;
    if (existing) {
      [row] = await tx
        .update(campaigns)
        .set(values)
        .where(
          and(
            eq(campaigns.id, existing.id),
            isNull(campaigns.deleted_at),
            isNull(campaigns.started_at),
            inArray(campaigns.state, EDITABLE_STATES),
          ),
        )
        .returning();
      if (!row) return null;
    } else {
      [row] = await tx
        .insert(campaigns)
        .values({ ...values, company_id: input.companyId, user_id: input.userId, created_at: ctx.now() })
        .returning();
      if (!row) throw new Error('campaign insert returned nothing');
    }
    if (row.state === 'queued') return scheduleSend(ctx, row, { tx });
    if (existing?.state === 'queued') await unscheduleSend(ctx, existing, { tx });
    return row;
  });
}

/** Creates or changes a campaign; answers it as the contract shows it. */
export async function saveCampaign(ctx: AppContext, input: SaveInput): Promise<Campaign> {
  const { existing } = input;
  let row: CampaignRow;
  let dropped: StoredMedia[] = [];
  let include: string | undefined;
  try {
    if (existing) refuseUnchangeable(existing);
    const fields = parseInput(CampaignFieldsSchema, input.fields, 'body');
    include = fields.include;
    if (fields.company_id !== undefined && fields.company_id !== input.companyId) {
      throw invalid({ company_id: [SAVE_MESSAGES.otherCompany] });
    }
    const files = attachments(existing, fields, input.media);
    dropped = files.dropped;
    const next = nextCampaign(existing, fields, files.media);
    await checkReferences(ctx, input.companyId, next);
    await checkSendable(ctx, input, next);
    const totals = await previewTotals(ctx, input.companyId, next);
    const saved = await write(ctx, input, {
      type: 'sms',
      title: next.title,
      text: next.text,
      unsubscribe_text: next.unsubscribe_text,
      skip_inbox: next.skip_inbox,
      group_ids: next.group_ids,
      number_id: next.number_id,
      should_be_sent_at: next.should_be_sent_at,
      state: next.state,
      // A campaign saved to send again after an automatic pause starts without the old reason.
      state_reason: null,
      media: next.media,
      dynamic_fields: next.dynamic_fields,
      ...totals,
      updated_at: ctx.now(),
    });
    if (!saved) {
      // The send started (or the campaign went) between reading it and saving: say which.
      const [now] = await ctx.db
        .select()
        .from(campaigns)
        .where(eq(campaigns.id, existing?.id ?? 0));
      if (!now || now.deleted_at) throw notFound('campaign');
      refuseUnchangeable(now);
      throw conflict(SAVE_MESSAGES.started);
    }
    row = saved;
  } catch (error) {
    await removeMedia(ctx, input.media);
    throw error;
  }
  if (row.state === 'queued') wakeJobRunners(ctx);
  await removeMedia(ctx, dropped);
  await publishCampaign(ctx, row);
  return campaignView(ctx, row, { groups: includesGroups(include) });
}
