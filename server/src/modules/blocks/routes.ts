/**
 * §7 Blocks: `GET /blocks/{companyId}`, `POST /blocks`, `DELETE /blocks/{id}` (§3 Block). Listing and adding need
 * inbox.use (agents block spammers from the inbox and the softphone); lifting a block needs settings.manage.
 * The routing engine rejects a blocked caller on the numbers the block covers (routingConfigOf).
 */

import { BLOCK_ACTION_REJECT, type Block, BLOCK_ENDPOINTS as E } from '@shared/api/blocks';
import { IdParamSchema } from '@shared/api/contract';
import { and, desc, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { blocks } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { invalid, notFound } from '../../lib/errors';

type BlockRow = typeof blocks.$inferSelect;

export function blockView(row: BlockRow): Block {
  return {
    id: row.id,
    company_id: row.company_id,
    target: row.target,
    global: row.global,
    number_id: row.number_id,
    action: BLOCK_ACTION_REJECT,
    created_at: row.created_at.toISOString(),
  };
}

/** The company a new block is for: read before the company is resolved (422 when it is not a company id). */
const CompanyOfBody = z.object({ company_id: IdParamSchema });

export function blockRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company }) => {
      const rows = await ctx.db
        .select()
        .from(blocks)
        .where(eq(blocks.company_id, company.id))
        .orderBy(desc(blocks.created_at), desc(blocks.id));
      return { data: rows.map(blockView) };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'inbox.use',
    company: {
      record: async ({ request }) => {
        const parsed = CompanyOfBody.safeParse(request.body ?? {});
        if (!parsed.success) throw invalid({ company_id: ['Say which company the block is for.'] });
        return parsed.data.company_id;
      },
    },
    status: 201,
    handler: async ({ company, caller, body }) => {
      // number_id, when given, is the company's own: a reference, checked before this runs (http/references.ts).
      const existing = await ctx.db
        .select()
        .from(blocks)
        .where(
          and(
            eq(blocks.company_id, company.id),
            eq(blocks.target, body.target),
            body.global
              ? eq(blocks.global, true)
              : or(eq(blocks.global, true), eq(blocks.number_id, body.number_id ?? 0)),
          ),
        );
      if (existing.some((row) => row.global))
        throw invalid({ target: ['This number is already blocked on every number of the company.'] });
      if (existing.length) throw invalid({ target: ['This number is already blocked on this number.'] });
      const [row] = await ctx.db
        .insert(blocks)
        .values({
          company_id: company.id,
          target: body.target,
          global: body.global,
          number_id: body.global ? null : (body.number_id ?? null),
          // §3 "action 1": sent or not, a block rejects the caller (the schema allows no other action).
          action: body.action ?? BLOCK_ACTION_REJECT,
          created_by: caller.user.id,
        })
        .returning();
      if (!row) throw new Error('The block was not stored.');
      return blockView(row);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'settings.manage',
    company: {
      record: async ({ params }) => {
        const [row] = await ctx.db
          .select({ company_id: blocks.company_id })
          .from(blocks)
          .where(eq(blocks.id, params.id));
        return row?.company_id ?? null;
      },
    },
    status: 204,
    handler: async ({ company, params }) => {
      const deleted = await ctx.db
        .delete(blocks)
        .where(and(eq(blocks.id, params.id), eq(blocks.company_id, company.id)))
        .returning({ id: blocks.id });
      if (!deleted.length) throw notFound('block');
      return undefined;
    },
  });
}
