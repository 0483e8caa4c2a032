/**
 * What a screen shows for a group's key: the labels of report rows and dashboard points. Codes are labelled by
 * their code lists (shared/domain), dates by the §9 formats, numbers by §5's display format; a group of calls with
 * no value says so in brackets, as the contract's examples do ("(no source)").
 */
import type { AnalyticsRow } from '@shared/api/analytics';
import {
  type AnalyticsFigures,
  type AnalyticsGrouping,
  DURATION_BUCKETS,
  hourLabel,
  MISSED_REASONS,
  WEEKDAY_LABELS,
} from '@shared/domain/analytics';
import { CALL_OUTCOMES, CALL_QUALIFICATIONS } from '@shared/domain/calls';
import { type CodeTable, labelOf } from '@shared/domain/codes';
import { formatPhone } from '@shared/domain/phone';
import { DATE_FORMATS } from '@shared/domain/time';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/** A report's grouping, with the business unit's own `company`. */
export type ReportGrouping = AnalyticsGrouping | 'company';

/** What the query answers beside a group's key for its label: a number's digits and label, a name. */
export interface LabelParts {
  number?: string | null;
  text?: string | null;
}

/** The label of a group with no value, per grouping. */
const NONE: Partial<Record<ReportGrouping, string>> = {
  number: '(no number)',
  agent: '(no agent)',
  source: '(no source)',
  keyword: '(no keyword)',
  campaign: '(no campaign)',
  landing_page: '(no landing page)',
  qualification: '(not qualified)',
  missed_reason: '(not missed)',
  company: '(no company)',
};

const codeLabel = <T extends string | number>(list: CodeTable<T>, value: T) =>
  labelOf(list, value, String(value));

/** The label of `key` in `grouping`. */
export function groupLabel(grouping: ReportGrouping, key: string | null, parts: LabelParts = {}): string {
  if (key === null) return NONE[grouping] ?? '(none)';
  switch (grouping) {
    case 'day':
      return dayjs.utc(key).format(DATE_FORMATS.monthDayYear);
    case 'week':
      return `Week of ${dayjs.utc(key).format(DATE_FORMATS.monthDayYear)}`;
    case 'month':
      return dayjs.utc(key).format('MMMM YYYY');
    case 'hour':
      return hourLabel(Number(key));
    case 'weekday':
      return WEEKDAY_LABELS[Number(key)] ?? key;
    case 'number': {
      const number = parts.number ? formatPhone(parts.number) : `#${key}`;
      return parts.text ? `${number} · ${parts.text}` : number;
    }
    case 'agent':
    case 'company':
      return parts.text || `#${key}`;
    case 'outcome':
      return codeLabel(CALL_OUTCOMES, Number(key));
    case 'qualification':
      return codeLabel(CALL_QUALIFICATIONS, Number(key));
    case 'first_time':
      return key === 'true' ? 'First-time caller' : 'Returning caller';
    case 'duration':
      return codeLabel(DURATION_BUCKETS, key as never);
    case 'missed_reason':
      return codeLabel(MISSED_REASONS, key as never);
    default:
      return key;
  }
}

/** A report row: its key, label and figures. */
export function reportRow(
  grouping: ReportGrouping,
  key: string | null,
  figures: AnalyticsFigures,
  parts?: LabelParts,
): AnalyticsRow {
  return { key, label: groupLabel(grouping, key, parts), ...figures };
}
