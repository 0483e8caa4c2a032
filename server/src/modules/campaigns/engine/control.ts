/**
 * Starting, pausing, resuming and cancelling a campaign's send. Each start or resume raises the campaign's
 * `generation` and enqueues a send job keyed by (campaign, generation) for its time, in the transaction that
 * saves the campaign; a job whose generation is no longer the campaign's does nothing, so a rescheduled,
 * paused or cancelled campaign's old job can never send. Pausing or cancelling also cancels the job: a run in
 * this process stops at once, one in another process at its next checkpoint (under a second, send.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaigns } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { cancelJob, enqueueJob, type JobContext, wakeJobRunners } from '../../../jobs/queue';
import { conflict } from '../../../lib/errors';
import type { CampaignRow } from '../view';
import { publishCampaign } from './stats';

/** The job kind of campaign sends (send.ts runs it). */
export const CAMPAIGN_SEND_JOB = 'campaign-send';

export const sendJobKey = (campaignId: number, generation: number) => `${campaignId}:${generation}`;

export const CONTROL_MESSAGES = {
  notPausable: 'Only a scheduled or sending campaign can be paused.',
  notResumable: 'Only a paused campaign can be resumed.',
} as const;

/**
 * After `row` was saved as queued (inside `tx`; the seed calls it too, with only a job context): a new generation and its send job, at the campaign's time or
 * now. Call `wakeJobRunners(ctx)` after the commit.
 */
export async function scheduleSend(
  ctx: JobContext,
  row: CampaignRow,
  options: { tx: Db },
): Promise<CampaignRow> {
  await cancelJob(ctx, CAMPAIGN_SEND_JOB, sendJobKey(row.id, row.generation), { tx: options.tx });
  const generation = row.generation + 1;
  const [updated] = await options.tx
    .update(campaigns)
    .set({ generation, updated_at: ctx.now() })
    .where(eq(campaigns.id, row.id))
    .returning();
  if (!updated) throw new Error(`campaign ${row.id} vanished`);
  const now = ctx.now();
  const at = row.should_be_sent_at && row.should_be_sent_at > now ? row.should_be_sent_at : now;
  await enqueueJob(
    ctx,
    {
      kind: CAMPAIGN_SEND_JOB,
      key: sendJobKey(row.id, generation),
      payload: { campaignId: row.id, generation },
      runAt: at,
      // A run that makes progress clears its count (checkpoints); these are runs that died making none.
      maxAttempts: 5,
    },
    { tx: options.tx },
  );
  return updated;
}

/** The campaign is no longer queued (saved back as a draft, deleted): its send job goes. */
export async function unscheduleSend(ctx: JobContext, row: CampaignRow, options: { tx: Db }): Promise<void> {
  await cancelJob(ctx, CAMPAIGN_SEND_JOB, sendJobKey(row.id, row.generation), { tx: options.tx });
}

async function transaction<T>(ctx: AppContext, work: (tx: Db) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work(tx as unknown as Db));
}

/** Stops a run of the campaign's job in this process at once (after the commit that cancelled the job). */
function stopRunHere(ctx: AppContext, job: { id: number } | undefined): void {
  if (job) ctx.jobSignals.cancelled(job.id);
}

/** `POST /campaigns/{id}/pause`: no new text goes out within a second. A paused campaign answers as it is. */
export async function pauseCampaign(ctx: AppContext, row: CampaignRow): Promise<CampaignRow> {
  if (row.state === 'paused') return row;
  const result = await transaction(ctx, async (tx) => {
    const [paused] = await tx
      .update(campaigns)
      .set({ state: 'paused', state_reason: null, updated_at: ctx.now() })
      .where(and(eq(campaigns.id, row.id), inArray(campaigns.state, ['queued', 'sending'])))
      .returning();
    if (!paused) return null;
    const job = await cancelJob(ctx, CAMPAIGN_SEND_JOB, sendJobKey(row.id, row.generation), { tx });
    return { paused, job };
  });
  if (!result) throw conflict(CONTROL_MESSAGES.notPausable);
  stopRunHere(ctx, result.job);
  await publishCampaign(ctx, result.paused);
  return result.paused;
}

/**
 * `POST /campaigns/{id}/resume`: goes on where it stopped — sending again if it had started, else queued for
 * its time (now if that has passed). A campaign already going answers as it is.
 */
export async function resumeCampaign(ctx: AppContext, row: CampaignRow): Promise<CampaignRow> {
  if (row.state === 'queued' || row.state === 'sending') return row;
  const resumed = await transaction(ctx, async (tx) => {
    const [updated] = await tx
      .update(campaigns)
      .set({
        state: row.started_at ? 'sending' : 'queued',
        state_reason: null,
        updated_at: ctx.now(),
      })
      .where(and(eq(campaigns.id, row.id), eq(campaigns.state, 'paused')))
      .returning();
    return updated ? scheduleSend(ctx, updated, { tx }) : null;
  });
  if (!resumed) throw conflict(CONTROL_MESSAGES.notResumable);
  wakeJobRunners(ctx);
  await publishCampaign(ctx, resumed);
  return resumed;
}

/**
 * Cancels a campaign that is scheduled, sending or paused (deleting it does this first): no new text goes out.
 * Answers the campaign and whether it had started sending (the §8 cancel message is for that case).
 */
export async function cancelCampaign(
  ctx: AppContext,
  row: CampaignRow,
  options: { tx?: Db } = {},
): Promise<{ row: CampaignRow; wasSending: boolean }> {
  const work = async (tx: Db) => {
    const [cancelled] = await tx
      .update(campaigns)
      .set({ state: 'canceled', finished_at: ctx.now(), updated_at: ctx.now() })
      .where(and(eq(campaigns.id, row.id), inArray(campaigns.state, ['queued', 'sending', 'paused'])))
      .returning();
    const job = cancelled
      ? await cancelJob(ctx, CAMPAIGN_SEND_JOB, sendJobKey(row.id, row.generation), { tx })
      : undefined;
    return { cancelled, job };
  };
  const { cancelled, job } = options.tx ? await work(options.tx) : await transaction(ctx, work);
  if (!cancelled) return { row, wasSending: false };
  // Inside a caller's transaction the run is stopped by its next checkpoint (the job row is cancelled).
  if (!options.tx) stopRunHere(ctx, job);
  return { row: cancelled, wasSending: row.started_at !== null };
}
