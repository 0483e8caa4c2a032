/**
 * §3 Contact writes: create, change, delete, one at a time or in bulk. Numbers are normalised to E.164 (§5) and
 * one number belongs to one contact per company, so a second contact with a number is refused, naming the
 * contact that has it. Labels and groups must be the company's; custom values are checked by their field's type.
 */
import {
  CONTACT_NAME_MISSING,
  type ContactChangeSchema,
  type ContactInputSchema,
  contactNameOf,
} from '@shared/api/contacts';
import type { CustomValue } from '@shared/domain/customFields';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { normalizePhone } from '@shared/domain/phone';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  contactGroupMembers,
  contactGroups,
  contactLabelLinks,
  contactLabels,
  contacts,
  eavValues,
  notes,
} from '../../db/schema';
import { invalid } from '../../lib/errors';
import { checkValues, loadFieldRules, writeValues } from '../customFields/values';
import { linkRecordsToContacts, relinkContactRecords } from './links';

type ContactInput = z.output<typeof ContactInputSchema>;
type ContactChange = z.output<typeof ContactChangeSchema>;
type CheckedValues = { attribute_id: number; value: CustomValue | null }[];

/** The note kind of a contact (`NOTE_MODEL_TYPES`). */
export const CONTACT_NOTE_MODEL = 'contact';

/** Whether a database error is a unique-index violation (PostgreSQL 23505), through Drizzle's wrapping. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; ) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const numberTaken = (name: string) => `This number belongs to ${name} already.`;

/** The message for a number that cannot be read, naming it. */
export function invalidNumberMessage(number: string): string {
  return `"${number}" is not a valid phone number. Enter it with its area code, such as (415) 555-2671 or +1 415 555 2671.`;
}

/** Which of `ids` are not the company's labels; with the company's labels' ids checked. */
async function checkLabels(db: Db, companyId: number, ids: readonly number[]): Promise<string[]> {
  if (!ids.length) return [];
  const found = await db
    .select({ id: contactLabels.id })
    .from(contactLabels)
    .where(and(eq(contactLabels.company_id, companyId), inArray(contactLabels.id, [...ids])));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !known.has(id));
  return missing.length
    ? [
        `${missing.length === 1 ? 'Label' : 'Labels'} ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not labels of this company.`,
      ]
    : [];
}

/** Messages for group ids that are not the company's, or are virtual (which take no members). */
async function checkGroups(db: Db, companyId: number, ids: readonly number[]): Promise<string[]> {
  if (!ids.length) return [];
  const found = await db
    .select({ id: contactGroups.id, name: contactGroups.name, filters: contactGroups.filters })
    .from(contactGroups)
    .where(and(eq(contactGroups.company_id, companyId), inArray(contactGroups.id, [...ids])));
  const byId = new Map(found.map((row) => [row.id, row]));
  const messages: string[] = [];
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) {
    messages.push(
      `${missing.length === 1 ? 'Group' : 'Groups'} ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not groups of this company.`,
    );
  }
  for (const group of found) {
    if (group.filters !== null) messages.push(virtualGroupMessage(group.name));
  }
  return messages;
}

/** Why a contact cannot be put in (or taken out of) a virtual group by hand. */
export function virtualGroupMessage(name: string): string {
  return `"${name}" is a virtual group: its contacts are whoever matches its filters, so contacts cannot be added or removed by hand. Change its filters instead.`;
}

interface CheckedInput {
  number?: string;
  values?: CheckedValues;
}

/**
 * Checks what cannot be checked by the schema alone: the number (readable, not another contact's), labels and
 * groups (the company's, not virtual) and custom values (by type; `complete` for a new contact, or values that
 * replace all the contact's own). Every problem is reported at once, per field.
 */
async function checkInput(
  db: Db,
  companyId: number,
  input: ContactChange,
  options: { contactId?: number },
): Promise<CheckedInput> {
  const errors: Record<string, string[]> = {};
  const checked: CheckedInput = {};
  if (input.number !== undefined) {
    const number = normalizePhone(input.number);
    if (!number) errors.number = [invalidNumberMessage(input.number)];
    else {
      const [taken] = await db
        .select({ id: contacts.id, name: contacts.name })
        .from(contacts)
        .where(
          and(
            eq(contacts.company_id, companyId),
            eq(contacts.number, number),
            options.contactId ? ne(contacts.id, options.contactId) : undefined,
          ),
        )
        .limit(1);
      if (taken) errors.number = [numberTaken(taken.name)];
      else checked.number = number;
    }
  }
  if (input.labels) {
    const messages = await checkLabels(db, companyId, input.labels);
    if (messages.length) errors.labels = messages;
  }
  if (input.groups) {
    const messages = await checkGroups(db, companyId, input.groups);
    if (messages.length) errors.groups = messages;
  }
  if (input.eavAttributeValues || options.contactId === undefined) {
    const rules = await loadFieldRules(db, companyId, CONTACT_ENTITY_TYPE);
    const result = checkValues(rules, input.eavAttributeValues ?? [], { complete: true });
    Object.assign(errors, result.errors);
    checked.values = result.values;
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return checked;
}

/**
 * The contact columns an input sets (only the fields it carries). The name comes from whichever of its spellings
 * the input uses (`contactNameOf`: `name`, or §3's `first_name`/`last_name`); they are not stored apart.
 */
function columnsOf(input: ContactChange): Partial<typeof contacts.$inferInsert> {
  const columns: Partial<typeof contacts.$inferInsert> = {};
  const name = contactNameOf(input);
  if (name !== undefined) columns.name = name;
  const plain = [
    'company_name',
    'email',
    'address1',
    'address2',
    'city',
    'state',
    'zip',
    'notes',
    'optin_type',
    'optin_source',
    'alternative_names',
    'secondary_emails',
    'carrier',
    'gender',
    'age_range',
    'type',
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

/** Whether a contact with this id exists; its company id, or null. */
export async function companyOfContact(db: Db, id: number): Promise<number | null> {
  const [row] = await db.select({ company: contacts.company_id }).from(contacts).where(eq(contacts.id, id));
  return row?.company ?? null;
}
