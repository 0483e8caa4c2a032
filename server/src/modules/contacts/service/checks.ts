/**
 * The checks of a contact write that the schema cannot make alone (§3, §5): the number is readable and no other
 * contact's in the company, labels and groups are the company's (and the groups not virtual), custom values fit
 * their field's type. Every problem is reported at once, per field.
 */
import type { ContactChangeSchema } from '@shared/api/contacts';
import type { CustomValue } from '@shared/domain/customFields';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { normalizePhone } from '@shared/domain/phone';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { contactGroups, contactLabels, contacts } from '../../../db/schema';
import { invalid } from '../../../lib/errors';
import { checkValues, loadFieldRules } from '../../customFields/values';

type ContactChange = z.output<typeof ContactChangeSchema>;
type CheckedValues = { attribute_id: number; value: CustomValue | null }[];

/** Whether a database error is a unique-index violation (PostgreSQL 23505), through Drizzle's wrapping. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; ) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const numberTaken = (name: string) => `This number belongs to ${name} already.`;

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

export interface CheckedInput {
  number?: string;
  values?: CheckedValues;
}

/**
 * Checks what cannot be checked by the schema alone: the number (readable, not another contact's), labels and
 * groups (the company's, not virtual) and custom values (by type; `complete` for a new contact, or values that
 * replace all the contact's own). Every problem is reported at once, per field.
 */
export async function checkInput(
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
