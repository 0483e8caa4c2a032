/**
 * §7 Alerts (`/monitoring/alerts…`) and the monitors that open them. A monitor is a check a company turns on
 * (shared/domain/alerts.ts MONITOR_KINDS); a job evaluates them; each firing opens one alert, with a history of
 * what happened to it. `PUT /monitoring/alerts/{id}` closes one with a §3 reason and comment, snoozes it, or
 * reopens it. Lists are 10 a page (§9 "alerts 10").
 */
import { z } from 'zod';
import { ALERT_CLOSE_REASONS, ALERT_SNOOZE_MAX_HOURS, ALERT_STATES, MONITOR_KINDS } from '../domain/alerts';
import { PAGE_SIZES } from '../domain/limits';
import { endpoint, enumOf, IdParamSchema, PageNumberSchema } from './contract';
import { pagedSchema } from './paged';

const id = IdParamSchema;

export const ALERT_MESSAGES = {
  reasonRequired: 'Choose why you are closing this alert.',
  commentRequired: 'Say why in a comment when the reason is Other.',
  snoozeUntil: `Snooze until a time in the next ${ALERT_SNOOZE_MAX_HOURS / 24} days.`,
  closed: 'Alert closed.',
  snoozed: 'Alert snoozed.',
  reopened: 'Alert reopened.',
  monitorSaved: 'Monitor saved.',
} as const;

export const AlertSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  kind: enumOf(MONITOR_KINDS),
  /** One line: "Missed-call rate 42 % over the last 4 hours (threshold 30 %)". */
  title: z.string(),
  /** The facts behind it (rate, number, forward, campaign…), for the detail screen. */
  details: z.record(z.string(), z.unknown()),
  state: enumOf(ALERT_STATES),
  /** What the alert is about, when it is one record: a number's or campaign's id and label. */
  subject: z.object({
    type: z.enum(['number', 'campaign', 'forward', 'company']),
    id: z.string(),
    label: z.string(),
  }),
  reason: enumOf(ALERT_CLOSE_REASONS).nullable(),
  comment: z.string().nullable(),
  snoozed_until: z.string().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  updated_at: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertListQuerySchema = z.object({
  company_id: id,
  /** One state, or every state (left out). */
  state: enumOf(ALERT_STATES).optional(),
  page: PageNumberSchema,
  perPage: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.alerts),
});

export const AlertCountsSchema = z.object({
  open: z.number().int(),
  snoozed: z.number().int(),
  closed: z.number().int(),
});
export type AlertCounts = z.infer<typeof AlertCountsSchema>;

export const AlertHistoryEntrySchema = z.object({
  id: z.number().int(),
  /** opened, snoozed, reopened (a snooze ran out with the condition still true), closed, fired_again (ignored). */
  action: z.enum(['opened', 'snoozed', 'reopened', 'closed']),
  state: enumOf(ALERT_STATES),
  reason: enumOf(ALERT_CLOSE_REASONS).nullable(),
  comment: z.string().nullable(),
  /** Who did it; null for the monitor itself. */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  at: z.string(),
});
export type AlertHistoryEntry = z.infer<typeof AlertHistoryEntrySchema>;

/**
 * `PUT /monitoring/alerts/{id}` (§7 "state, comment, reason"): `closed` needs a reason (and a comment when it is
 * `other`); `snoozed` needs `snoozed_until` within ALERT_SNOOZE_MAX_HOURS; `open` reopens.
 */
export const AlertUpdateSchema = z
  .strictObject({
    state: enumOf(ALERT_STATES),
    reason: enumOf(ALERT_CLOSE_REASONS).nullable().optional(),
    comment: z.string().trim().max(1000).nullable().optional(),
    snoozed_until: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .superRefine((update, check) => {
    if (update.state === 'closed' && !update.reason)
      check.addIssue({ code: 'custom', path: ['reason'], message: ALERT_MESSAGES.reasonRequired });
    if (update.state === 'closed' && update.reason === 'other' && !update.comment)
      check.addIssue({ code: 'custom', path: ['comment'], message: ALERT_MESSAGES.commentRequired });
    if (update.state === 'snoozed' && !update.snoozed_until)
      check.addIssue({ code: 'custom', path: ['snoozed_until'], message: ALERT_MESSAGES.snoozeUntil });
  });
export type AlertUpdate = z.input<typeof AlertUpdateSchema>;

/** A company's monitor: on or off, and its settings (shared/domain/alerts.ts MONITOR_DEFAULTS per kind). */
export const MonitorSchema = z.object({
  kind: enumOf(MONITOR_KINDS),
  enabled: z.boolean(),
  settings: z.record(z.string(), z.number()),
  updated_at: z.string().nullable(),
});
export type Monitor = z.infer<typeof MonitorSchema>;

export const MonitorUpdateSchema = z.strictObject({
  enabled: z.boolean(),
  /** Only the kind's own settings, each a whole number in its range (the server says which per field). */
  settings: z.record(z.string(), z.number()).default({}),
});

export const ALERT_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/monitoring/alerts',
    summary: 'A company’s alerts, newest first, 10 a page, optionally of one state.',
    query: AlertListQuerySchema,
    response: pagedSchema(AlertSchema),
  }),
  counts: endpoint({
    method: 'GET',
    path: '/monitoring/alerts/counts',
    summary: 'How many alerts are open, snoozed and closed (the navigation badge counts open ones).',
    query: z.object({ company_id: id }),
    response: AlertCountsSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/monitoring/alerts/{id}',
    summary: 'One alert.',
    params: z.object({ id }),
    response: AlertSchema,
  }),
  history: endpoint({
    method: 'GET',
    path: '/monitoring/alerts/{id}/history',
    summary: 'What happened to an alert, oldest first.',
    params: z.object({ id }),
    response: z.array(AlertHistoryEntrySchema),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/monitoring/alerts/{id}',
    summary: 'Closes an alert with a reason and comment, snoozes it, or reopens it.',
    params: z.object({ id }),
    body: AlertUpdateSchema,
    response: AlertSchema,
  }),
  monitors: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/monitors',
    summary: 'The company’s monitors, every kind, on or off, with their settings.',
    params: z.object({ companyId: id }),
    response: z.array(MonitorSchema),
  }),
  updateMonitor: endpoint({
    method: 'PUT',
    path: '/companies/{companyId}/monitors/{kind}',
    summary: 'Turns a monitor on or off and sets its settings.',
    params: z.object({ companyId: id, kind: enumOf(MONITOR_KINDS) }),
    body: MonitorUpdateSchema,
    response: MonitorSchema,
  }),
} as const;
