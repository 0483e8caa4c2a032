/**
 * A company's tracked numbers, the list messaging needs: paged, searchable over the number and its label, each
 * with the unread count of its conversations and whether the caller has a notification block (any channel) on it.
 */
import type { TrackedNumber } from '@shared/api/numbers';
import { phoneSearchDigits } from '@shared/domain/phone';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { conversations, liveNumber, numbers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { likePattern } from '../companies/service';
import { numbersWithBlocks } from '../notifications/service';
import type { NumberRow } from './config/view';
import { trackedNumberView } from './view';

/** The search over number and label: phone-like text matches the number's digits ("(312) 555-01" → 31255501). */
export function numberSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  // Fewer than three digits would match nearly every number.
  const digits = phoneSearchDigits(search);
  return or(
    ilike(numbers.label, likePattern(search)),
    ilike(numbers.number, likePattern(search)),
    digits && digits.length >= 3 ? ilike(numbers.number, likePattern(digits)) : undefined,
  );
}

/** One page of the company's numbers (by number) and how many match in all, as `userId` sees them. */
export async function listNumbers(
  ctx: AppContext,
  companyId: number,
  userId: number,
  options: { search?: string | undefined; limit: number; offset: number },
): Promise<{ rows: TrackedNumber[]; total: number }> {
  const where = and(eq(numbers.company_id, companyId), liveNumber, numberSearch(options.search));
  const rows = await ctx.db
    .select()
    .from(numbers)
    .where(where)
    .orderBy(asc(numbers.number), asc(numbers.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await ctx.db.select({ total: count() }).from(numbers).where(where);
  return { rows: await withCounts(ctx, userId, rows), total: total?.total ?? 0 };
}

/** The numbers as lists show them to `userId`: each with its conversations' unread count and their blocks. */
export async function withCounts(
  ctx: AppContext,
  userId: number,
  rows: NumberRow[],
): Promise<TrackedNumber[]> {
  const unread = rows.length
    ? await ctx.db
        .select({
          number_id: conversations.number_id,
          unread: sql<number>`coalesce(sum(${conversations.unread_count}), 0)::int`,
        })
        .from(conversations)
        .where(
          inArray(
            conversations.number_id,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(conversations.number_id)
    : [];
  const blocked = await numbersWithBlocks(
    ctx,
    userId,
    rows.map((row) => row.id),
  );
  const unreadById = new Map(unread.map((row) => [row.number_id, Number(row.unread)]));
  return rows.map((row) =>
    trackedNumberView(row, {
      unread: unreadById.get(row.id) ?? 0,
      hasNotificationBlocks: blocked.has(row.id),
    }),
  );
}
