/**
 * §7 Numbers, the list messaging needs: a company's tracked numbers, paged, searchable over the number and its
 * label, each with the unread count of its conversations. `hasNotificationBlocks`: the caller has a notification
 * block (any channel) on the number.
 */
import { NUMBER_ENDPOINTS as E, type TrackedNumber } from '@shared/api/numbers';
import { pageOffset, toPage } from '@shared/api/paged';
import type { NumberType } from '@shared/domain/numbers';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conversations, numbers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { likePattern } from '../companies/service';
import { numbersWithBlocks } from '../notifications/routes';

/** The search over number and label: phone-like text matches the number's digits ("(312) 555-01" → 31255501). */
function numberSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const digits = search.replace(/\D/g, '');
  const phoneLike = digits.length >= 3 && /^[\d\s()+.-]+$/.test(search);
  return or(
    ilike(numbers.label, likePattern(search)),
    ilike(numbers.number, likePattern(search)),
    phoneLike ? ilike(numbers.number, likePattern(digits)) : undefined,
  );
}

export function numberRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'numbers.view',
    company: { param: 'companyId' },
    handler: async ({ company, caller, query }) => {
      const where = and(eq(numbers.company_id, company.id), numberSearch(query.search));
      const rows = await ctx.db
        .select()
        .from(numbers)
        .where(where)
        .orderBy(asc(numbers.number), asc(numbers.id))
        .limit(query.perPage)
        .offset(pageOffset(query.page, query.perPage));
      const [total] = await ctx.db.select({ total: count() }).from(numbers).where(where);
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
        caller.user.id,
        rows.map((row) => row.id),
      );
      const unreadById = new Map(unread.map((row) => [row.number_id, Number(row.unread)]));
      const data: TrackedNumber[] = rows.map((row) => ({
        id: row.id,
        number: row.number,
        label: row.label,
        tags: row.tags,
        type: row.type as NumberType,
        sms_enabled: row.sms_enabled,
        call_transcription_enabled: row.call_transcription_enabled,
        unread_messages_count: unreadById.get(row.id) ?? 0,
        hasNotificationBlocks: blocked.has(row.id),
      }));
      return toPage(data, total?.total ?? 0, query.page, query.perPage);
    },
  });
}
