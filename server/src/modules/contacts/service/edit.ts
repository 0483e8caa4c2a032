/**
 * §3 Contact writes: create, change, delete, one at a time or in bulk. Numbers are normalised to E.164 (§5) and
 * one number belongs to one contact per company, so a second contact with a number is refused, naming the
 * contact that has it (checks.ts). Labels and groups sent replace the contact's own, as do custom values.
 */
import {
  CONTACT_NAME_MISSING,
  type ContactChangeSchema,
  type ContactInputSchema,
  contactNameOf,
} from '@shared/api/contacts';
import { CONTACT_CODE_FIELDS, CONTACT_FREE_TEXT_FIELDS } from '@shared/domain/contacts';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { contactGroupMembers, contactLabelLinks, contacts, eavValues, notes } from '../../../db/schema';
import { invalid } from '../../../lib/errors';
import { writeValues } from '../../customFields/values';
import { linkRecordsToContacts, relinkContactRecords } from '../links';
import { checkInput, isUniqueViolation, numberTaken } from './checks';
import { contactSelectionCondition } from './filters';

type ContactInput = z.output<typeof ContactInputSchema>;
type ContactChange = z.output<typeof ContactChangeSchema>;

/** The note kind of a contact (`NOTE_MODEL_TYPES`). */
export const CONTACT_NOTE_MODEL = 'contact';

/**
 * The contact columns an input sets (only the fields it carries). The name comes from whichever of its spellings
 * the input uses (`contactNameOf`: `name`, or §3's `first_name`/`last_name`); they are not stored apart.
 */
function columnsOf(input: ContactChange): Partial<typeof contacts.$inferInsert> {
  const columns: Partial<typeof contacts.$inferInsert> = {};
  const name = contactNameOf(input);
  if (name !== undefined) columns.name = name;
  const plain = [
    ...CONTACT_FREE_TEXT_FIELDS,
    'email',
    ...CONTACT_CODE_FIELDS,
    'alternative_names',
    'secondary_emails',
    'is_invalid',
    'is_unsubscribed',
  ] as const;
  for (const key of plain) {
    const value = input[key];
    if (value !== undefined) (columns as Record<string, unknown>)[key] = emptyToNull(value);
  }
  if (input.custom) {
    if (input.custom.country !== undefined) columns.custom_country = emptyToNull(input.custom.country);
    if (input.custom.title !== undefined) columns.custom_title = emptyToNull(input.custom.title);
  }
  return columns;
}

/** Optional text sent empty means "none". */
function emptyToNull<T>(value: T): T | null {
  return value === '' ? null : value;
}

async function replaceLinks(
  db: Db,
  contactId: number,
  input: { labels?: number[]; groups?: number[] },
): Promise<void> {
  if (input.labels) {
    await db.delete(contactLabelLinks).where(eq(contactLabelLinks.contact_id, contactId));
    const labels = [...new Set(input.labels)];
    if (labels.length) {
      await db
        .insert(contactLabelLinks)
        .values(labels.map((label_id) => ({ contact_id: contactId, label_id })))
        .onConflictDoNothing();
    }
  }
  if (input.groups) {
    await db.delete(contactGroupMembers).where(eq(contactGroupMembers.contact_id, contactId));
    const groups = [...new Set(input.groups)];
    if (groups.length) {
      await db
        .insert(contactGroupMembers)
        .values(groups.map((group_id) => ({ contact_id: contactId, group_id })))
        .onConflictDoNothing();
    }
  }
}

/** A number another contact took between the check and the write (a race) is refused the same way. */
async function refuseTakenNumber<T>(
  db: Db,
  companyId: number,
  number: string | undefined,
  write: () => Promise<T>,
) {
  try {
    return await write();
  } catch (error) {
    if (!number || !isUniqueViolation(error)) throw error;
    const [taken] = await db
      .select({ name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.company_id, companyId), eq(contacts.number, number)));
    throw invalid({ number: [numberTaken(taken?.name ?? 'another contact')] });
  }
}

