/**
 * Each monitor kind's check: what it finds wrong in a company now, one finding per subject (the company, a
 * number, a forward, a campaign). A finding is the condition holding; ./evaluate.ts turns it into an alert (once
 * per subject) or keeps a snoozed one closed or reopens it. Times come from the app's clock.
 */
import { MONITOR_DEFAULTS, type MonitorKind } from '@shared/domain/alerts';
import { formatPhone } from '@shared/domain/phone';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { AlertSubjectType } from '../../../db/schema';
import { calls, campaigns, companies, forwardDials, liveNumber, numbers } from '../../../db/schema';
import { limitAndUsed } from '../../numbers/purchase/limit';

const HOUR_MS = 3_600_000;

/** The kind's settings as they apply: its defaults, with what was saved over them (other keys ignored). */
export function effectiveSettings(
  kind: MonitorKind,
  saved: Record<string, number> = {},
): Record<string, number> {
  const settings: Record<string, number> = { ...MONITOR_DEFAULTS[kind] };
  for (const name of Object.keys(settings)) {
    const value = saved[name];
    if (typeof value === 'number') settings[name] = value;
  }
  return settings;
}

export interface Finding {
  subject: { type: AlertSubjectType; id: string; label: string };
  title: string;
  details: Record<string, unknown>;
}

export type Check = (
  db: Db,
  companyId: number,
  settings: Record<string, number>,
  now: Date,
) => Promise<Finding[]>;

async function companySubject(db: Db, companyId: number): Promise<Finding['subject']> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return { type: 'company', id: String(companyId), label: company?.name ?? '' };
}

/** §3 outcomes a caller was left unanswered by: missed (2) and voicemail (3). */
const UNANSWERED = [2, 3];

/**
 * More than `threshold` % of the inbound calls that ended in the last `windowHours` went unanswered (missed or
 * voicemail), over at least `minCalls` of them (a quiet stretch of two calls is no rate).
 */
const missedRate: Check = async (db, companyId, settings, now) => {
  const { threshold = 0, windowHours = 0, minCalls = 0 } = settings;
  const since = new Date(now.getTime() - windowHours * HOUR_MS);
  const [row] = await db
    .select({
      total: count(),
      missed: sql<number>`count(*) filter (where ${inArray(calls.outcome, UNANSWERED)})`.mapWith(Number),
    })
    .from(calls)
    .where(
      and(
        eq(calls.company_id, companyId),
        eq(calls.is_inbound, true),
        // A call still under way has no outcome yet.
        isNull(calls.live),
        gte(calls.started_at, since),
        lte(calls.started_at, now),
      ),
    );
  const total = row?.total ?? 0;
  const missed = row?.missed ?? 0;
  if (total < minCalls || total === 0) return [];
  const rate = Math.round((missed / total) * 100);
  if ((missed / total) * 100 <= threshold) return [];
  return [
    {
      subject: await companySubject(db, companyId),
      title: `Missed-call rate ${rate} % over the last ${windowHours} hours (threshold ${threshold} %)`,
      details: { rate, missed, total, threshold, window_hours: windowHours, min_calls: minCalls },
    },
  ];
};

/** How far before the silence a number must have had a call to be one that "gets calls". */
const NO_CALLS_LOOKBACK_HOURS = 7 * 24;

/**
 * A voice number of the company's that was getting inbound calls (one in the week before the silence) but has had
 * none in the last `hours`. Numbers silent for longer than that are not watched: they went quiet long ago (and
 * fired then), and the bounded look-back keeps the check on the (company, started_at) index however many calls
 * the company has.
 */
