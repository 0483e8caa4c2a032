/**
 * §7 Contact labels of a company (`/companies/{companyId}/contactLabels`): list with how many contacts carry
 * each, create and rename (a label the company has in any letter case is refused), delete, and put a label on
 * (or take it off) chosen contacts or every contact matching filters.
 */
import type { CompanyLabel } from '@shared/api/groups';
import { LABEL_ENDPOINTS as E } from '@shared/api/groups';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { contactLabelLinks, contactLabels, contacts } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { invalid, notFound } from '../../lib/errors';
import { contactSelectionCondition } from '../contacts/filters';
import { isUniqueViolation } from '../contacts/service';

/** The company's labels (all, or the one with `id`) with their contact counts, by label. */
async function labelViews(db: Db, companyId: number, id?: number): Promise<CompanyLabel[]> {
  const rows = await db
    .select({
      id: contactLabels.id,
      label: contactLabels.label,
      company_id: contactLabels.company_id,
      created_at: contactLabels.created_at,
      contact_count: sql<number>`count(${contactLabelLinks.contact_id})::int`,
    })
    .from(contactLabels)
    .leftJoin(contactLabelLinks, eq(contactLabelLinks.label_id, contactLabels.id))
    .where(and(eq(contactLabels.company_id, companyId), id ? eq(contactLabels.id, id) : undefined))
    .groupBy(contactLabels.id)
    .orderBy(asc(sql`lower(${contactLabels.label})`), asc(contactLabels.id));
  return rows.map((row) => ({
    ...row,
    contact_count: Number(row.contact_count),
    created_at: row.created_at.toISOString(),
  }));
}

async function oneLabel(db: Db, companyId: number, id: number): Promise<CompanyLabel> {
  const [label] = await labelViews(db, companyId, id);
  if (!label) throw notFound('label');
  return label;
}

const duplicate = (label: string) => invalid({ label: [`There is a label "${label}" already.`] });

async function refuseDuplicate(db: Db, companyId: number, label: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ label: contactLabels.label })
    .from(contactLabels)
    .where(
      and(
        eq(contactLabels.company_id, companyId),
        sql`lower(${contactLabels.label}) = lower(${label})`,
        exceptId ? ne(contactLabels.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw duplicate(taken.label);
}

/** A write that lost a race with another creating the same label is refused like a duplicate. */
async function guardDuplicate<T>(label: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(label);
    throw error;
  }
}

export function labelRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'contacts.view',
    company: { param: 'companyId' },
    handler: async ({ company }) => labelViews(ctx.db, company.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    status: 201,
    handler: async ({ company, body }) => {
      await refuseDuplicate(ctx.db, company.id, body.label);
      const [row] = await guardDuplicate(body.label, () =>
        ctx.db
          .insert(contactLabels)
          .values({ company_id: company.id, label: body.label, created_at: ctx.now() })
          .returning({ id: contactLabels.id }),
      );
      if (!row) throw new Error('label insert returned nothing');
      return oneLabel(ctx.db, company.id, row.id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    handler: async ({ company, params, body }) => {
      await oneLabel(ctx.db, company.id, params.labelId);
      await refuseDuplicate(ctx.db, company.id, body.label, params.labelId);
      await guardDuplicate(body.label, () =>
        ctx.db
          .update(contactLabels)
          .set({ label: body.label })
          .where(and(eq(contactLabels.id, params.labelId), eq(contactLabels.company_id, company.id))),
      );
      return oneLabel(ctx.db, company.id, params.labelId);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    status: 204,
    handler: async ({ company, params }) => {
      const deleted = await ctx.db
        .delete(contactLabels)
        .where(and(eq(contactLabels.id, params.labelId), eq(contactLabels.company_id, company.id)))
        .returning({ id: contactLabels.id });
      if (!deleted.length) throw notFound('label');
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.bulkAdd,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => {
      // label_id is a reference: the company's own, checked before this runs (http/references.ts).
      const labelId = body.label_id;
      const condition = await contactSelectionCondition(ctx.db, company.id, body);
      const added = await ctx.db
        .insert(contactLabelLinks)
        .select(
          ctx.db
            .select({ contact_id: contacts.id, label_id: sql<number>`${labelId}::int`.as('label_id') })
            .from(contacts)
            .where(condition),
        )
        .onConflictDoNothing()
        .returning({ id: contactLabelLinks.contact_id });
      return { affected: added.length };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.bulkRemove,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => {
      // label_id is a reference: the company's own, checked before this runs (http/references.ts).
      const labelId = body.label_id;
      const condition = await contactSelectionCondition(ctx.db, company.id, body);
      const removed = await ctx.db
        .delete(contactLabelLinks)
        .where(
          and(
            eq(contactLabelLinks.label_id, labelId),
            inArray(
              contactLabelLinks.contact_id,
              ctx.db.select({ id: contacts.id }).from(contacts).where(condition),
            ),
          ),
        )
        .returning({ id: contactLabelLinks.contact_id });
      return { affected: removed.length };
    },
  });
}
