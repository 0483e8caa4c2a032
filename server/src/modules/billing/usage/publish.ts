/**
 * §7 Realtime "billing usage updated": the company's meters, published on its companies channel when they
 * moved since the last publish. The renewal job publishes every few minutes (renewals/job.ts) — a meter need not
 * move with each call or text, and metering from the billing module alone keeps calls and messaging unaware of
 * billing.
 */

import type { Usage } from '@shared/api/billing';
import { channels, EVENTS } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { subscriptionOf } from '../subscription/records';
import { calendarMonth, meterUsage } from './usage';

/** The company's usage of its current period (a calendar month without a subscription). */
export async function usageOf(ctx: AppContext, companyId: number): Promise<Usage> {
  const row = await subscriptionOf(ctx.db, companyId);
  const period = row
    ? { start: row.current_period_started_at, end: row.current_period_ends_at, plan: row.plan }
    : { ...calendarMonth(ctx.now()), plan: 'starter' as const };
  return meterUsage(ctx.db, companyId, period);
}

/** Publishes the usage when it changed since the last publish; answers whether it did. */
export async function publishUsageIfChanged(ctx: AppContext, companyId: number): Promise<boolean> {
  const row = await subscriptionOf(ctx.db, companyId);
  if (!row) return false;
  const usage = await usageOf(ctx, companyId);
  const meters = {
    numbers: usage.numbers,
    minutes: usage.minutes,
    messages: usage.messages,
    segments: usage.segments,
    registration_fees_cents: usage.registration_fees_cents,
    period_start: Date.parse(usage.period_start),
  };
  const last = row.published_usage;
  if (last && Object.entries(meters).every(([key, value]) => last[key] === value)) return false;
  await ctx.db
    .update(subscriptions)
    .set({ published_usage: meters })
    .where(eq(subscriptions.company_id, companyId));
  await ctx.realtime.publish(channels.companies(companyId), EVENTS.billingUsageUpdated, usage);
  return true;
}
