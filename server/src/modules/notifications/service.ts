/**
 * A user's notification blocks (channels silenced per tracked number of a company) and their unseen counts by
 * channel, in all and per number, leaving out what they blocked. How each channel counts: shared/api/notifications.
 */
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_RECENT_HOURS,
  type NotificationBlock,
  type NotificationBlocksBodySchema,
  type NotificationChannel,
  type NotificationCounts,
  type NumberNotificationCounts,
} from '@shared/api/notifications';
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  calls,
  conversations,
  faxes,
  liveNumber,
  notificationBlocks,
  numbers,
  voicemails,
} from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid } from '../../lib/errors';
import { notificationBlockView } from './view';

/** §3 call outcome "missed". */
const MISSED = 2;

/** Nothing unseen on any channel. */
const noCounts = (): NotificationCounts => ({ calls: 0, messages: 0, voicemails: 0, faxes: 0 });

/** The user's notification blocks in the company, by number and channel. */
export async function blocksOf(
  ctx: AppContext,
  userId: number,
  companyId: number,
): Promise<NotificationBlock[]> {
  const rows = await ctx.db
    .select({ number_id: notificationBlocks.number_id, channel: notificationBlocks.channel })
    .from(notificationBlocks)
    .where(and(eq(notificationBlocks.user_id, userId), eq(notificationBlocks.company_id, companyId)))
    .orderBy(asc(notificationBlocks.number_id), asc(notificationBlocks.channel));
  return rows.map(notificationBlockView);
}

/** The ids of the numbers on which the user has any block (for the numbers list's `hasNotificationBlocks`). */
export async function numbersWithBlocks(
  ctx: AppContext,
  userId: number,
  numberIds: number[],
): Promise<Set<number>> {
  if (!numberIds.length) return new Set();
  const rows = await ctx.db
    .selectDistinct({ number_id: notificationBlocks.number_id })
    .from(notificationBlocks)
    .where(and(eq(notificationBlocks.user_id, userId), inArray(notificationBlocks.number_id, numberIds)));
  return new Set(rows.map((row) => row.number_id));
}

/** Every number given must be the company's: else 422 naming them, on the field they were sent in. */
async function checkNumbers(
  ctx: AppContext,
  companyId: number,
  ids: number[],
  field = 'numbers',
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({ id: numbers.id })
    .from(numbers)
    .where(and(eq(numbers.company_id, companyId), liveNumber, inArray(numbers.id, unique)));
  const found = new Set(rows.map((row) => row.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) {
    throw invalid({ [field]: [`These numbers are not the company’s: ${missing.join(', ')}.`] });
  }
  return unique;
}

/** How many of the company's rows of `table` meeting `where` each number has (rows with no number left out). */
function countPerNumber(
  ctx: AppContext,
  companyId: number,
  table: typeof calls | typeof voicemails | typeof faxes,
  where: SQL[],
) {
  return ctx.db
    .select({ number_id: table.number_id, n: count() })
    .from(table)
    .where(and(eq(table.company_id, companyId), ...where, isNotNull(table.number_id)))
    .groupBy(table.number_id);
}

/** Unseen counts per number and channel (numbers with nothing are absent). */
async function countsByNumber(ctx: AppContext, companyId: number): Promise<Map<number, NotificationCounts>> {
  const since = new Date(ctx.now().getTime() - NOTIFICATION_RECENT_HOURS * 3600_000);
  const [messages, missed, unheard, received] = await Promise.all([
    ctx.db
      .select({
        number_id: conversations.number_id,
        n: sql<number>`coalesce(sum(${conversations.unread_count}), 0)::int`,
      })
      .from(conversations)
      .where(eq(conversations.company_id, companyId))
      .groupBy(conversations.number_id),
    countPerNumber(ctx, companyId, calls, [
      eq(calls.is_inbound, true),
      eq(calls.outcome, MISSED),
      gte(calls.started_at, since),
    ]),
    countPerNumber(ctx, companyId, voicemails, [isNull(voicemails.listened_at)]),
    countPerNumber(ctx, companyId, faxes, [eq(faxes.is_inbound, true), gte(faxes.created_at, since)]),
  ]);
  const byNumber = new Map<number, NotificationCounts>();
  const add = (channel: NotificationChannel, rows: { number_id: number | null; n: number }[]) => {
    for (const row of rows) {
      if (row.number_id === null) continue;
      const counts = byNumber.get(row.number_id) ?? noCounts();
      counts[channel] += Number(row.n);
      byNumber.set(row.number_id, counts);
    }
  };
  add('messages', messages);
  add('calls', missed);
  add('voicemails', unheard);
  add('faxes', received);
  return byNumber;
}

/** Per number of the company, zero for the channels the user blocked on it. */
export async function callerCounts(
  ctx: AppContext,
  userId: number,
  companyId: number,
): Promise<NumberNotificationCounts[]> {
  const [numberRows, counts, blocks] = await Promise.all([
    ctx.db
      .select({ id: numbers.id })
      .from(numbers)
      .where(and(eq(numbers.company_id, companyId), liveNumber))
      .orderBy(asc(numbers.id)),
    countsByNumber(ctx, companyId),
    blocksOf(ctx, userId, companyId),
  ]);
  const blocked = new Set(blocks.map((block) => `${block.number_id}:${block.channel}`));
  return numberRows.map((row) => {
    const own = counts.get(row.id) ?? noCounts();
    const result: NumberNotificationCounts = { number_id: row.id, ...noCounts() };
    for (const channel of NOTIFICATION_CHANNELS) {
      result[channel] = blocked.has(`${row.id}:${channel}`) ? 0 : own[channel];
    }
    return result;
  });
}

/** The numbers and channels of a block or unblock request, and the field the numbers were sent in. */
type BlockRequest = z.output<typeof NotificationBlocksBodySchema>;

/** Silences the channels on the numbers (all the company's, else 422) for the user; answers all their blocks. */
export async function blockNotifications(
  ctx: AppContext,
  userId: number,
  companyId: number,
  request: BlockRequest,
): Promise<NotificationBlock[]> {
  const ids = await checkNumbers(ctx, companyId, request.numbers, request.numbers_field);
  const channels = [...new Set(request.channels)];
  await ctx.db
    .insert(notificationBlocks)
    .values(
      ids.flatMap((numberId) =>
        channels.map((channel) => ({
          user_id: userId,
          number_id: numberId,
          company_id: companyId,
          channel,
          created_at: ctx.now(),
        })),
      ),
    )
    .onConflictDoNothing();
  return blocksOf(ctx, userId, companyId);
}

/** Lifts the user's blocks of the channels on the numbers (all the company's, else 422); answers the rest. */
export async function unblockNotifications(
  ctx: AppContext,
  userId: number,
  companyId: number,
  request: BlockRequest,
): Promise<NotificationBlock[]> {
  const ids = await checkNumbers(ctx, companyId, request.numbers, request.numbers_field);
  await ctx.db
    .delete(notificationBlocks)
    .where(
      and(
        eq(notificationBlocks.user_id, userId),
        eq(notificationBlocks.company_id, companyId),
        inArray(notificationBlocks.number_id, ids),
        inArray(notificationBlocks.channel, request.channels),
      ),
    );
  return blocksOf(ctx, userId, companyId);
}

/** The user's unseen counts over every number of the company, by channel. */
export async function callerTotals(
  ctx: AppContext,
  userId: number,
  companyId: number,
): Promise<NotificationCounts> {
  const total = noCounts();
  for (const row of await callerCounts(ctx, userId, companyId)) {
    for (const channel of NOTIFICATION_CHANNELS) total[channel] += row[channel];
  }
  return total;
}
