/**
 * The column shapes many tables repeat, so each table says what it means (`company_id: companyId()`) and the
 * shape (type, nullability, default, delete rule) is written once.
 */
import { type AnyPgColumn, bigserial, integer, serial, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** The usual primary key: a serial integer. */
export const serialId = () => serial('id').primaryKey();

/** The primary key of the tables that grow fastest (credentials, conversation items, logs), read as a number. */
export const bigSerialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A moment in time: every time column keeps its zone and is read as a `Date`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** When a record was made and last changed, the pair most tables carry: `...timestamps()`. */
export const timestamps = () => ({ created_at: createdAt(), updated_at: updatedAt() });

/**
 * The company a record belongs to: every company-owned record carries `company_id` (routes find a record's
 * company from it), and goes when its company is deleted.
 */
export const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** A required link to the record this one belongs to (a membership to its user, a choice to its field): it goes with it. */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** An optional link to a record this one outlives (a call's contact, who created it): cleared when that goes. */
export const refersTo = (name: string, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: 'set null' });
