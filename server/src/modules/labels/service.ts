/**
 * A company's contact labels: their contact counts, names unique in any letter case (a write that loses a race
 * with another is refused like a duplicate), and putting a label on (or taking it off) a selection of contacts.
 */
import type { CompanyLabel } from '@shared/api/groups';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactLabelLinks, contactLabels, contacts } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../contacts/service/checks';
import { contactSelectionCondition } from '../contacts/service/filters';

/** The company's labels (all, or the one with `id`) with their contact counts, by label. */
export async function labelViews(db: Db, companyId: number, id?: number): Promise<CompanyLabel[]> {
  const rows = await db
    .select({
      id: contactLabels.id,
      label: contactLabels.label,
      company_id: contactLabels.company_id,
      created_at: contactLabels.created_at,
      updated_at: contactLabels.updated_at,
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
    updated_at: row.updated_at.toISOString(),
  }));
}

export async function oneLabel(db: Db, companyId: number, id: number): Promise<CompanyLabel> {
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

type Selection = Parameters<typeof contactSelectionCondition>[2];

/** Creates a label; one the company has already (any letter case) is a 422 on `label`. */
export async function createLabel(ctx: AppContext, companyId: number, label: string): Promise<CompanyLabel> {
  await refuseDuplicate(ctx.db, companyId, label);
  const [row] = await guardDuplicate(label, () =>
    ctx.db
      .insert(contactLabels)
      .values({ company_id: companyId, label, created_at: ctx.now(), updated_at: ctx.now() })
      .returning({ id: contactLabels.id }),
  );
  if (!row) throw new Error('label insert returned nothing');
  return oneLabel(ctx.db, companyId, row.id);
}

/** Renames a label of the company (404 for none; 422 when another has the name). */
export async function renameLabel(
  ctx: AppContext,
  companyId: number,
  id: number,
  label: string,
): Promise<CompanyLabel> {
  await oneLabel(ctx.db, companyId, id);
  await refuseDuplicate(ctx.db, companyId, label, id);
  await guardDuplicate(label, () =>
    ctx.db
      .update(contactLabels)
      .set({ label, updated_at: ctx.now() })
      .where(and(eq(contactLabels.id, id), eq(contactLabels.company_id, companyId))),
  );
  return oneLabel(ctx.db, companyId, id);
}

/** Deletes a label of the company and takes it off every contact (404 for none). */
export async function deleteLabel(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(contactLabels)
    .where(and(eq(contactLabels.id, id), eq(contactLabels.company_id, companyId)))
    .returning({ id: contactLabels.id });
  if (!deleted.length) throw notFound('label');
}

/** Puts the label on the selected contacts; answers how many gained it. `labelId` is the company's own. */
export async function labelContacts(
  ctx: AppContext,
  companyId: number,
  labelId: number,
  selection: Selection,
): Promise<number> {
  const condition = await contactSelectionCondition(ctx.db, companyId, selection);
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
  return added.length;
}

/** Takes the label off the selected contacts; answers how many lost it. `labelId` is the company's own. */
export async function unlabelContacts(
  ctx: AppContext,
  companyId: number,
  labelId: number,
  selection: Selection,
): Promise<number> {
  const condition = await contactSelectionCondition(ctx.db, companyId, selection);
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
  return removed.length;
}
