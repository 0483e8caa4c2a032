/**
 * Contact rows as the contract's `Contact` (§3): with their labels, groups and custom values, read for a whole
 * page in three queries however many contacts it has. `groups` are the groups the contact is a member of;
 * virtual groups have no members (whoever matches their filters is in them) and are not listed here.
 */
import type { Contact, Note } from '@shared/api/contacts';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  contactGroupMembers,
  contactGroups,
  contactLabelLinks,
  contactLabels,
  contacts,
  notes,
  users,
} from '../../db/schema';
import { readValues } from '../customFields/values';

export type ContactRow = typeof contacts.$inferSelect;

/** The labels of many contacts, by contact id, each list by label. */
export async function labelsOf(db: Db, ids: readonly number[]): Promise<Map<number, Contact['labels']>> {
  const byContact = new Map<number, Contact['labels']>();
  if (!ids.length) return byContact;
  const rows = await db
    .select({ contact_id: contactLabelLinks.contact_id, id: contactLabels.id, label: contactLabels.label })
    .from(contactLabelLinks)
    .innerJoin(contactLabels, eq(contactLabels.id, contactLabelLinks.label_id))
    .where(inArray(contactLabelLinks.contact_id, [...ids]))
    .orderBy(asc(contactLabels.label), asc(contactLabels.id));
  for (const row of rows) {
    const list = byContact.get(row.contact_id) ?? [];
    list.push({ id: row.id, label: row.label });
    byContact.set(row.contact_id, list);
  }
  return byContact;
}

/** The groups many contacts are members of, by contact id, each list by name. */
export async function groupsOf(db: Db, ids: readonly number[]): Promise<Map<number, Contact['groups']>> {
  const byContact = new Map<number, Contact['groups']>();
  if (!ids.length) return byContact;
  const rows = await db
    .select({ contact_id: contactGroupMembers.contact_id, id: contactGroups.id, name: contactGroups.name })
    .from(contactGroupMembers)
    .innerJoin(contactGroups, eq(contactGroups.id, contactGroupMembers.group_id))
    .where(inArray(contactGroupMembers.contact_id, [...ids]))
    .orderBy(asc(contactGroups.name), asc(contactGroups.id));
  for (const row of rows) {
    const list = byContact.get(row.contact_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byContact.set(row.contact_id, list);
  }
  return byContact;
}

/** One row as the contract's contact, given what was read for its page. */
export function contactView(
  row: ContactRow,
  related: {
    labels?: Contact['labels'];
    groups?: Contact['groups'];
    eavAttributeValues?: Contact['eavAttributeValues'];
  },
): Contact {
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    number: row.number,
    company_name: row.company_name,
    email: row.email,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    notes: row.notes,
    optin_type: row.optin_type as Contact['optin_type'],
    optin_source: row.optin_source,
    alternative_names: row.alternative_names ?? [],
    secondary_emails: row.secondary_emails ?? [],
    carrier: row.carrier,
    gender: row.gender as Contact['gender'],
    age_range: row.age_range,
    type: row.type as Contact['type'],
    is_invalid: row.is_invalid,
    is_unsubscribed: row.is_unsubscribed,
    source: row.source as Contact['source'],
    groups: related.groups ?? [],
    labels: related.labels ?? [],
    custom: { country: row.custom_country, title: row.custom_title },
    eavAttributeValues: related.eavAttributeValues ?? [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Many rows as contacts, in their order: three queries (labels, groups, custom values) for the lot. */
export async function contactViews(db: Db, rows: readonly ContactRow[]): Promise<Contact[]> {
  const ids = rows.map((row) => row.id);
  const [labels, groups, values] = await Promise.all([
    labelsOf(db, ids),
    groupsOf(db, ids),
    readValues(db, CONTACT_ENTITY_TYPE, ids),
  ]);
  return rows.map((row) =>
    contactView(row, {
      labels: labels.get(row.id),
      groups: groups.get(row.id),
      eavAttributeValues: values.get(row.id),
    }),
  );
}

/** One contact of a company as the contract's contact, or null when the company has no such contact. */
export async function loadContact(db: Db, companyId: number, id: number): Promise<Contact | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.company_id, companyId)));
  if (!row) return null;
  const [view] = await contactViews(db, [row]);
  return view ?? null;
}

export type NoteRow = typeof notes.$inferSelect;

/** A note with its author's name (null when the author is gone or was the system). */
export function noteView(row: NoteRow, author: { id: number; name: string } | null): Note {
  return {
    id: row.id,
    model_type: row.model_type,
    model_id: row.model_id,
    body: row.body,
    user: author,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The notes on one record, newest first, with their authors' names. */
export async function notesOn(db: Db, modelType: string, modelId: number): Promise<Note[]> {
  const rows = await db
    .select({ note: notes, author_id: users.id, author_name: users.name })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.user_id))
    .where(and(eq(notes.model_type, modelType), eq(notes.model_id, modelId)))
    .orderBy(desc(notes.created_at), desc(notes.id));
  return rows.map((row) =>
    noteView(row.note, row.author_id !== null ? { id: row.author_id, name: row.author_name ?? '' } : null),
  );
}
