/**
 * Contact rows as the contract's `Contact` (§3), given their labels, groups and custom values (read for a whole
 * page at once: service/read.ts), and notes as the contract's `Note`. `groups` are the groups the contact is a
 * member of; virtual groups have no members (whoever matches their filters is in them) and are not listed here.
 */
import type { Contact, Note } from '@shared/api/contacts';
import type { contacts, notes } from '../../db/schema';

export type ContactRow = typeof contacts.$inferSelect;

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
