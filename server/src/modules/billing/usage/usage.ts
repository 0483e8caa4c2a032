/**
 * §7 `/usage`: what the company used in the current billing period, metered from our own records — numbers held
 * now, call minutes (each call rounded up to the minute, as carriers bill), messages and their segments (both
 * directions), and registration fees charged — and what the usage beyond the plan costs so far.
 *
 * Segments are counted in SQL by shared/domain/sms.ts's rule (`segmentsSql`), so a meter refresh reads no
 * message text out of the database; a message without text (a picture alone) is one.
 */
import type { Usage } from '@shared/api/billing';
import { PLAN_ALLOWANCES, type Plan, USAGE_RATES_CENTS } from '@shared/domain/billing';
import { GSM_BASIC, GSM_EXTENDED } from '@shared/domain/sms';
import { and, count, eq, gte, isNull, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
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

/** A PostgreSQL bracket expression's members: its specials (`\ ] [ ^ -`) escaped. */
const bracketed = (characters: string) => characters.replace(/[\\\][^-]/g, (char) => `\\${char}`);
const NOT_GSM = `[^${bracketed(GSM_BASIC + GSM_EXTENDED)}]`;
const GSM_EXTENSION = `[${bracketed(GSM_EXTENDED)}]`;
/** Characters outside the BMP: two UTF-16 units each in UCS-2. */
const ASTRAL = '[\\U00010000-\\U0010FFFF]';

/**
 * The SMS segments of a text, in SQL, exactly as `countSegments` counts them (shared/domain/sms.ts): GSM-7 — 160
 * septets in one, 153 per part, the extension characters counting two — unless a character is outside GSM-7, then
 * UCS-2 — 70 UTF-16 units in one, 67 per part. At least one: a message is billed even without text.
 */
export function segmentsSql(column: SQLWrapper): SQL<number> {
  const text = sql`coalesce(${column}, '')`;
  const length = sql`char_length(${text})`;
  const twice = (pattern: string) =>
    sql`(${length} - char_length(regexp_replace(${text}, ${pattern}, '', 'g')))`;
  const septets = sql`(${length} + ${twice(GSM_EXTENSION)})`;
  const units = sql`(${length} + ${twice(ASTRAL)})`;
  return sql<number>`case
    when ${text} ~ ${NOT_GSM} then case when ${units} <= 70 then 1 else ceil(${units}::numeric / 67) end
    when ${septets} <= 160 then 1
    else ceil(${septets}::numeric / 153) end`;
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
      segments: sql<string>`coalesce(sum(${segmentsSql(conversationItems.content)}), 0)`,
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
