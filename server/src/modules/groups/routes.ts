/**
 * §7 Groups: CRUD with contact counts, add and remove contacts, add every contact matching filters. Virtual
 * groups (with filters) take no members by hand: their contacts are whoever matches the filters.
 */
import { GROUP_ENDPOINTS as E } from '@shared/api/groups';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { contactGroupMembers, contactGroups, contacts } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { invalid, notFound } from '../../lib/errors';
import { likePattern } from '../companies/service';
import { contactFilterCondition, contactSelectionCondition } from '../contacts/filters';
import { virtualGroupMessage } from '../contacts/service';
import { companyGroup, type GroupRow, groupViews, refuseDuplicateName } from './service';

async function companyOfGroup(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ company: contactGroups.company_id })
    .from(contactGroups)
    .where(eq(contactGroups.id, id));
  return row?.company ?? null;
}

function refuseVirtual(group: GroupRow): void {
  if (group.filters !== null) throw invalid({ contacts: [virtualGroupMessage(group.name)] });
}

export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const groupCompany = {
    record: ({ params }: { params: { id: number } }) => companyOfGroup(ctx.db, params.id),
  };
  const one = async (companyId: number, id: number) => {
    const [group] = await groupViews(ctx.db, companyId, [await companyGroup(ctx.db, companyId, id)]);
    if (!group) throw notFound('group');
    return group;
  };

  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'contacts.view',
    company: { query: 'companyId' },
    handler: async ({ company, query }) => {
      const rows = await ctx.db
        .select()
        .from(contactGroups)
        .where(
          and(
            eq(contactGroups.company_id, company.id),
            query.search ? ilike(contactGroups.name, likePattern(query.search)) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${contactGroups.name})`), asc(contactGroups.id));
      return groupViews(ctx.db, company.id, rows);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'contacts.manage',
    company: { query: 'companyId' },
    status: 201,
    handler: async ({ company, caller, body }) => {
      await refuseDuplicateName(ctx.db, company.id, body.name);
      const [row] = await ctx.db
        .insert(contactGroups)
        .values({
          company_id: company.id,
          name: body.name,
          filters: body.filters ?? null,
          user_id: caller.user.id,
          created_at: ctx.now(),
          updated_at: ctx.now(),
        })
        .returning();
      if (!row) throw new Error('group insert returned nothing');
      return one(company.id, row.id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.get,
    access: 'contacts.view',
    company: groupCompany,
    handler: async ({ company, params }) => one(company.id, params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'contacts.manage',
    company: groupCompany,
    handler: async ({ company, params, body }) => {
      const group = await companyGroup(ctx.db, company.id, params.id);
      if (body.name !== undefined) await refuseDuplicateName(ctx.db, company.id, body.name, group.id);
      const changes: Partial<typeof contactGroups.$inferInsert> = { updated_at: ctx.now() };
      if (body.name !== undefined) changes.name = body.name;
      if (body.filters !== undefined) {
        const virtual = group.filters !== null;
        if (!virtual && body.filters !== null) {
          throw invalid({
            filters: [
              'This group has members of its own, so it cannot become a saved filter. Create a new group with these filters instead.',
            ],
          });
        }
        if (virtual && body.filters === null) {
          throw invalid({
            filters: ['A virtual group is its filters: change them, or delete the group.'],
          });
        }
        if (body.filters?.groups?.includes(group.id)) {
          throw invalid({ 'filters.groups': ['A virtual group cannot include itself.'] });
        }
        if (body.filters) changes.filters = body.filters;
      }
      await ctx.db.update(contactGroups).set(changes).where(eq(contactGroups.id, group.id));
      return one(company.id, group.id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'contacts.manage',
    company: groupCompany,
    status: 204,
    handler: async ({ company, params }) => {
      const group = await companyGroup(ctx.db, company.id, params.id);
      await ctx.db.delete(contactGroups).where(eq(contactGroups.id, group.id));
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.addAllContacts,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    handler: async ({ company, params, body }) => {
      const group = await companyGroup(ctx.db, company.id, params.groupId);
      refuseVirtual(group);
      const condition = await contactFilterCondition(ctx.db, company.id, body.filters);
      return { affected: await addMembers(ctx.db, group.id, condition) };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.addContacts,
    access: 'contacts.manage',
    company: groupCompany,
    handler: async ({ company, params, body }) => {
      const group = await companyGroup(ctx.db, company.id, params.id);
      refuseVirtual(group);
      const condition = await contactSelectionCondition(ctx.db, company.id, { contacts: body.contacts });
      return { affected: await addMembers(ctx.db, group.id, condition) };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.removeContacts,
    access: 'contacts.manage',
    company: groupCompany,
    handler: async ({ company, params, body }) => {
      const group = await companyGroup(ctx.db, company.id, params.id);
      refuseVirtual(group);
      const condition = await contactSelectionCondition(ctx.db, company.id, body);
      const removed = await ctx.db
        .delete(contactGroupMembers)
        .where(
          and(
            eq(contactGroupMembers.group_id, group.id),
            inArray(
              contactGroupMembers.contact_id,
              ctx.db.select({ id: contacts.id }).from(contacts).where(condition),
            ),
          ),
        )
        .returning({ id: contactGroupMembers.contact_id });
      return { affected: removed.length };
    },
  });
}

/** Puts the contacts matching `condition` in a plain group; those already in it are left. Answers how many joined. */
async function addMembers(db: Db, groupId: number, condition: ReturnType<typeof and>): Promise<number> {
  const added = await db
    .insert(contactGroupMembers)
    .select(
      db
        .select({ group_id: sql<number>`${groupId}::int`.as('group_id'), contact_id: contacts.id })
        .from(contacts)
        .where(condition),
    )
    .onConflictDoNothing()
    .returning({ id: contactGroupMembers.contact_id });
  return added.length;
}
