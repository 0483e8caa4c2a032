/**
 * The tenancy: organizations (business units) and the companies (accounts) in them. Every company-owned record
 * refers to `companies` through `companyId()` (columns.ts), so this file spells out the id and timestamp columns
 * that columns.ts gives the other tables: importing it here would make the two files import each other.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** §3 Organization (business unit): a group of companies with its own admins. */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  owner_id: integer('owner_id'),
  status: text('status').notNull().default('active'),
  eav_attribute_values: jsonb('eav_attribute_values').$type<unknown[]>().notNull().default([]),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** §3 Company (account). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    organization_id: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** §3 Account status: ACTIVE=0, PARKED=1, DEACTIVATED=2. */
    account_status: smallint('account_status').notNull().default(0),
    timezone: text('timezone').notNull().default('America/New_York'),
    website: text('website'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country').notNull().default('US'),
    phone: text('phone'),
    links_enabled: boolean('links_enabled').notNull().default(false),
    /** How many numbers the company may have (§8 number limit); support raises it on request. */
    number_limit: integer('number_limit').notNull().default(25),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('companies_organization_idx').on(table.organization_id)],
);
