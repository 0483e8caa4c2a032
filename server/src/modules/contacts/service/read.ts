/**
 * Reading contacts (§7 Contacts): the company's list with its filters and order, one contact with its notes, and
 * the related rows of a whole page — labels, groups, custom values — in three queries however many contacts it has.
 */
import type { Contact, ContactFilters, Note } from '@shared/api/contacts';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companyOfRow } from '../../../db/companyOf';
import {
  contactGroupMembers,
  contactGroups,
  contactLabelLinks,
  contactLabels,
  contacts,
  notes,
  users,
} from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { readValues } from '../../customFields/values';
import { type ContactRow, contactView, noteView } from '../view';
import { CONTACT_NOTE_MODEL } from './edit';
import { contactFilterCondition } from './filters';

/** Whether a contact with this id exists; its company id, or null. */
export function companyOfContact(db: Db, id: number): Promise<number | null> {
  return companyOfRow(db, contacts, id);
}

/** Rows gathered by their contact, in the rows' order, each as `entry` makes it. */
function perContact<Row extends { contact_id: number }, Entry>(
  rows: readonly Row[],
  entry: (row: Row) => Entry,
): Map<number, Entry[]> {
  const byContact = new Map<number, Entry[]>();
  for (const row of rows) {
    const list = byContact.get(row.contact_id) ?? [];
    list.push(entry(row));
    byContact.set(row.contact_id, list);
  }
  return byContact;
}

/** The labels of many contacts, by contact id, each list by label. */
export async function labelsOf(db: Db, ids: readonly number[]): Promise<Map<number, Contact['labels']>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ contact_id: contactLabelLinks.contact_id, id: contactLabels.id, label: contactLabels.label })
    .from(contactLabelLinks)
    .innerJoin(contactLabels, eq(contactLabels.id, contactLabelLinks.label_id))
    .where(inArray(contactLabelLinks.contact_id, [...ids]))
    .orderBy(asc(contactLabels.label), asc(contactLabels.id));
  return perContact(rows, (row) => ({ id: row.id, label: row.label }));
}

/** The groups many contacts are members of, by contact id, each list by name. */
export async function groupsOf(db: Db, ids: readonly number[]): Promise<Map<number, Contact['groups']>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ contact_id: contactGroupMembers.contact_id, id: contactGroups.id, name: contactGroups.name })
    .from(contactGroupMembers)
    .innerJoin(contactGroups, eq(contactGroups.id, contactGroupMembers.group_id))
    .where(inArray(contactGroupMembers.contact_id, [...ids]))
    .orderBy(asc(contactGroups.name), asc(contactGroups.id));
  return perContact(rows, (row) => ({ id: row.id, name: row.name }));
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

const SORT_COLUMNS = {
  name: contacts.name,
  number: contacts.number,
  email: contacts.email,
  created_at: contacts.created_at,
  updated_at: contacts.updated_at,
} as const;

/** One page of the company's contacts matching the filters, in the order asked, and how many match in all. */
export async function listContacts(
  db: Db,
  companyId: number,
  options: {
    filters: ContactFilters;
    sort: keyof typeof SORT_COLUMNS;
    dir: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<{ rows: Contact[]; total: number }> {
  const where = await contactFilterCondition(db, companyId, options.filters);
  const [total] = await db.select({ value: count() }).from(contacts).where(where);
  const order = options.dir === 'desc' ? desc : asc;
  const rows = await db
    .select()
    .from(contacts)
    .where(where)
    .orderBy(order(SORT_COLUMNS[options.sort]), order(contacts.id))
    .limit(options.limit)
    .offset(options.offset);
  return { rows: await contactViews(db, rows), total: total?.value ?? 0 };
}

/** One contact of the company (404 for none). */
export async function oneContact(db: Db, companyId: number, id: number): Promise<Contact> {
  const contact = await loadContact(db, companyId, id);
  if (!contact) throw notFound('contact');
  return contact;
}

/** One contact of the company with the notes on it, newest first (404 for none). */
export async function contactWithNotes(
  db: Db,
  companyId: number,
  id: number,
): Promise<Contact & { note_records: Note[] }> {
  const contact = await oneContact(db, companyId, id);
  return { ...contact, note_records: await notesOn(db, CONTACT_NOTE_MODEL, contact.id) };
}