const noCalls: Check = async (db, companyId, settings, now) => {
  const { hours = 0 } = settings;
  const since = new Date(now.getTime() - hours * HOUR_MS);
  const lookback = new Date(since.getTime() - NO_CALLS_LOOKBACK_HOURS * HOUR_MS);
  const rows = await db
    .select({ id: numbers.id, number: numbers.number, label: numbers.label, last: max(calls.started_at) })
    .from(numbers)
    .innerJoin(
      calls,
      and(
        eq(calls.number_id, numbers.id),
        eq(calls.company_id, companyId),
        eq(calls.is_inbound, true),
        gte(calls.started_at, lookback),
        lte(calls.started_at, now),
      ),
    )
    .where(
      and(
        eq(numbers.company_id, companyId),
        liveNumber,
        eq(numbers.status, 'active'),
        // Voice & SMS numbers (§3 category 1); fax lines are not expected to ring.
        eq(numbers.category, 1),
      ),
    )
    .groupBy(numbers.id);
  return rows
    .filter((row) => row.last !== null && row.last < since)
    .map((row) => {
      const label = row.label ? `${row.label} (${formatPhone(row.number)})` : formatPhone(row.number);
      return {
        subject: { type: 'number' as const, id: String(row.id), label },
        title: `No calls on ${label} for ${hours} hours`,
        details: {
          number_id: row.id,
          number: row.number,
          hours,
          last_call_at: row.last?.toISOString() ?? null,
        },
      };
    });
};

/** Dial outcomes that mean the forwarded-to phone did not take the call. */
const FAILED_DIALS = ['no-answer', 'busy', 'failed'];

/** A phone forward whose last `failures` dials all failed (busy, failed or not answered). */
const forwardFailing: Check = async (db, companyId, settings) => {
  const { failures = 1 } = settings;
  const latest = db
    .select({
      phone: forwardDials.phone,
      outcome: forwardDials.outcome,
      at: forwardDials.at,
      place:
        sql<number>`row_number() over (partition by ${forwardDials.phone} order by ${forwardDials.at} desc, ${forwardDials.id} desc)`.as(
          'place',
        ),
    })
    .from(forwardDials)
    .where(eq(forwardDials.company_id, companyId))
    .as('latest');
  const rows = await db
    .select({
      phone: latest.phone,
      tried: count(),
      failed: sql<number>`count(*) filter (where ${inArray(latest.outcome, FAILED_DIALS)})`.mapWith(Number),
      last: max(latest.at),
    })
    .from(latest)
    .where(lte(latest.place, failures))
    .groupBy(latest.phone);
  return rows
    .filter((row) => row.tried >= failures && row.failed === row.tried)
    .map((row) => ({
      subject: { type: 'forward' as const, id: row.phone, label: formatPhone(row.phone) },
      title: `Calls forwarded to ${formatPhone(row.phone)} failed ${row.failed} times in a row`,
      details: { phone: row.phone, failures: row.failed, last_failure_at: row.last?.toISOString() ?? null },
    }));
};

/** A campaign the §4 auto-pause rule paused (a person's pause has no reason) and nobody has resumed. */
const campaignPaused: Check = async (db, companyId) => {
  const rows = await db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      reason: campaigns.state_reason,
      at: campaigns.updated_at,
    })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.company_id, companyId),
        eq(campaigns.state, 'paused'),
        isNotNull(campaigns.state_reason),
        isNull(campaigns.deleted_at),
      ),
    )
    .orderBy(desc(campaigns.id));
  return rows.map((row) => ({
    subject: { type: 'campaign' as const, id: String(row.id), label: row.title },
    title: `Campaign “${row.title}” was paused automatically`,
    details: { campaign_id: row.id, reason: row.reason, paused_at: row.at.toISOString() },
  }));
};

/** The company holds at least `percent` % of its number limit (companies.number_limit). */
const numberLimit: Check = async (db, companyId, settings) => {
  const { percent = 100 } = settings;
  const { limit, used } = await limitAndUsed(db, companyId);
  if (limit <= 0 || used * 100 < percent * limit) return [];
  return [
    {
      subject: await companySubject(db, companyId),
      title: `${used} of ${limit} numbers used (${Math.round((used / limit) * 100)} % of the limit)`,
      details: { used, limit, percent },
    },
  ];
};

export const CHECKS: Readonly<Record<MonitorKind, Check>> = {
  missed_rate: missedRate,
  no_calls: noCalls,
  forward_failing: forwardFailing,
  campaign_paused: campaignPaused,
  number_limit: numberLimit,
};
