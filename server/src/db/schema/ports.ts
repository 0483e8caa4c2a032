/**
 * Number porting (§3 port status, number type and service; §7 `GET /company/{companyId}/ports`,
 * `POST /company/{companyId}/numbers/port`): a company's requests to move numbers in from another carrier, with
 * their account details, documents (stored like other media: `media/<companyId>/<uuid>`), status and the status
 * history the desk wrote. The rules are shared/domain/ports.ts; the desk is modules/ports/desk.ts.
 */
import type { PortDocumentKind, PortNumberType, PortRequestStatus } from '@shared/domain/ports';
import { index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { companyId, refersTo, serialId, timestamps, timestamptz } from './columns';
import { users } from './users';

/** A number of a request: E.164 and its §3 port number type. */
export interface StoredPortNumber {
  number: string;
  type: PortNumberType;
}

/** A document of a request (the latest of each kind is the one the desk reads). */
export interface StoredPortDocument {
  kind: PortDocumentKind;
  path: string;
  content_type: string;
  size: number;
  name: string;
  uploaded_at: string;
}

/** One step of a request's life: the status it reached, when, and the desk's reason (and the field it names). */
export interface StoredPortEvent {
  status: PortRequestStatus;
  at: string;
  reason: string | null;
  field: string | null;
}

export const portRequests = pgTable(
  'port_requests',
  {
    id: serialId(),
    company_id: companyId(),
    /** Who asked (the numbers' audit records name them). */
    user_id: refersTo('user_id', () => users.id),
    impersonator_id: integer('impersonator_id'),
    status: text('status').$type<PortRequestStatus>().notNull().default('pending'),
    /** §3 port service: 1 voice and SMS, 2 fax. */
    service: smallint('service').notNull().default(1),
    numbers: jsonb('numbers').$type<StoredPortNumber[]>().notNull().default([]),
    losing_carrier: text('losing_carrier').notNull(),
    account_number: text('account_number').notNull(),
    /** The account PIN, for the losing carrier only: never logged, and never answered but its last 2 characters. */
    pin: text('pin').notNull(),
    authorized_name: text('authorized_name').notNull(),
    service_address: text('service_address').notNull(),
    /** `YYYY-MM-DD`, a business day. */
    desired_date: text('desired_date').notNull(),
    /** The firm order commitment date (`YYYY-MM-DD`) once the losing carrier gave one. */
    foc_date: text('foc_date'),
    documents: jsonb('documents').$type<StoredPortDocument[]>().notNull().default([]),
    /** Why it is waiting for a document or was rejected, and the field that names. */
    reason: text('reason'),
    reason_field: text('reason_field'),
    history: jsonb('history').$type<StoredPortEvent[]>().notNull().default([]),
    /** Raised each time the request goes (back) to the desk: its desk job is keyed by (id, revision). */
    revision: integer('revision').notNull().default(1),
    /** When the desk takes its next step; null while it waits for the requester or the request has ended. */
    next_step_at: timestamptz('next_step_at'),
    finished_at: timestamptz('finished_at'),
    ...timestamps(),
  },
  (table) => [index('port_requests_company_idx').on(table.company_id, table.status)],
);
export type PortRequestRow = typeof portRequests.$inferSelect;