/** Creates a contact (source Manual unless said); answers its id. */
export async function createContact(
  db: Db,
  companyId: number,
  input: ContactInput,
  options: { userId: number | null; now: Date },
): Promise<number> {
  const name = contactNameOf(input);
  // The schema demands a name in one of its spellings; a caller that skipped it is refused the same way.
  if (!name) throw invalid({ name: [CONTACT_NAME_MISSING] });
  const checked = await checkInput(db, companyId, input, {});
  const number = checked.number as string;
  return refuseTakenNumber(db, companyId, number, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contacts)
        .values({
          ...columnsOf(input),
          name,
          number,
          company_id: companyId,
          source: 'Manual',
          created_by: options.userId,
          created_at: options.now,
          updated_at: options.now,
        })
        .returning({ id: contacts.id });
      if (!row) throw new Error('contact insert returned nothing');
      await replaceLinks(tx as unknown as Db, row.id, input);
      if (checked.values?.length) {
        await writeValues(tx as unknown as Db, { companyId, entityType: CONTACT_ENTITY_TYPE }, [
          { entityId: row.id, values: checked.values },
        ]);
      }
      await linkRecordsToContacts(tx as unknown as Db, companyId, [row.id]);
      return row.id;
    }),
  );
}

/**
 * Changes the fields sent. Labels, groups and custom values sent replace the contact's own (custom values then
 * must include the required fields). The contact must be the company's (the caller checked).
 */
export async function updateContact(
  db: Db,
  companyId: number,
  contactId: number,
  input: ContactChange,
  options: { now: Date },
): Promise<void> {
  const checked = await checkInput(db, companyId, input, { contactId });
  await refuseTakenNumber(db, companyId, checked.number, () =>
    db.transaction(async (tx) => {
      await tx
        .update(contacts)
        .set({
          ...columnsOf(input),
          ...(checked.number ? { number: checked.number } : {}),
          updated_at: options.now,
        })
        .where(and(eq(contacts.id, contactId), eq(contacts.company_id, companyId)));
      await replaceLinks(tx as unknown as Db, contactId, input);
      if (checked.values) {
        await tx
          .delete(eavValues)
          .where(and(eq(eavValues.entity_type, CONTACT_ENTITY_TYPE), eq(eavValues.entity_id, contactId)));
        if (checked.values.length) {
          await writeValues(tx as unknown as Db, { companyId, entityType: CONTACT_ENTITY_TYPE }, [
            { entityId: contactId, values: checked.values },
          ]);
        }
      }
      if (checked.number) await relinkContactRecords(tx as unknown as Db, companyId, contactId);
    }),
  );
}

/** Ids per statement when deleting what hangs off deleted contacts (well under PostgreSQL's parameter limit). */
const DELETE_CHUNK = 5000;

/**
 * Deletes the company's contacts matching `condition` (which must narrow to the company), with their custom
 * values and notes; labels and group memberships go with them (foreign keys). The contacts go first, so a
 * condition on their custom values or labels is read before any of those are removed. Answers how many went.
 */
export async function deleteContacts(db: Db, condition: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(contacts).where(condition).returning({ id: contacts.id });
    const ids = deleted.map((row) => row.id);
    for (let start = 0; start < ids.length; start += DELETE_CHUNK) {
      const chunk = ids.slice(start, start + DELETE_CHUNK);
      await tx
        .delete(eavValues)
        .where(and(eq(eavValues.entity_type, CONTACT_ENTITY_TYPE), inArray(eavValues.entity_id, chunk)));
      await tx
        .delete(notes)
        .where(and(eq(notes.model_type, CONTACT_NOTE_MODEL), inArray(notes.model_id, chunk)));
    }
    return ids.length;
  });
}

type Selection = Parameters<typeof contactSelectionCondition>[2];

/** Deletes the company's selected contacts (the listed ones that are its own, or those matching filters). */
export async function deleteSelectedContacts(
  db: Db,
  companyId: number,
  selection: Selection,
): Promise<number> {
  return deleteContacts(db, await contactSelectionCondition(db, companyId, selection));
}
