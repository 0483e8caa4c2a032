/**
 * §7 `/usage`: what the company used in the current billing period, metered from our own records — numbers held
 * now, call minutes (each call rounded up to the minute, as carriers bill), messages and their segments (both
 * directions), and registration fees charged — and what the usage beyond the plan costs so far.
 *
 * Segments are counted in SQL as GSM-7 segments (160 characters alone, 153 each when split): a text with other
 * characters (UCS-2, 70/67) counts low. Reading every message's text to count exactly would cost a period's worth
 * of rows on every meter refresh; the provider's invoice is the exact figure.
 */
import type { Usage } from '@shared/api/billing';
import { PLAN_ALLOWANCES, type Plan, USAGE_RATES_CENTS } from '@shared/domain/billing';
import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { billingCharges, calls, conversationItems, numbers } from '../../../db/schema';

export interface UsagePeriod {
  start: Date;
  end: Date;
  plan: Plan;
}

/** The calendar month around `now` (UTC), for a company without a subscription. */
export function calendarMonth(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

export async function meterUsage(db: Db, companyId: number, period: UsagePeriod): Promise<Usage> {
  const [numberRow] = await db
    .select({ value: count() })
    .from(numbers)
    .where(and(eq(numbers.company_id, companyId), isNull(numbers.released_at)));
  const [callRow] = await db
    .select({ value: sql<string>`coalesce(sum(ceil(${calls.duration}::numeric / 60)), 0)` })
    .from(calls)
    .where(
      and(
        eq(calls.company_id, companyId),
        gte(calls.started_at, period.start),
        lt(calls.started_at, period.end),
      ),
    );
  const [messageRow] = await db
    .select({
      messages: count(),
      segments: sql<string>`coalesce(sum(case when char_length(${conversationItems.content}) <= 160 then 1
        else ceil(char_length(${conversationItems.content})::numeric / 153) end), 0)`,
    })
    .from(conversationItems)
    .where(
      and(
        eq(conversationItems.company_id, companyId),
        eq(conversationItems.kind, 'message'),
        gte(conversationItems.created_at, period.start),
        lt(conversationItems.created_at, period.end),
      ),
    );
  const [feeRow] = await db
    .select({ value: sql<string>`coalesce(sum(${billingCharges.amount_cents}), 0)` })
    .from(billingCharges)
    .where(
      and(
        eq(billingCharges.company_id, companyId),
        gte(billingCharges.created_at, period.start),
        lt(billingCharges.created_at, period.end),
      ),
    );
  const used = {
    numbers: Number(numberRow?.value ?? 0),
    minutes: Number(callRow?.value ?? 0),
    messages: Number(messageRow?.messages ?? 0),
    segments: Number(messageRow?.segments ?? 0),
  };
  const included = PLAN_ALLOWANCES[period.plan];
  const over = (key: 'numbers' | 'minutes' | 'segments') =>
    Math.max(0, used[key] - included[key]) * USAGE_RATES_CENTS[key];
  return {
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    ...used,
    registration_fees_cents: Number(feeRow?.value ?? 0),
    included,
    overage_cents: over('numbers') + over('minutes') + over('segments'),
  };
}
