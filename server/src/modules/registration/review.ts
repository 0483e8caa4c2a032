/**
 * The review on the job runner: one `sms-registration-review` job per submission (keyed by the registration and
 * its submission time, so a resubmission has its own and an old one finds its submission gone and ends). Each run
 * asks the registry where the review stands and stores it, then waits until the registry's next time
 * (`RunLater`) — the sandbox's review times, or Twilio's polling interval — until the review is decided. The
 * clock is the app's (`ctx.now()`), so tests move the review by moving the clock.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type SmsRegistrationRow, smsRegistrations } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { enqueueJob } from '../../jobs/queue';
import { type JobHandler, RunLater } from '../../jobs/runner';
import { forRegistry } from './records';
import { type ReviewState, registryOf } from './registry';

export const REGISTRATION_REVIEW_JOB = 'sms-registration-review';
const MAX_ATTEMPTS = 10;

export const reviewJobKey = (row: Pick<SmsRegistrationRow, 'id' | 'submitted_at'>) =>
  `${row.id}:${row.submitted_at?.getTime() ?? 0}`;

export async function scheduleReview(
  ctx: AppContext,
  row: SmsRegistrationRow,
  options: { tx?: Db } = {},
): Promise<void> {
  await enqueueJob(
    ctx,
    {
      kind: REGISTRATION_REVIEW_JOB,
      key: reviewJobKey(row),
      payload: { registrationId: row.id, submittedAt: row.submitted_at?.toISOString() ?? null },
      runAt: row.review_due_at ?? ctx.now(),
      maxAttempts: MAX_ATTEMPTS,
    },
    options,
  );
}

/** Stores what the registry said, unless the registration changed meanwhile (cancelled, resubmitted). */
export async function applyReview(
  ctx: AppContext,
  row: SmsRegistrationRow,
  state: ReviewState,
): Promise<SmsRegistrationRow | null> {
  const approved =
    state.campaign_status === 'approved' && (row.kind === 'toll_free' || state.brand_status === 'approved');
  const [saved] = await ctx.db
    .update(smsRegistrations)
    .set({
      brand_status: state.brand_status,
      campaign_status: state.campaign_status,
      rejection: state.rejection,
      registry_refs: state.refs,
      review_due_at: state.next_at,
      approved_at: approved ? (row.approved_at ?? ctx.now()) : null,
      updated_at: ctx.now(),
    })
    .where(eq(smsRegistrations.id, row.id))
    .returning();
  return saved && saved.submitted_at?.getTime() === row.submitted_at?.getTime() ? saved : null;
}

/** The review still running for this submission, or null (cancelled, resubmitted, decided). */
async function current(
  ctx: AppContext,
  id: number,
  submittedAt: string | null,
): Promise<SmsRegistrationRow | null> {
  const [row] = await ctx.db.select().from(smsRegistrations).where(eq(smsRegistrations.id, id));
  if (!row || row.expired_at || row.submitted_at?.toISOString() !== submittedAt) return null;
  return row.review_due_at ? row : null;
}

/** One step: when due, ask the registry and store its answer. Answers the row and whether a step was taken. */
export async function reviewStep(
  ctx: AppContext,
  row: SmsRegistrationRow,
): Promise<SmsRegistrationRow | null> {
  const registry = registryOf(ctx, row.registry);
  const state = await registry.poll(ctx, await forRegistry(ctx, row));
  return applyReview(ctx, row, state);
}

export const registrationReviewJob: JobHandler<AppContext> = {
  kind: REGISTRATION_REVIEW_JOB,
  async run(ctx, job) {
    const { registrationId, submittedAt } = job.row.payload as {
      registrationId: number;
      submittedAt: string | null;
    };
    let row = await current(ctx, registrationId, submittedAt);
    while (row?.review_due_at) {
      if (row.review_due_at > ctx.now()) {
        await job.checkpoint();
        throw new RunLater(row.review_due_at);
      }
      const stepped = await reviewStep(ctx, row);
      row = stepped && (await current(ctx, registrationId, submittedAt));
    }
  },
};

/**
 * The sandbox's shortcut (`POST …/sandbox-review`, e2e and the demo): every review step under way is taken now
 * rather than at its time, until the review is decided.
 */
export async function finishSandboxReview(
  ctx: AppContext,
  row: SmsRegistrationRow,
): Promise<SmsRegistrationRow> {
  let latest = row;
  for (let step = 0; step < 10 && latest.review_due_at && !latest.expired_at; step += 1) {
    const next = await reviewStep(ctx, latest);
    if (!next) break;
    latest = next;
  }
  return latest;
}
