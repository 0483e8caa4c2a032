/** Contacts, their labels and their groups (a group is a list, or virtual: a saved filter). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, companyId, serialId, timestamps } from './columns';

/**
 * §3 Contact. One number per contact per company (E.164): a second contact with the same number is refused on
 * create and merged on import. `custom` of §3 is kept in `custom_country` and `custom_title`.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serialId(),
    company_id: companyId(),
    name: text('name').notNull(),
    number: text('number').notNull(),
    company_name: text('company_name'),
    email: text('email'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    notes: text('notes'),
    optin_type: text('optin_type'),
    optin_source: text('optin_source'),
    alternative_names: jsonb('alternative_names').$type<string[]>().notNull().default([]),
    secondary_emails: jsonb('secondary_emails').$type<string[]>().notNull().default([]),
    carrier: text('carrier'),
    gender: text('gender'),
    age_range: text('age_range'),
    type: text('type'),
    is_invalid: boolean('is_invalid').notNull().default(false),
    is_unsubscribed: boolean('is_unsubscribed').notNull().default(false),
    source: text('source').notNull().default('Manual'),
    custom_country: text('custom_country'),
    custom_title: text('custom_title'),
    /** The import that created the contact, if one did. */
    import_batch_id: integer('import_batch_id'),
    created_by: integer('created_by'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('contacts_company_number_idx').on(table.company_id, table.number),
    index('contacts_company_name_idx').on(table.company_id, table.name),
  ],
);

/** Company contact labels (§7 contactLabels); a label's text is unique per company in any letter case. */
export const contactLabels = pgTable(
  'contact_labels',
  {
    id: serialId(),
    company_id: companyId(),
    label: text('label').notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('contact_labels_company_label_idx').on(table.company_id, sql`lower(${table.label})`),
  ],
);

export const contactLabelLinks = pgTable(
  'contact_label_links',
  {
    contact_id: belongsTo('contact_id', () => contacts.id),
    label_id: belongsTo('label_id', () => contactLabels.id),
  },
  (table) => [
    primaryKey({ columns: [table.contact_id, table.label_id] }),
    index('contact_label_links_label_idx').on(table.label_id),
  ],
);

/** §3 Contact group. A group with `filters` is virtual: its members are the contacts matching them. */
export const contactGroups = pgTable(
  'contact_groups',
  {
    id: serialId(),
    company_id: companyId(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>(),
    user_id: integer('user_id'),
    ...timestamps(),
  },
  (table) => [index('contact_groups_company_idx').on(table.company_id)],
);

export const contactGroupMembers = pgTable(
  'contact_group_members',
  {
    group_id: belongsTo('group_id', () => contactGroups.id),
    contact_id: belongsTo('contact_id', () => contacts.id),
  },
  (table) => [
    primaryKey({ columns: [table.group_id, table.contact_id] }),
    index('contact_group_members_contact_idx').on(table.contact_id),
  ],
);
