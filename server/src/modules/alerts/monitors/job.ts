/**
 * The monitors' evaluation on the job runner: one job per company (`monitor-evaluation`, keyed by the company's
 * id), enqueued when a monitor is turned on (and, for companies whose monitors were on before this server
 * started, by `armEnabledMonitors` at start). Each run evaluates the company's monitors (./evaluate.ts) and then
 * waits EVALUATE_EVERY_MS (`RunLater`), so the job lives as long as the company: durable across restarts, taken
 * up by any server once a dead one's lease runs out, and never run by two at once. It stays armed while every
 * monitor is off (a run then only ends snoozes, which is cheap), so turning one on again needs no new job.
 */
import { eq } from 'drizzle-orm';
import { monitors } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { enqueueJob } from '../../../jobs/queue';
import { type JobHandler, RunLater } from '../../../jobs/runner';
import { evaluateCompanyMonitors } from './evaluate';

export const MONITOR_EVALUATION_JOB = 'monitor-evaluation';
/** How often a company's monitors are evaluated (a snooze ends, at the latest, this long after its time). */
export const EVALUATE_EVERY_MS = 5 * 60_000;
/**
 * Failed runs in a row before the job gives up for good: each run's checkpoint clears the count, so only a long
 * outage (the backoff reaches 10 minutes a wait) ends it.
 */
const MAX_ATTEMPTS = 20;

export async function armMonitorEvaluation(ctx: AppContext, companyId: number): Promise<void> {
  await enqueueJob(ctx, {
    kind: MONITOR_EVALUATION_JOB,
    key: String(companyId),
    payload: { companyId },
    maxAttempts: MAX_ATTEMPTS,
  });
}

/** Arms the job of every company with a monitor on (a seeded or restored database has no job for them yet). */
export async function armEnabledMonitors(ctx: AppContext): Promise<void> {
  const rows = await ctx.db
    .selectDistinct({ company_id: monitors.company_id })
    .from(monitors)
    .where(eq(monitors.enabled, true));
  for (const row of rows) await armMonitorEvaluation(ctx, row.company_id);
}

export const monitorEvaluationJob: JobHandler<AppContext> = {
  kind: MONITOR_EVALUATION_JOB,
  async run(ctx, job) {
    const exists = await evaluateCompanyMonitors(ctx, Number(job.row.payload.companyId));
    if (!exists) return;
    await job.checkpoint();
    throw new RunLater(new Date(ctx.now().getTime() + EVALUATE_EVERY_MS));
  },
};
