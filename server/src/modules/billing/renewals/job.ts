/**
 * The billing job on the job runner: one per subscribed company (`billing-cycle`, keyed by the company's id),
 * armed when it subscribes (and by the seed for the demo's). Each run renews what came due (./renew.ts, only
 * for a provider that renews on our clock) and publishes the usage meters if they moved (usage/publish.ts), then
 * waits until the period's end or the next meter refresh, whichever is first. It lives as long as the company
 * (as the monitors' job does): durable across restarts, never run twice at once.
 */
import { eq } from 'drizzle-orm';
import { companies, subscriptions } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { enqueueJob, type JobContext } from '../../../jobs/queue';
import { type JobHandler, RunLater } from '../../../jobs/runner';
import { subscriptionOf } from '../subscription/records';
import { publishUsageIfChanged } from '../usage/publish';
import { renewDuePeriods } from './renew';

export const BILLING_CYCLE_JOB = 'billing-cycle';
/** How often the usage meters are refreshed (and published when they moved). */
export const USAGE_REFRESH_MS = 5 * 60_000;
const MAX_ATTEMPTS = 20;

/** Arms the company's billing job (a no-op when it is armed already: the job reschedules itself). */
export async function armBillingCycle(ctx: JobContext, companyId: number): Promise<void> {
  await enqueueJob(ctx, {
    kind: BILLING_CYCLE_JOB,
    key: String(companyId),
    payload: { companyId },
    maxAttempts: MAX_ATTEMPTS,
  });
}

export const billingCycleJob: JobHandler<AppContext> = {
  kind: BILLING_CYCLE_JOB,
  async run(ctx, job) {
    const companyId = Number(job.row.payload.companyId);
    const [company] = await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) return;
    await renewDuePeriods(ctx, companyId);
    await publishUsageIfChanged(ctx, companyId);
    await job.checkpoint();
    const row = await subscriptionOf(ctx.db, companyId);
    const refresh = ctx.now().getTime() + USAGE_REFRESH_MS;
    const due = row ? Math.max(row.current_period_ends_at.getTime(), ctx.now().getTime()) : refresh;
    throw new RunLater(new Date(Math.min(due, refresh)));
  },
};

/** Arms the job of every subscribed company (a seeded or restored database has no job for them yet). */
export async function armBillingCycles(ctx: JobContext): Promise<void> {
  const rows = await ctx.db.select({ company_id: subscriptions.company_id }).from(subscriptions);
  for (const row of rows) await armBillingCycle(ctx, row.company_id);
}
