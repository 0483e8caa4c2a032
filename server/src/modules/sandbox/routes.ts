/**
 * The sandbox outbox (`GET /api/sandbox/outbox`): what the platform would have sent. A platform admin sees
 * everything; a company member sees only their companies' texts and calls, never mail (mail goes to people).
 */
import { pageOffset, toPage } from '@shared/api/paged';
import { TENANT_ENDPOINTS as E } from '@shared/api/tenant';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, outbox } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';

export function sandboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.outbox,
    access: 'authenticated',
    handler: async ({ caller, query }) => {
      const conditions: (SQL | undefined)[] = [
        query.to ? eq(outbox.to, query.to) : undefined,
        query.channel ? eq(outbox.channel, query.channel) : undefined,
      ];
      if (!caller.user.is_platform_admin) {
        const mine = ctx.db
          .select({ id: memberships.company_id })
          .from(memberships)
          .where(and(eq(memberships.user_id, caller.user.id), ne(memberships.role, 'deactivated')));
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
        rows.map((row) => ({
          ...row,
          channel: row.channel as 'mail' | 'sms' | 'call',
          created_at: row.created_at.toISOString(),
        })),
        total?.total ?? 0,
        query.page,
        query.perPage,
      );
    },
  });
}
