/**
 * A plain group's members, added and removed by hand or by filters. A virtual group (with filters) takes no
 * members by hand: its contacts are whoever matches its filters (422 on `contacts`).
 */
import type { ContactFilters } from '@shared/api/contacts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contactGroupMembers, contacts } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { invalid } from '../../../lib/errors';
import { virtualGroupMessage } from '../../contacts/service/checks';
import { contactFilterCondition, contactSelectionCondition } from '../../contacts/service/filters';
import type { GroupRow } from '../view';
import { companyGroup } from './groups';

type Selection = Parameters<typeof contactSelectionCondition>[2];

/** The company's group (404 for none), refused when it is virtual: only a plain group takes members by hand. */
async function plainGroup(db: Db, companyId: number, groupId: number): Promise<GroupRow> {
  const group = await companyGroup(db, companyId, groupId);
  if (group.filters !== null) throw invalid({ contacts: [virtualGroupMessage(group.name)] });
  return group;
}

/** Puts the contacts matching `condition` in a plain group; those already in it are left. Answers how many joined. */
async function addMembers(db: Db, groupId: number, condition: SQL): Promise<number> {
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

/** Adds every contact of the company matching the filters to a plain group; answers how many joined. */
export async function addMatchingContacts(
  ctx: AppContext,
  companyId: number,
  groupId: number,
  filters: ContactFilters,
): Promise<number> {
  const group = await plainGroup(ctx.db, companyId, groupId);
  const condition = await contactFilterCondition(ctx.db, companyId, filters);
  return addMembers(ctx.db, group.id, condition);
}

/** Adds the company's contacts among `contactIds` to a plain group; answers how many joined. */
export async function addContacts(
  ctx: AppContext,
  companyId: number,
  groupId: number,
  contactIds: number[],
): Promise<number> {
  const group = await plainGroup(ctx.db, companyId, groupId);
  const condition = await contactSelectionCondition(ctx.db, companyId, { contacts: contactIds });
  return addMembers(ctx.db, group.id, condition);
}

/** Takes the selected contacts out of a plain group; answers how many left it. */
export async function removeContacts(
  ctx: AppContext,
  companyId: number,
  groupId: number,
  selection: Selection,
): Promise<number> {
  const group = await plainGroup(ctx.db, companyId, groupId);
  const condition = await contactSelectionCondition(ctx.db, companyId, selection);
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
  return removed.length;
}
