/**
 * Call tracking (§7 "Tracking pools and DNI"): a company's sources (named visit rules), its pools of tracking
 * numbers, the visitor sessions that hold a pool number under a lease, each session's timeline, the hourly peak
 * of each pool (its utilisation) and the DNI call reports. The rules are shared/domain/dni.ts.
 */
import type { DniPoolType, SourceCondition, VisitAttribution } from '@shared/domain/dni';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calls } from './calls';
import { belongsTo, companyId, refersTo, serialId, timestamps, timestamptz } from './columns';
import { companies, organizations } from './companies';
import { numbers } from './numbers';
import { users } from './users';

/** A named set of conditions that claims a visit (`chooseSource`). */
export const dniSources = pgTable(
  'dni_sources',
  {
    id: serialId(),
    company_id: companyId(),
    name: text('name').notNull(),
    conditions: jsonb('conditions').$type<SourceCondition[]>().notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('dni_sources_company_name_idx').on(table.company_id, sql`lower(${table.name})`)],
);

/**
 * A pool of tracking numbers. `target_numbers` are the website's own numbers (E.164) the script swaps for the
 * pool's; `source_ids` the sources a session pool serves (a static pool's sources are its numbers'). A visitor
 * keeps a number for `lease_minutes` after their last sign of life; it goes to nobody else for
 * `cooldown_minutes` more. Its custom field values (§3 entity type 3, tracking pool) are in eav_values.
 */
export const dniPools = pgTable(
  'dni_pools',
  {
    id: serialId(),
    company_id: companyId(),
    name: text('name').notNull(),
    type: text('type').$type<DniPoolType>().notNull(),
    source_ids: jsonb('source_ids').$type<number[]>().notNull().default([]),
    target_numbers: jsonb('target_numbers').$type<string[]>().notNull().default([]),
    lease_minutes: smallint('lease_minutes').notNull(),
    cooldown_minutes: smallint('cooldown_minutes').notNull(),
    /** Served when every number is in use; calls to it are not attributed to a session. */
    fallback_number_id: refersTo('fallback_number_id', () => numbers.id),
    ...timestamps(),
  },
  (table) => [index('dni_pools_company_idx').on(table.company_id)],
);

/** A pool's numbers (a number is in one pool at most); in a static pool each serves one source. */
export const dniPoolNumbers = pgTable(
  'dni_pool_numbers',
  {
    pool_id: belongsTo('pool_id', () => dniPools.id),
    number_id: belongsTo('number_id', () => numbers.id),
    source_id: refersTo('source_id', () => dniSources.id),
    /** When it was last lent to a visitor: the free number lent longest ago goes next (spreads wear, eases attribution). */
    last_assigned_at: timestamptz('last_assigned_at'),
  },
  (table) => [
    primaryKey({ columns: [table.pool_id, table.number_id] }),
    uniqueIndex('dni_pool_numbers_number_idx').on(table.number_id),
  ],
);

/**
 * A visitor's session on the company's site: what it came from, the number it was shown (null: none — a bot, a
 * visit no source claims; `fallback` true: the pool was exhausted), and the lease on it. `id` is public (the
 * script keeps it in a first-party cookie); `visitor_id` is the longer-lived cookie that tells a returning visitor.
 */
export const dniSessions = pgTable(
  'dni_sessions',
  {
    id: text('id').primaryKey(),
    company_id: companyId(),
    visitor_id: text('visitor_id').notNull(),
    pool_id: refersTo('pool_id', () => dniPools.id),
    source_id: refersTo('source_id', () => dniSources.id),
    number_id: refersTo('number_id', () => numbers.id),
    fallback: boolean('fallback').notNull().default(false),
    attribution: jsonb('attribution').$type<VisitAttribution>().notNull(),
    user_agent: text('user_agent').notNull().default(''),
    page_views: integer('page_views').notNull().default(0),
    last_page: text('last_page'),
    started_at: timestamptz('started_at').notNull(),
    last_seen_at: timestamptz('last_seen_at').notNull(),
    /** The lease's end (last sign of life + the pool's lease); the number is free after it plus the cool-down. */
    lease_until: timestamptz('lease_until').notNull(),
    /** The cool-down's end: until then the number is this session's and nobody else's. */
    hold_until: timestamptz('hold_until').notNull(),
    /**
     * A keyed hash of the network the visitor came from (their IPv4 address, an IPv6 address's /64): one network
     * holds at most its share of a pool (dni/visits.ts). Never the address itself. Null before issue 33.
     */
    visitor_network: text('visitor_network'),
    /** When its number was taken back for a visitor from another network (the pool dry); never renewed after. */
    released_at: timestamptz('released_at'),
  },
  (table) => [
    index('dni_sessions_company_seen_idx').on(table.company_id, table.last_seen_at),
    // Lending counts, under the pool's lock, the leases its sessions hold and which networks hold them.
    index('dni_sessions_pool_hold_idx').on(table.pool_id, table.hold_until),
    // A call arriving looks for the session holding its number; a visitor being lent one looks for free numbers.
    index('dni_sessions_number_hold_idx').on(table.number_id, table.hold_until),
    index('dni_sessions_visitor_idx').on(table.company_id, table.visitor_id),
  ],
);

/** A session's timeline: page views, the number shown, the fallback served, calls. */
export const dniEvents = pgTable(
  'dni_events',
  {
    id: serialId(),
    company_id: companyId(),
    session_id: text('session_id')
      .notNull()
      .references(() => dniSessions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'page_view' | 'number_shown' | 'fallback' | 'call'>().notNull(),
    url: text('url'),
    title: text('title'),
    number: text('number'),
    call_id: refersTo('call_id', () => calls.id),
    at: timestamptz('at').notNull(),
  },
  (table) => [index('dni_events_session_idx').on(table.session_id, table.at)],
);

/** Each pool's busiest moment per hour (concurrent sessions holding a number) and the fallbacks it served. */
export const dniPoolUsage = pgTable(
  'dni_pool_usage',
  {
    pool_id: belongsTo('pool_id', () => dniPools.id),
    hour: timestamptz('hour').notNull(),
    peak_sessions: integer('peak_sessions').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    fallbacks: integer('fallbacks').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.pool_id, table.hour] })],
);

/** A DNI call report (§7 `POST /dni/reports/calls`): a company's or business unit's attributed calls as CSV. */
export const dniReports = pgTable(
  'dni_reports',
  {
    id: serialId(),
    /** The company's report, or (with `organization_id`) the business unit's: then null. */
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    organization_id: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    user_id: refersTo('user_id', () => users.id),
    start_date: text('start_date').notNull(),
    end_date: text('end_date').notNull(),
    /** queued, running, finished, failed. */
    state: text('state').notNull(),
    rows: integer('rows').notNull().default(0),
    /** Relative to the data folder, once finished. */
    path: text('path'),
    message: text('message'),
    ...timestamps(),
    finished_at: timestamptz('finished_at'),
  },
  (table) => [
    index('dni_reports_company_idx').on(table.company_id),
    index('dni_reports_organization_idx').on(table.organization_id),
  ],
);
