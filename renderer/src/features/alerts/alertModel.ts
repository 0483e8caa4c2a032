/**
 * What the alerts screens show and offer, apart from drawing it: the state tabs and their counts, the list's place
 * in the address, the snooze choices (never past ALERT_SNOOZE_MAX_HOURS), how counts move when an alert changes
 * state, an alert's facts and its history in words, and each monitor's settings with their labels.
 */
import type { Alert, AlertCounts, AlertHistoryEntry } from '@shared/api/alerts';
import {
  ALERT_CLOSE_REASONS,
  ALERT_SNOOZE_MAX_HOURS,
  type AlertState,
  MONITOR_DEFAULTS,
  MONITOR_SETTING_RANGES,
  type MonitorKind,
} from '@shared/domain/alerts';
import { labelOf } from '@shared/domain/codes';

/* ------------------------------------------------ the list ------------------------------------------------ */

export const STATE_TABS = [
  { value: 'open', label: 'Open' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
] as const;
export type StateTab = (typeof STATE_TABS)[number]['value'];

/** How many alerts a tab lists (All: every state). */
export function countOf(tab: StateTab, counts: AlertCounts | undefined): number | null {
  if (!counts) return null;
  return tab === 'all' ? counts.open + counts.snoozed + counts.closed : counts[tab];
}

export interface AlertListState {
  tab: StateTab;
  page: number;
}

/** The list as the address has it: `?state=closed&page=2`; open alerts on the first page by default. */
export function readListState(params: URLSearchParams): AlertListState {
  const state = params.get('state');
  const tab = STATE_TABS.find((choice) => choice.value === state)?.value ?? 'open';
  const page = Number(params.get('page'));
  return { tab, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export function writeListState(state: AlertListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== 'open') params.set('state', state.tab);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The counts once one alert moved from one state to another (shown before the server's answer). */
export function countsAfter(counts: AlertCounts, from: AlertState, to: AlertState): AlertCounts {
  if (from === to) return counts;
  return { ...counts, [from]: Math.max(0, counts[from] - 1), [to]: counts[to] + 1 };
}

/* ------------------------------------------------ snoozing ------------------------------------------------ */

const SNOOZE_OPTIONS = [
  { label: '1 hour', hours: 1 },
  { label: '4 hours', hours: 4 },
  { label: '1 day', hours: 24 },
  { label: '1 week', hours: 168 },
] as const;

/** The snooze choices, none longer than a snooze may last (shared/domain/alerts.ts ALERT_SNOOZE_MAX_HOURS). */
export const SNOOZE_CHOICES = SNOOZE_OPTIONS.filter((choice) => choice.hours <= ALERT_SNOOZE_MAX_HOURS);

/** Until when a snooze of `hours` from `now` lasts, as the API takes it. */
export function snoozeUntil(now: Date, hours: number): string {
  return new Date(now.getTime() + hours * 3_600_000).toISOString();
}

/* ------------------------------------------------ words --------------------------------------------------- */

/** "windowHours" → "Window hours", "failed_calls" → "Failed calls". */
export function factLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A fact's value in words: numbers with separators, yes/no, lists joined, anything else as text. */
export function factValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(factValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An alert's facts (its `details`), in the order the server gave them. */
export function factsOf(alert: Pick<Alert, 'details'>): { label: string; value: string }[] {
  return Object.entries(alert.details).map(([key, value]) => ({
    label: factLabel(key),
    value: factValue(value),
  }));
}

const ACTION_WORDS: Record<AlertHistoryEntry['action'], string> = {
  opened: 'Opened',
  snoozed: 'Snoozed',
  reopened: 'Reopened',
  closed: 'Closed',
};

/** "Closed by Olivia Owner", "Opened by the monitor". */
export function historyHeadline(entry: AlertHistoryEntry): string {
  return `${ACTION_WORDS[entry.action]} by ${entry.user?.name ?? 'the monitor'}`;
}

export function reasonLabel(reason: string | null): string | null {
  return reason ? labelOf(ALERT_CLOSE_REASONS, reason, reason) : null;
}

/* ------------------------------------------------ monitors ------------------------------------------------ */

/** Each setting's label on the monitors screen. */
const SETTING_LABELS: Record<string, string> = {
  threshold: 'Missed-call rate above (%)',
  windowHours: 'Over the last (hours)',
  minCalls: 'With at least (calls)',
  hours: 'No calls for (hours)',
  failures: 'Failed calls in a row',
  percent: 'Share of the number limit (%)',
};

export interface SettingField {
  key: string;
  label: string;
  /** The whole numbers the server takes (MONITOR_SETTING_RANGES); it says so per field when refused. */
  min: number;
  max: number;
  defaultValue: number;
}

/** A monitor kind's settings, in MONITOR_DEFAULTS' order, each with its label, range and default. */
export function settingFieldsOf(kind: MonitorKind): SettingField[] {
  const ranges: Readonly<Record<string, { min: number; max: number }>> = MONITOR_SETTING_RANGES[kind];
  return Object.entries(MONITOR_DEFAULTS[kind] as Record<string, number>).map(([key, defaultValue]) => ({
    key,
    label: SETTING_LABELS[key] ?? factLabel(key),
    min: ranges[key]?.min ?? 0,
    max: ranges[key]?.max ?? Number.MAX_SAFE_INTEGER,
    defaultValue,
  }));
}

/** A monitor's settings to edit: what it has, the default for anything it lacks. */
export function settingsToEdit(kind: MonitorKind, settings: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    settingFieldsOf(kind).map((field) => [field.key, settings[field.key] ?? field.defaultValue]),
  );
}
