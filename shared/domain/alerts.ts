/** Monitoring alerts (§3). */
import { codes } from './codes';

/** §3 "Alert close reasons: not-relevant, already-aware, duplicate, other." */
export const ALERT_CLOSE_REASONS = codes([
  { value: 'not-relevant', label: 'Not relevant' },
  { value: 'already-aware', label: 'Already aware' },
  { value: 'duplicate', label: 'Duplicate' },
  { value: 'other', label: 'Other' },
]);
export type AlertCloseReason = (typeof ALERT_CLOSE_REASONS)[number]['value'];

/**
 * An alert's life: `open` when a monitor fires; `snoozed` until a time (it reopens then if the condition still
 * holds, and the monitor does not fire again meanwhile); `closed` with a §3 close reason and a comment.
 */
export const ALERT_STATES = codes([
  { value: 'open', label: 'Open' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'closed', label: 'Closed' },
]);
export type AlertState = (typeof ALERT_STATES)[number]['value'];

/** The monitors a company can turn on; each fires at most one alert at a time (per number, where per number). */
export const MONITOR_KINDS = codes([
  { value: 'missed_rate', label: 'Missed-call rate too high' },
  { value: 'no_calls', label: 'No calls on a number' },
  { value: 'forward_failing', label: 'A forward is failing' },
  { value: 'campaign_paused', label: 'Campaign paused automatically' },
  { value: 'number_limit', label: 'Number limit nearly reached' },
]);
export type MonitorKind = (typeof MONITOR_KINDS)[number]['value'];

/** Each monitor's settings and their defaults (what a company gets when it turns one on without changing them). */
export const MONITOR_DEFAULTS = Object.freeze({
  /** Fire when more than `threshold` % of at least `minCalls` calls in the last `windowHours` went unanswered. */
  missed_rate: Object.freeze({ threshold: 30, windowHours: 4, minCalls: 5 }),
  /** Fire when a voice number that had calls before has had none for `hours`. */
  no_calls: Object.freeze({ hours: 24 }),
  /** Fire when `failures` calls in a row to one phone forward failed (busy, failed or not reachable). */
  forward_failing: Object.freeze({ failures: 3 }),
  /** Fire when a campaign is paused by the §4 auto-pause rule. */
  campaign_paused: Object.freeze({}),
  /** Fire when the company holds at least `percent` % of its number limit. */
  number_limit: Object.freeze({ percent: 90 }),
});

/** How long a snooze may last at most (a week): an alert is never silenced for good by a snooze. */
export const ALERT_SNOOZE_MAX_HOURS = 168;

/**
 * The whole-number range each monitor setting accepts (`PUT /companies/{id}/monitors/{kind}` refuses a setting
 * outside it, or one its kind does not have, per field). A kind's keys are exactly those of MONITOR_DEFAULTS.
 */
export const MONITOR_SETTING_RANGES: Readonly<
  Record<MonitorKind, Readonly<Record<string, { min: number; max: number }>>>
> = Object.freeze({
  missed_rate: {
    threshold: { min: 1, max: 100 },
    windowHours: { min: 1, max: ALERT_SNOOZE_MAX_HOURS },
    minCalls: { min: 1, max: 10_000 },
  },
  no_calls: { hours: { min: 1, max: 24 * 30 } },
  forward_failing: { failures: { min: 1, max: 50 } },
  campaign_paused: {},
  number_limit: { percent: { min: 1, max: 100 } },
});
