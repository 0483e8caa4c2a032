/**
 * §7 `forward-contacts`: a company's forwarding numbers — the people and phones its calls are forwarded to. Routes
 * store the number itself (`numbers.routes`), not a link to an entry here, so an entry's usage is read from them.
 */
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, refersTo, serialId, timestamps } from './columns';
import { users } from './users';

export const forwardContacts = pgTable(
  'forward_contacts',
  {
    id: serialId(),
    company_id: companyId(),
    name: text('name').notNull(),
    /** E.164; one entry per number in a company. */
    number: text('number').notNull(),
    /** §3 Forward entry `usingIntNumber`: outside the +1 countries (derived from the number when saved). */
    using_int_number: boolean('using_int_number').notNull().default(false),
    note: text('note').notNull().default(''),
    created_by: refersTo('created_by', () => users.id),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('forward_contacts_company_number_unique').on(table.company_id, table.number),
    index('forward_contacts_company_name_idx').on(table.company_id, table.name),
  ],
);
