/**
 * Monitoring (§7 Alerts) and what a person keeps of reports and tables (§7 Favorite reports, Column presets).
 *
 * - `monitors`: a company's checks, one row per (company, kind) once it has been set; a kind without a row is off
 *   with shared/domain/alerts.ts MONITOR_DEFAULTS.
 * - `alerts`: what a monitor opened. The partial unique index lets at most one alert per (company, kind, subject)
 *   be open or snoozed, so "a monitor fires once" holds even when two servers evaluate at the same moment: the
 *   second insert finds the first and does nothing.
 * - `alert_history`: every change of an alert, oldest first (opened, snoozed, reopened, closed).
 * - `forward_dials`: how each dial to an outside phone (a forward) ended, written by the voice module when a
 *   ring ends; the forward_failing monitor reads a phone's latest ones.
 * - `favorite_reports`, `column_presets`: a user's own, in a company.
 */
import type { AlertCloseReason, AlertState, MonitorKind } from '@shared/domain/alerts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { calls } from './calls';
import { belongsTo, companyId, refersTo, serialId, timestamps, timestamptz } from './columns';
import { numbers } from './numbers';
import { users } from './users';

export const monitors = pgTable(
  'monitors',
  {
    id: serialId(),
    company_id: companyId(),
    kind: text('kind').$type<MonitorKind>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** The kind's settings as saved (validated per kind); a setting left out takes its default. */
    settings: jsonb('settings').$type<Record<string, number>>().notNull().default({}),
    ...timestamps(),
  },
  (table) => [uniqueIndex('monitors_company_kind_unique').on(table.company_id, table.kind)],
);

export type AlertSubjectType = 'number' | 'campaign' | 'forward' | 'company';

export const alerts = pgTable(
  'alerts',
  {
    id: serialId(),
    company_id: companyId(),
    kind: text('kind').$type<MonitorKind>().notNull(),
    /** What the alert is about: a number's or campaign's id, a forward's E.164, or the company's own id. */
    subject_type: text('subject_type').$type<AlertSubjectType>().notNull(),
    subject_id: text('subject_id').notNull(),
    subject_label: text('subject_label').notNull().default(''),
    title: text('title').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<AlertState>().notNull().default('open'),
    reason: text('reason').$type<AlertCloseReason>(),
    comment: text('comment'),
    snoozed_until: timestamptz('snoozed_until'),
    opened_at: timestamptz('opened_at').notNull(),
    closed_at: timestamptz('closed_at'),
    closed_by: refersTo('closed_by', () => users.id),
    /**
     * When an evaluation first saw this closed alert's condition no longer holding. Until then its subject fires
     * no new alert: closing an alert silences the condition it was about, not the monitor (edge-triggered).
     */
    condition_cleared_at: timestamptz('condition_cleared_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('alerts_one_live_per_subject')
      .on(table.company_id, table.kind, table.subject_type, table.subject_id)
      .where(sql`${table.state} <> 'closed'`),
    index('alerts_company_opened_idx').on(table.company_id, table.opened_at),
    index('alerts_closed_uncleared_idx')
      .on(table.company_id, table.kind, table.subject_type, table.subject_id)
      .where(sql`${table.state} = 'closed' and ${table.condition_cleared_at} is null`),
    index('alerts_snoozed_until_idx').on(table.snoozed_until).where(sql`${table.state} = 'snoozed'`),
  ],
);

export const alertHistory = pgTable(
  'alert_history',
  {
    id: serialId(),
    alert_id: belongsTo('alert_id', () => alerts.id),
    action: text('action').$type<'opened' | 'snoozed' | 'reopened' | 'closed'>().notNull(),
    state: text('state').$type<AlertState>().notNull(),
    reason: text('reason').$type<AlertCloseReason>(),
    comment: text('comment'),
    /** Who did it; null for the monitor itself. */
    user_id: refersTo('user_id', () => users.id),
    at: timestamptz('at').notNull(),
  },
  (table) => [index('alert_history_alert_idx').on(table.alert_id, table.at)],
);

export const forwardDials = pgTable(
  'forward_dials',
  {
    id: serialId(),
    company_id: companyId(),
    number_id: refersTo('number_id', () => numbers.id),
    call_id: integer('call_id').references(() => calls.id, { onDelete: 'cascade' }),
    /** The outside phone rung (E.164). */
    phone: text('phone').notNull(),
    /** How the dial ended (routing/types.ts DialOutcome): completed, no-answer, busy, failed, declined. */
    outcome: text('outcome').notNull(),
    at: timestamptz('at').notNull(),
  },
  (table) => [index('forward_dials_company_phone_at_idx').on(table.company_id, table.phone, table.at)],
);

export const favoriteReports = pgTable(
  'favorite_reports',
  {
    id: serialId(),
    company_id: companyId(),
    user_id: belongsTo('user_id', () => users.id),
    name: text('name').notNull(),
    /** The report's grouping and filters as the client serialised them, kept as given. */
    value: text('value').notNull(),
    ...timestamps(),
  },
  (table) => [index('favorite_reports_company_user_idx').on(table.company_id, table.user_id)],
);

export const columnPresets = pgTable(
  'column_presets',
  {
    id: serialId(),
    company_id: companyId(),
    user_id: belongsTo('user_id', () => users.id),
    /** The table's id as DataTable names it. */
    table_id: text('table_id').notNull(),
    name: text('name').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    shared: boolean('shared').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('column_presets_owner_table_name_unique').on(
      table.company_id,
      table.user_id,
      table.table_id,
      sql`lower(${table.name})`,
    ),
    index('column_presets_company_table_idx').on(table.company_id, table.table_id),
  ],
);
