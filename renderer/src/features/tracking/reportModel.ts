/**
 * The reports screen's words and checks: a report's range as people read it, each state's badge, the range a new
 * report starts with (the last 30 days, to today in the person's zone), and the contract's own check of a range,
 * with its messages, before it is sent.
 */
import { DniCompanyReportSchema, type DniReportState } from '@shared/api/dniReports';
import { DATE_FORMATS } from '@shared/domain/time';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const STATE_LOOK: Record<DniReportState, { label: string; color: string }> = {
  queued: { label: 'Waiting', color: 'gray' },
  running: { label: 'Being made', color: 'blue' },
  finished: { label: 'Ready', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** "Nov 1, 2026 – Nov 24, 2026", or one day alone. */
export function rangeText(report: { start_date: string; end_date: string }): string {
  const day = (date: string) => dayjs.utc(date).format(DATE_FORMATS.monthDayYear);
  return report.start_date === report.end_date
    ? day(report.start_date)
    : `${day(report.start_date)} – ${day(report.end_date)}`;
}

/** The last 30 days, both ends included, ending today in `tz`. */
export function defaultReportRange(now: Date, tz: string): { startDate: string; endDate: string } {
  const today = dayjs(now).tz(tz);
  return { startDate: today.subtract(29, 'day').format('YYYY-MM-DD'), endDate: today.format('YYYY-MM-DD') };
}

/** The contract's check of a range (dates, order, at most two years), per field; empty when it may be sent. */
export function reportProblems(range: { startDate: string; endDate: string }): {
  startDate?: string;
  endDate?: string;
} {
  const problems: { startDate?: string; endDate?: string } = {};
  // The company is the screen's: any valid id lets the check look at the dates alone.
  const parsed = DniCompanyReportSchema.safeParse({ company_id: 1, ...range });
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'startDate' || field === 'endDate') problems[field] ??= issue.message;
  }
  return problems;
}
