/**
 * The sandbox outbox: what the platform would have sent. A platform admin sees everything; a company member sees
 * only their companies' texts and calls, never mail (mail goes to people).
 */
import type { Paged } from '@shared/api/paged';
import { pageOffset, toPage } from '@shared/api/paged';
import type { OutboxItemSchema } from '@shared/api/tenant';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { memberships, outbox } from '../../db/schema';
import type { AppContext } from '../../http/context';

type OutboxEntry = z.infer<typeof OutboxItemSchema>;

export async function outboxPage(
  ctx: AppContext,
  viewer: { userId: number; isPlatformAdmin: boolean },
  query: { to?: string; channel?: string; page: number; perPage: number },
): Promise<Paged<OutboxEntry>> {
  const conditions: (SQL | undefined)[] = [
    query.to ? eq(outbox.to, query.to) : undefined,
    query.channel ? eq(outbox.channel, query.channel) : undefined,
  ];
  if (!viewer.isPlatformAdmin) {
    const mine = ctx.db
      .select({ id: memberships.company_id })
      .from(memberships)
      .where(and(eq(memberships.user_id, viewer.userId), ne(memberships.role, 'deactivated')));
    conditions.push(ne(outbox.channel, 'mail'), inArray(outbox.company_id, mine));
  }
  const where = and(...conditions.filter(Boolean));
  const rows = await ctx.db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(query.perPage)
    .offset(pageOffset(query.page, query.perPage));
  const [total] = await ctx.db.select({ total: count() }).from(outbox).where(where);
  return toPage(
    // The contract's fields only: a text's sender reference and sid are the campaign engine's, not the viewer's.
    rows.map((row) => ({
      id: row.id,
      channel: row.channel as OutboxEntry['channel'],
      company_id: row.company_id,
      to: row.to,
      from: row.from,
      subject: row.subject,
      body: row.body,
      created_at: row.created_at.toISOString(),
    })),
    total?.total ?? 0,
    query.page,
    query.perPage,
  );
}
