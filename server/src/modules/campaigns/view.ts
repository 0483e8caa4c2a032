/** Campaign rows → the contract's shapes (§3 Campaign; the events list's rows). */
import type { Campaign, CampaignEvent } from '@shared/api/campaigns';
import type { RecipientState, SkipReason } from '@shared/domain/campaignSending';
import { type CampaignState, campaignDisplayState, DEFAULT_DYNAMIC_FIELDS } from '@shared/domain/campaigns';
import { inArray } from 'drizzle-orm';
import type { campaignRecipients, campaigns } from '../../db/schema';
import { contactGroups, numbers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { groupCounts } from '../groups/service/counts';
import { campaignMediaViews } from './media';

export type CampaignRow = typeof campaigns.$inferSelect;
export type RecipientRow = typeof campaignRecipients.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Campaigns as the contract shows them, in the order given; `groups` adds each one's groups with counts. */
export async function campaignViews(
  ctx: AppContext,
  rows: readonly CampaignRow[],
  options: { groups?: boolean } = {},
): Promise<Campaign[]> {
  if (rows.length === 0) return [];
  const numberIds = [...new Set(rows.map((row) => row.number_id).filter((id): id is number => id !== null))];
  const numberRows = numberIds.length
    ? await ctx.db
        .select({ id: numbers.id, number: numbers.number, label: numbers.label })
        .from(numbers)
        .where(inArray(numbers.id, numberIds))
    : [];
  const numberById = new Map(numberRows.map((row) => [row.id, row]));
  const groupsById = options.groups ? await groupsOf(ctx, rows) : new Map();
  const now = ctx.now();
  return rows.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    company_id: row.company_id,
    type: 'sms' as const,
    title: row.title,
    text: row.text,
    unsubscribe_text: row.unsubscribe_text,
    should_be_sent_at: iso(row.should_be_sent_at),
    state: row.state as CampaignState,
    display_state: campaignDisplayState(row, now),
    sent_count: row.sent_count,
    delivered_count: row.delivered_count,
    undelivered_count: row.undelivered_count,
    failed_count: row.failed_count,
    skipped_count: row.skipped_count,
    responded_count: row.responded_count,
    unsubscriber_count: row.unsubscriber_count,
    recipient_count: row.recipient_count,
    pending_count: row.pending_count,
    number_id: row.number_id,
    number: row.number_id !== null ? (numberById.get(row.number_id) ?? null) : null,
    preview_count: row.preview_count,
    preview_credits: row.preview_credits,
    started: iso(row.started_at),
    finished_at: iso(row.finished_at),
    state_reason: row.state_reason,
    media: campaignMediaViews(ctx, row),
    dynamic_fields: row.dynamic_fields ?? [...DEFAULT_DYNAMIC_FIELDS],
    skip_inbox: row.skip_inbox,
    group_ids: row.group_ids,
    ...(options.groups
      ? { groups: row.group_ids.flatMap((id) => (groupsById.has(id) ? [groupsById.get(id)] : [])) }
      : {}),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  }));
}

export async function campaignView(
  ctx: AppContext,
  row: CampaignRow,
  options: { groups?: boolean } = {},
): Promise<Campaign> {
  const [view] = await campaignViews(ctx, [row], options);
  if (!view) throw new Error('campaign view missing');
  return view;
}

async function groupsOf(ctx: AppContext, rows: readonly CampaignRow[]) {
  const ids = [...new Set(rows.flatMap((row) => row.group_ids))];
  const byId = new Map<number, Campaign['groups'] extends (infer G)[] | undefined ? G : never>();
  if (!ids.length) return byId;
  const groups = await ctx.db.select().from(contactGroups).where(inArray(contactGroups.id, ids));
  const companyId = rows[0]?.company_id ?? 0;
  const counts = await groupCounts(
    ctx.db,
    companyId,
    groups.filter((group) => group.company_id === companyId),
  );
  for (const group of groups) {
    if (group.company_id !== companyId) continue;
    const count = counts.get(group.id);
    byId.set(group.id, {
      id: group.id,
      name: group.name,
      active_count: count?.active_count ?? 0,
      invalid_count: count?.invalid_count ?? 0,
      unsubscriber_count: count?.unsubscriber_count ?? 0,
    });
  }
  return byId;
}

/** A ledger row as an events-list row; `conversationId` is the inbox conversation with them, if any. */
export function campaignEventView(
  row: RecipientRow & { contact_name: string | null },
  conversationId: number | null,
): CampaignEvent {
  return {
    id: row.id,
    contact: row.contact_id !== null ? { id: row.contact_id, name: row.contact_name ?? row.name } : null,
    number: row.number,
    state: row.state as RecipientState,
    skip_reason: (row.skip_reason as SkipReason | null) ?? null,
    error_code: row.error_code,
    not_before: row.state === 'pending' ? iso(row.not_before) : null,
    sent_at: iso(row.sent_at),
    finished_at: iso(row.finished_at),
    responded_at: iso(row.responded_at),
    reply: row.reply,
    unsubscribed_at: iso(row.unsubscribed_at),
    conversation_id: conversationId,
  };
}
