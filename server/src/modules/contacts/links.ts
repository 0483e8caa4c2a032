/**
 * A contact is whoever has that number in the company, so the records of that number — conversations, calls,
 * voicemails and faxes — point at the contact that has it. Creating a contact (by hand or by import) claims the
 * records of its number that had no contact; changing its number lets go of the old number's records and claims
 * the new one's. Deleting one clears the links by foreign key (`on delete set null`).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The statements that point records of the company at the contact with their party's number. Each reads an
 * index on (company, party's number) — migration 0005 — so an import chunk costs a few index lookups per contact.
 */
function claims(companyId: number, contactIds: SQL): SQL[] {
  return [
    sql`update conversations r set contact_id = k.id from contacts k
        where k.id in (${contactIds}) and r.company_id = ${companyId} and k.company_id = ${companyId}
          and r.recipient = k.number and r.contact_id is distinct from k.id`,
    // Received and made calls apart, so each reads its own index (company, caller) or (company, called).
    sql`update calls r set contact_id = k.id from contacts k
        where k.id in (${contactIds}) and r.company_id = ${companyId} and k.company_id = ${companyId}
          and r.is_inbound and r.caller = k.number and r.contact_id is distinct from k.id`,
    sql`update calls r set contact_id = k.id from contacts k
        where k.id in (${contactIds}) and r.company_id = ${companyId} and k.company_id = ${companyId}
          and not r.is_inbound and r.called = k.number and r.contact_id is distinct from k.id`,
    sql`update voicemails r set contact_id = k.id from contacts k
        where k.id in (${contactIds}) and r.company_id = ${companyId} and k.company_id = ${companyId}
          and r.caller = k.number and r.contact_id is distinct from k.id`,
    sql`update faxes r set contact_id = k.id from contacts k
        where k.id in (${contactIds}) and r.company_id = ${companyId} and k.company_id = ${companyId}
          and r.remote = k.number and r.contact_id is distinct from k.id`,
  ];
}

/** The statements that let go of records whose party's number is no longer the contact's. */
function releases(companyId: number, contactId: number): SQL[] {
  return [
    sql`update conversations r set contact_id = null from contacts k
        where k.id = ${contactId} and r.company_id = ${companyId} and r.contact_id = k.id
          and r.recipient <> k.number`,
    sql`update calls r set contact_id = null from contacts k
        where k.id = ${contactId} and r.company_id = ${companyId} and r.contact_id = k.id
          and (case when r.is_inbound then r.caller else r.called end) <> k.number`,
    sql`update voicemails r set contact_id = null from contacts k
        where k.id = ${contactId} and r.company_id = ${companyId} and r.contact_id = k.id
          and r.caller <> k.number`,
    sql`update faxes r set contact_id = null from contacts k
        where k.id = ${contactId} and r.company_id = ${companyId} and r.contact_id = k.id
          and r.remote <> k.number`,
  ];
}

/** Points the records of these contacts' numbers at them (after a create, an import chunk or a number change). */
export async function linkRecordsToContacts(db: Db, companyId: number, contactIds: readonly number[]) {
  if (!contactIds.length) return;
  const ids = sql.join(
    contactIds.map((id) => sql`${id}`),
    sql`, `,
  );
  for (const statement of claims(companyId, ids)) await db.execute(statement);
}

/** After a contact's number changed: its old number's records are released, its new number's claimed. */
export async function relinkContactRecords(db: Db, companyId: number, contactId: number) {
  for (const statement of releases(companyId, contactId)) await db.execute(statement);
  await linkRecordsToContacts(db, companyId, [contactId]);
}
