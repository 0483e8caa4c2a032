/**
 * Saved replies of the inbox (access inbox.use): the company's shared ones and each user's own. Only someone who
 * manages the company's users (owner, administrator) creates, changes or deletes shared ones (403 otherwise). A
 * user's own replies are listed to them alone; they, or an owner or administrator (as with notes), may change or
 * delete one; to any other user it answers 404, as if it did not exist.
 */
import { SAVED_REPLY_ENDPOINTS as E, type SavedReply } from '@shared/api/savedReplies';
import { roleCan } from '@shared/domain/permissions';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { savedReplies } from '../../db/schema';
import type { Caller } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { type CompanyAccess, registerRoute } from '../../http/route';
import { forbidden, notFound } from '../../lib/errors';

type Row = typeof savedReplies.$inferSelect;

const SHARED_ONLY = 'Only an owner or administrator may manage shared saved replies.';

function mayManageShared(company: CompanyAccess): boolean {
  return roleCan(company.role, 'users.manage');
}

function view(row: Row, caller: Caller, company: CompanyAccess): SavedReply {
  const shared = row.user_id === null;
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    shared,
    editable: row.user_id === caller.user.id || mayManageShared(company),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function replyRow(db: Db, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(savedReplies).where(eq(savedReplies.id, id));
  return row;
}

/** The reply, when the caller may see it (shared, or their own) and change it (else 403). */
async function changeable(ctx: AppContext, id: number, caller: Caller, company: CompanyAccess): Promise<Row> {
  const row = await replyRow(ctx.db, id);
  if (!row || row.company_id !== company.id) throw notFound('saved reply');
  if (row.user_id !== null && row.user_id !== caller.user.id && !mayManageShared(company)) {
    throw notFound('saved reply');
  }
  if (row.user_id === null && !mayManageShared(company)) throw forbidden(SHARED_ONLY);
  return row;
}

export function savedReplyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const replyCompany = {
    record: async ({ params }: { params: { id: number } }) =>
      (await replyRow(ctx.db, params.id))?.company_id ?? null,
  };

  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company, caller }) => {
      const rows = await ctx.db
        .select()
        .from(savedReplies)
        .where(
          and(
            eq(savedReplies.company_id, company.id),
            or(isNull(savedReplies.user_id), eq(savedReplies.user_id, caller.user.id)),
          ),
        )
        .orderBy(asc(savedReplies.title), asc(savedReplies.id));
      return { data: rows.map((row) => view(row, caller, company)) };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'inbox.use',
    company: { param: 'companyId' },
    status: 201,
    handler: async ({ company, caller, body }) => {
      if (body.shared && !mayManageShared(company)) throw forbidden(SHARED_ONLY);
      const [row] = await ctx.db
        .insert(savedReplies)
        .values({
          company_id: company.id,
          user_id: body.shared ? null : caller.user.id,
          title: body.title,
          body: body.body,
          created_at: ctx.now(),
          updated_at: ctx.now(),
        })
        .returning();
      if (!row) throw new Error('saved reply insert returned nothing');
      return view(row, caller, company);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'inbox.use',
    company: replyCompany,
    handler: async ({ company, caller, params, body }) => {
      const current = await changeable(ctx, params.id, caller, company);
      if (body.shared && !mayManageShared(company)) throw forbidden(SHARED_ONLY);
      const [row] = await ctx.db
        .update(savedReplies)
        .set({
          title: body.title,
          body: body.body,
          // Sharing moves the reply to the company; un-sharing makes it the editor's own.
          user_id: body.shared ? null : (current.user_id ?? caller.user.id),
          updated_at: ctx.now(),
        })
        .where(eq(savedReplies.id, current.id))
        .returning();
      if (!row) throw notFound('saved reply');
      return view(row, caller, company);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'inbox.use',
    company: replyCompany,
    status: 204,
    handler: async ({ company, caller, params }) => {
      const current = await changeable(ctx, params.id, caller, company);
      await ctx.db.delete(savedReplies).where(eq(savedReplies.id, current.id));
    },
  });
}
