/**
 * The column shapes many tables repeat, so each table says what it means (`company_id: companyId()`) and the
 * shape (type, nullability, default, delete rule) is written once.
 */
import { bigserial, integer, serial, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** The usual primary key: a serial integer. */
export const serialId = () => serial('id').primaryKey();

/** The primary key of the tables that grow fastest (credentials, conversation items, logs), read as a number. */
export const bigSerialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A moment in time: every time column keeps its zone and is read as a `Date`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/**
 * The company a record belongs to: every company-owned record carries `company_id` (routes find a record's
 * company from it), and goes when its company is deleted.
 */
export const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
