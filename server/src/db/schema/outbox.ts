/** The sandbox outbox: what the platform would have sent, kept in a table instead. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigSerialId, createdAt } from './columns';

/**
 * The sandbox outbox: every mail, text and call the platform would have sent without SMTP or a carrier.
 * `company_id` is null for mail to a person (resets, invitations go to people, not companies).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigSerialId(),
    channel: text('channel').notNull(),
    company_id: integer('company_id'),
    to: text('to').notNull(),
    from: text('from'),
    subject: text('subject'),
    body: text('body').notNull(),
    /**
     * The sender's reference for a text (a campaign send's claim) and the sid the sandbox gave it: the carrier's
     * own record that a send happened, which a send engine that died mid-send asks for (`findSent`).
     */
    reference: text('reference'),
    sid: text('sid'),
    created_at: createdAt(),
  },
  (table) => [
    index('outbox_company_idx').on(table.company_id),
    index('outbox_reference_idx').on(table.reference).where(sql`${table.reference} is not null`),
  ],
);
