/**
 * Rows → the §3 JSON of conversations and their items, a whole page at a time (numbers, contacts, users and the
 * latest items in a few queries, never one per row). Media comes out as short-lived signed URLs.
 */
import type { Conversation, ConversationItem } from '@shared/api/conversations';
import type { ConversationItemKind, DeliveryState } from '@shared/domain/messaging';
import { inArray, sql } from 'drizzle-orm';
import {
  calls,
  contacts,
  conversationItems,
  type conversations,
  numbers,
  users,
  voicemails,
} from '../../db/schema';
import type { AppContext } from '../../http/context';
import { phoneTimeZone } from '../../lib/phoneTimeZone';
import { signMediaUrl, signRecordingUrl } from '../media/urls';

type ConversationRow = typeof conversations.$inferSelect;
type ItemRow = typeof conversationItems.$inferSelect;

const unique = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

async function userNames(ctx: AppContext, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The calls and voicemails behind these items (two queries for a whole page): which have a recording, and each
 * one's length, so the thread's player shows it before loading the file.
 */
async function recorded(
  ctx: AppContext,
  rows: readonly ItemRow[],
): Promise<Record<'call' | 'voicemail', Map<number, { duration: number; hasRecording: boolean }>>> {
  const idsOf = (kind: string) => unique(rows.filter((row) => row.kind === kind).map((row) => row.record_id));
  const callIds = idsOf('call');
  const voicemailIds = idsOf('voicemail');
  const [callRows, voicemailRows] = await Promise.all([
    callIds.length
      ? ctx.db
          .select({ id: calls.id, duration: calls.duration, path: calls.recording_path })
          .from(calls)
          .where(inArray(calls.id, callIds))
      : [],
    voicemailIds.length
      ? ctx.db
          .select({ id: voicemails.id, duration: voicemails.duration, path: voicemails.recording_path })
          .from(voicemails)
          .where(inArray(voicemails.id, voicemailIds))
      : [],
  ]);
  const byId = (found: { id: number; duration: number; path: string | null }[]) =>
    new Map(found.map((row) => [row.id, { duration: row.duration, hasRecording: row.path !== null }]));
  return { call: byId(callRows), voicemail: byId(voicemailRows) };
}

export async function itemViews(ctx: AppContext, rows: readonly ItemRow[]): Promise<ConversationItem[]> {
  const [names, withRecording] = await Promise.all([
    userNames(ctx, unique(rows.map((row) => row.user_id))),
    recorded(ctx, rows),
  ]);
  const recordOf = (row: ItemRow) =>
    (row.kind === 'call' || row.kind === 'voicemail') && row.record_id !== null
      ? withRecording[row.kind].get(row.record_id)
      : undefined;
  const recordingUrl = (row: ItemRow): string | null => {
    if (!recordOf(row)?.hasRecording || row.record_id === null) return null;
    const kind = row.kind as 'call' | 'voicemail';
    return signRecordingUrl(ctx, { companyId: row.company_id, kind, id: row.record_id });
  };
  return rows.map((row) => ({
    id: row.id,
    conversation_id: row.conversation_id,
    isInbound: row.is_inbound,
    createdAt: row.created_at.toISOString(),
    user: row.user_id !== null ? { id: row.user_id, name: names.get(row.user_id) ?? '' } : null,
    details: {
      type: row.kind as ConversationItemKind,
      content: row.content,
      deliveryState: (row.delivery_state as DeliveryState | null) ?? null,
      errorCode: row.error_code,
      media: row.media.map((media, index) => ({
        // A file we keep is served by a signed link; an inbound attachment we could not (or, in the sandbox,
        // would not) download is shown from where the sender's carrier keeps it.
        url: media.url ?? signMediaUrl(ctx, { companyId: row.company_id, itemId: row.id, index }),
        content_type: media.content_type,
        size: media.size,
        name: media.name ?? null,
      })),
      shouldBeSentAt: row.should_be_sent_at?.toISOString() ?? null,
      record_id: row.record_id,
      recording_url: recordingUrl(row),
      duration: recordOf(row)?.duration,
    },
  }));
}

/**
 * The newest item of each of these conversations: for each, the first row of its (conversation, time) index
 * read backwards. DISTINCT ON read and sorted every item of the page's conversations (35 each in bench/inbox,
 * thousands in a long thread) to keep one.
 */
function latestItems(ctx: AppContext, conversationIds: readonly number[]): Promise<ItemRow[]> {
  const newest = sql`(select i.id from ${conversationItems} i where i.conversation_id = c.id
    order by i.created_at desc, i.id desc limit 1)`;
  return ctx.db
    .select()
    .from(conversationItems)
    .where(
      sql`${conversationItems.id} in (select ${newest} from unnest(${`{${conversationIds.join(',')}}`}::int[]) as c(id))`,
    );
}

export async function conversationViews(
  ctx: AppContext,
  rows: readonly ConversationRow[],
): Promise<Conversation[]> {
  if (!rows.length) return [];
  const contactIds = unique(rows.map((row) => row.contact_id));
  // Independent reads, side by side (PostgreSQL runs them on separate connections).
  const [numberRows, contactRows, assignees, latestRows] = await Promise.all([
    ctx.db
      .select({ id: numbers.id, number: numbers.number, label: numbers.label })
      .from(numbers)
      .where(inArray(numbers.id, unique(rows.map((row) => row.number_id)))),
    contactIds.length
      ? ctx.db
          .select({ id: contacts.id, name: contacts.name, is_unsubscribed: contacts.is_unsubscribed })
          .from(contacts)
          .where(inArray(contacts.id, contactIds))
      : [],
    userNames(ctx, unique(rows.map((row) => row.assigned_user_id))),
    latestItems(
      ctx,
      rows.map((row) => row.id),
    ),
  ]);
  const numberById = new Map(numberRows.map((row) => [row.id, row]));
  const contactById = new Map(contactRows.map((row) => [row.id, row]));
  const latest = new Map((await itemViews(ctx, latestRows)).map((item) => [item.conversation_id, item]));
  const recipients = [...new Set(rows.map((row) => row.recipient))];
  const zones = new Map(
    await Promise.all(
      recipients.map(async (recipient) => [recipient, await phoneTimeZone(recipient)] as const),
    ),
  );
  return rows.map((row) => {
    const number = numberById.get(row.number_id);
    const contact = row.contact_id !== null ? contactById.get(row.contact_id) : undefined;
    return {
      id: row.id,
      company_id: row.company_id,
      recipient: row.recipient,
      number: { id: row.number_id, number: number?.number ?? '', label: number?.label ?? '' },
      contact: contact ?? null,
      latest_item: latest.get(row.id) ?? null,
      unread_count: row.unread_count,
      archived: row.archived_at !== null,
      blocked: row.blocked,
      assigned_user:
        row.assigned_user_id !== null
          ? { id: row.assigned_user_id, name: assignees.get(row.assigned_user_id) ?? '' }
          : null,
      last_item_at: row.last_item_at.toISOString(),
      recipient_timezone: zones.get(row.recipient) ?? null,
    };
  });
}
