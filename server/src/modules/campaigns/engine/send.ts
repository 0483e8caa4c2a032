/**
 * The campaign send job (`campaign-send`, one per campaign and generation, control.ts): makes the ledger when
 * the campaign starts (ledger.ts), then sends its rows in order, each exactly once:
 *
 * 1. **Claim before the carrier.** A batch of due rows (pending, their texting hours open) is claimed by one
 *    UPDATE — `sending`, with this run's claim — before the carrier is called. Each send gives the carrier a
 *    reference (`<claim>:<row id>`); the sid it answers is stored on the row (`sent`), conditioned on the claim.
 * 2. **A run that dies leaves claims, never guesses.** The next run (this server after a restart, or another
 *    once the lease runs out) first reconciles every claim it does not own: it asks the carrier whether that
 *    reference was sent (`findSent`). Sent: the row takes the sid. Never sent: the row is pending again and is
 *    sent once, later. So a crash before the carrier call loses nothing, and one after it sends nothing twice.
 * 3. **Forward only.** Every write names the state it moves from (shared/domain/campaignSending.ts); receipts
 *    (hooks.ts) move `sent` to delivered/undelivered, a replayed receipt changes nothing, and the counts are
 *    taken from the ledger (stats.ts), so nothing is counted twice.
 *
 * Pace: each send takes its number's slot (pacing.ts) and waits for it; a number at its daily cap, or rows
 * waiting for their recipients' texting hours, end the run with `RunLater` for when the next row is due.
 * Every `TICK_MS` the run checkpoints (a paused or cancelled campaign's job is cancelled, so the checkpoint stops
 * it, on any server, within a tick), refreshes and publishes the counts, and pauses the campaign itself when its
 * recent failures or STOP replies pass `AUTO_PAUSE`.
 */
import { randomUUID } from 'node:crypto';
import { AUTO_PAUSE, autoPauseReason } from '@shared/domain/campaignSending';
import { isSendableAt, nextSendableAt } from '@shared/domain/textingHours';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { CarrierError } from '../../../carriers/types';
import type { Db } from '../../../db/client';
import { campaignRecipients, campaigns, conversationItems, numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { HandBack, type JobHandler, RunLater, type RunningJob, SimulatedCrash } from '../../../jobs/runner';
import { evaluateKindNow } from '../../alerts/monitors/evaluate';
import {
  addItem,
  advanceItemDelivery,
  findOrCreateConversation,
  publishConversationUpdated,
} from '../../conversations/store';
import { applyDeliveryReceipt } from '../../inbound/receipts';
import { campaignSendRefusal } from '../../registration/sending';
import { campaignMediaForCarrier } from '../media';
import type { CampaignRow, RecipientRow } from '../view';
import { CAMPAIGN_SEND_JOB } from './control';
import { buildLedger } from './ledger';
import { paceOf, takeSlot } from './pacing';
import { publishCampaign, refreshDirtyStats, refreshStats } from './stats';

/** How often a run checkpoints, publishes its counts and looks at its recent outcomes (wall time). */
export const TICK_MS = 500;
/**
 * How often a sending run asks whether its number is still registered and its account still in good standing (a
 * withdrawal, or a renewal declined, pauses it within this), unless the settings say otherwise.
 */
const SEND_RIGHTS_RECHECK_MS = 10_000;
/** How many sends between two looks at the auto-pause rule (half its window: a bad run is caught early). */
const JUDGE_EVERY = Math.max(1, Math.floor(AUTO_PAUSE.window / 2));
/** How far back (in ledger positions) the auto-pause rule looks for its last sends; skipped rows leave gaps. */
const RECENT_SPAN = AUTO_PAUSE.window * 10;
/** Rows claimed at once when the pace allows it (one at a time at a paced number's rate). */
const MAX_BATCH = 50;

export const SEND_MESSAGES = {
  numberGone: 'The sending number was removed from the account, so the campaign could not be sent.',
  numberNoSms: 'The sending number can no longer send texts, so the campaign could not be sent.',
  nobody: 'Nobody in the group could be sent to (see the skipped recipients).',
  noneDelivered: 'None of the texts could be sent: the carrier refused every one.',
} as const;

type NumberRow = typeof numbers.$inferSelect;

export function campaignSendJob(options: { leaseMs: number }): JobHandler<AppContext> {
  return {
    kind: CAMPAIGN_SEND_JOB,
    // Several campaigns send at once; each paces itself by its number.
    concurrency: 4,
    leaseMs: options.leaseMs,
    run: runCampaignSend,
    // Receipts and replies mark campaigns dirty; this takes their counts and publishes them (each poll).
    sweeps: [{ name: 'stats', everyMs: 1_000, run: async (ctx) => void (await refreshDirtyStats(ctx)) }],
  };
}

async function loadCampaign(db: Db, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export async function runCampaignSend(ctx: AppContext, job: RunningJob): Promise<void> {
  const { campaignId, generation } = job.row.payload as { campaignId: number; generation: number };
  let campaign = await loadCampaign(ctx.db, campaignId);
  // Rescheduled, paused, cancelled or deleted since this job was made: a later job (or none) is the campaign's.
  if (!campaign || campaign.deleted_at || campaign.generation !== generation) return;
  if (campaign.state !== 'queued' && campaign.state !== 'sending') return;
  const [number] = campaign.number_id
    ? await ctx.db.select().from(numbers).where(eq(numbers.id, campaign.number_id))
    : [];
  if (!number || number.company_id !== campaign.company_id || number.released_at || !number.sms_enabled) {
    const gone = !number || number.released_at !== null;
    await endCampaign(ctx, campaign, 'failed', gone ? SEND_MESSAGES.numberGone : SEND_MESSAGES.numberNoSms);
    return;
  }
  // Registration withdrawn (cancelled, rejected) or the account fallen behind since the campaign was queued:
  // pause, saying why.
  if (await pauseIfRefused(ctx, campaign)) return;
  if (!campaign.started_at) {
    const current = campaign;
    const started = await ctx.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const row = await buildLedger(ctx, current, tx);
      await job.checkpoint({ done: 0, total: row?.recipient_count ?? null }, tx);
      return row;
    });
    campaign = started ?? (await loadCampaign(ctx.db, campaignId)) ?? campaign;
    await publishCampaign(ctx, campaign);
  }
  await new CampaignRun(ctx, job, campaign, number).run();
}

/**
 * Pauses the campaign with the reason when its account's standing no longer lets it send campaigns (past due,
 * parked, deactivated: §8's text) or its number has no approved registration any more (modules/registration
 * sending.ts); answers whether it did. Resuming once paid, or registered again, sends the rest.
 */
async function pauseIfRefused(ctx: AppContext, campaign: CampaignRow): Promise<boolean> {
  const standing = await ctx.standing.refusalOf(campaign.company_id, 'send_campaigns');
  const reason =
    standing?.message ?? (campaign.number_id ? await campaignSendRefusal(ctx, campaign.number_id) : null);
  if (!reason) return false;
  const [paused] = await ctx.db
    .update(campaigns)
    .set({ state: 'paused', state_reason: reason, updated_at: ctx.now() })
    .where(and(eq(campaigns.id, campaign.id), inArray(campaigns.state, ['queued', 'sending'])))
    .returning();
  const row = await refreshStats(ctx, campaign.id, { publish: false });
  if (paused && row) await publishCampaign(ctx, row);
  return true;
}

/** Ends the campaign (sent, failed) unless it has left `sending`/`queued` meanwhile; publishes it. */
async function endCampaign(
  ctx: AppContext,
  campaign: CampaignRow,
  state: 'sent' | 'failed',
  reason: string | null,
): Promise<void> {
  const [ended] = await ctx.db
    .update(campaigns)
    .set({ state, state_reason: reason, finished_at: ctx.now(), updated_at: ctx.now() })
    .where(
      and(
        eq(campaigns.id, campaign.id),
        eq(campaigns.generation, campaign.generation),
        inArray(campaigns.state, ['queued', 'sending']),
      ),
    )
    .returning();
  if (ended) await refreshStats(ctx, ended.id);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** One run of a started campaign's send. */
class CampaignRun {
  /** This run's claim: the rows it holds while sending carry it. */
  private readonly claim = randomUUID();
  private lastTick = Date.now();
  /** When the standing and the number's registration were last looked at (every SEND_RIGHTS_RECHECK_MS). */
  private sendRightsCheckedAt = Date.now();
  /** Sends this run made (carried or refused), and how many it had made when it last judged its outcomes. */
  private attempted = 0;
  private judgedAt = 0;
  /** The furthest row this run sent: the auto-pause rule looks back from it. */
  private lastPosition = 0;
  private readonly pace;

  constructor(
    private readonly ctx: AppContext,
    private readonly job: RunningJob,
    private readonly campaign: CampaignRow,
    private readonly number: NumberRow,
  ) {
    this.pace = paceOf(ctx, number.type);
  }

  async run(): Promise<void> {
    await this.reconcile();
    for (;;) {
      if (await this.tick()) return;
      const batch = await this.claimBatch();
      if (batch.length === 0) {
        await this.finishOrWait();
        return;
      }
      try {
        await this.sendBatch(batch);
        // The campaign left `sending` mid-batch (it paused itself, or was ended): no further batch.
        if (this.leftSending) return;
      } catch (error) {
        // Paused or cancelled on another server (the checkpoint said so), or the carrier could not be reached:
        // the rows this run holds and never handed over go back (the one in flight, if any, is reconciled).
        if (!(error instanceof SimulatedCrash)) {
          await this.release(this.unsent);
          // The send in flight when it stopped is counted now, not only when its delivery receipt marks the
          // campaign for the stats sweep. Best effort: the error that stopped the run is the one to answer.
          await refreshStats(this.ctx, this.campaign.id).catch(() => undefined);
        }
        throw error;
      }
    }
  }

  /** The claimed rows not yet handed to the carrier. */
  private unsent: RecipientRow[] = [];
  /** A tick found the campaign no longer sending (a self-pause: auto-pause, standing, registration). */
  private leftSending = false;

  private async sendBatch(batch: readonly RecipientRow[]): Promise<void> {
    for (let index = 0; index < batch.length; index++) {
      const row = batch[index] as RecipientRow;
      const rest = batch.slice(index);
      this.unsent = rest;
      if (this.job.signal.aborted) return this.stop(rest);
      if (await this.tick()) {
        this.leftSending = true;
        return this.release(rest);
      }
      if (
        this.ctx.config.campaigns.textingHours &&
        !isSendableAt(this.ctx.now(), row.time_zone, row.region)
      ) {
        await this.release([row], nextSendableAt(this.ctx.now(), row.time_zone, row.region));
        continue;
      }
      if (this.ctx.config.campaigns.pacing) {
        const slot = await takeSlot(this.ctx, this.number, this.pace);
        if ('capped' in slot) return this.release(rest, slot.reopensAt);
        await this.waitUntil(slot.at);
        if (this.job.signal.aborted) return this.stop(rest);
      }
      this.unsent = batch.slice(index + 1);
      await this.sendRow(row);
    }
    this.unsent = [];
  }

  /**
   * Every TICK_MS: checkpoint (throws LeaseLost when the job was cancelled: paused, cancelled, deleted) and the
   * counts taken and published; and every JUDGE_EVERY sends (a fast campaign sends hundreds a tick) the
   * auto-pause rule. Answers true when this run must stop (the campaign left `sending`, or paused itself).
   */
  private async tick(force = false): Promise<boolean> {
    const timeUp = force || Date.now() - this.lastTick >= TICK_MS;
    const judge = force || this.attempted - this.judgedAt >= JUDGE_EVERY;
    if (!timeUp && !judge) return false;
    if (judge) {
      this.judgedAt = this.attempted;
      const reason = autoPauseReason(await this.recentOutcomes());
      if (reason) {
        const [paused] = await this.ctx.db
          .update(campaigns)
          .set({ state: 'paused', state_reason: reason, updated_at: this.ctx.now() })
          .where(and(eq(campaigns.id, this.campaign.id), eq(campaigns.state, 'sending')))
          .returning();
        const row = await refreshStats(this.ctx, this.campaign.id, { publish: false });
        if (paused && row) await publishCampaign(this.ctx, row);
        // The campaign_paused monitor hears of it now, not at its job's next turn.
        if (paused) await evaluateKindNow(this.ctx, paused.company_id, 'campaign_paused');
        return true;
      }
    }
    if (!timeUp) return false;
    this.lastTick = Date.now();
    await this.job.checkpoint({ done: this.attempted, total: null });
    const recheckMs = this.ctx.config.campaigns.sendRightsRecheckMs ?? SEND_RIGHTS_RECHECK_MS;
    if (Date.now() - this.sendRightsCheckedAt >= recheckMs) {
      this.sendRightsCheckedAt = Date.now();
      if (await pauseIfRefused(this.ctx, this.campaign)) return true;
    }
    const row = await refreshStats(this.ctx, this.campaign.id, { publish: false });
    if (row?.state !== 'sending' || row.generation !== this.campaign.generation) return true;
    await publishCampaign(this.ctx, row);
    return false;
  }

  /**
   * The last AUTO_PAUSE.window sends (in send order): how many failed — refused, or undelivered by their
   * receipt — and how many replied STOP. A send still waiting for its receipt counts as not failed.
   */
  private async recentOutcomes() {
    const r = campaignRecipients;
    const made = inArray(r.state, ['sent', 'delivered', 'undelivered', 'failed']);
    // Only the stretch of the ledger just sent: the index (campaign, state, position) reads a few hundred rows,
    // where "the newest 100 of the campaign" would sort every row sent so far, at every look.
    const near = gte(r.position, this.lastPosition - RECENT_SPAN);
    const recent = this.ctx.db
      .select({ state: r.state, unsubscribed_at: r.unsubscribed_at })
      .from(r)
      .where(and(eq(r.campaign_id, this.campaign.id), made, near))
      .orderBy(desc(r.position))
      .limit(AUTO_PAUSE.window)
      .as('recent');
    const [counts] = await this.ctx.db
      .select({
        finished: sql<number>`count(*)::int`,
        failed: sql<number>`(count(*) filter (where ${recent.state} in ('undelivered', 'failed')))::int`,
        stopped: sql<number>`(count(*) filter (where ${recent.unsubscribed_at} is not null))::int`,
      })
      .from(recent);
    return {
      finished: Number(counts?.finished ?? 0),
      failed: Number(counts?.failed ?? 0),
      stopped: Number(counts?.stopped ?? 0),
    };
  }

  /** Claims the next due rows, in order, for this run. */
  private async claimBatch(): Promise<RecipientRow[]> {
    const r = campaignRecipients;
    const now = this.ctx.now();
    const size = this.ctx.config.campaigns.pacing
      ? Math.max(1, Math.min(MAX_BATCH, Math.floor(this.pace.perSecond)))
      : MAX_BATCH;
    const due = this.ctx.db
      .select({ id: r.id })
      .from(r)
      .where(
        and(
          eq(r.campaign_id, this.campaign.id),
          eq(r.state, 'pending'),
          or(isNull(r.not_before), lte(r.not_before, now)),
        ),
      )
      .orderBy(asc(r.position))
      .limit(size)
      .for('update', { skipLocked: true });
    const claimed = await this.ctx.db
      .update(r)
      .set({ state: 'sending', claim: this.claim, claimed_at: now, updated_at: now })
      .where(inArray(r.id, due))
      .returning();
    return claimed.sort((a, b) => a.position - b.position);
  }

  /** Gives claimed rows back unsent (pending again), optionally not before a time. */
  private async release(rows: readonly RecipientRow[], notBefore?: Date): Promise<void> {
    if (rows.length === 0) return;
    const r = campaignRecipients;
    await this.ctx.db
      .update(r)
      .set({
        state: 'pending',
        claim: null,
        claimed_at: null,
        updated_at: this.ctx.now(),
        ...(notBefore ? { not_before: notBefore } : {}),
      })
      .where(
        and(
          inArray(
            r.id,
            rows.map((row) => row.id),
          ),
          eq(r.state, 'sending'),
          eq(r.claim, this.claim),
        ),
      );
  }

  /** The signal was aborted: give back what was not sent, then stop as the runner asks. */
  private async stop(rest: readonly RecipientRow[]): Promise<void> {
    await this.release(rest);
    // Cancelled (paused, deleted): the checkpoint says so and the runner writes nothing more.
    await this.job.checkpoint({ done: this.attempted, total: null });
    // Still ours: the server is stopping; the job is queued again and goes on elsewhere or after the restart.
    throw new HandBack();
  }

  private async waitUntil(at: Date): Promise<void> {
    for (;;) {
      const wait = at.getTime() - this.ctx.now().getTime();
      if (wait <= 0 || this.job.signal.aborted) return;
      await sleep(Math.min(wait, TICK_MS), this.job.signal);
      // A long wait (a busy number) still checkpoints, so the lease holds and a pause is heard.
      if (Date.now() - this.lastTick >= TICK_MS) {
        this.lastTick = Date.now();
        await this.job.checkpoint({ done: this.attempted, total: null });
      }
    }
  }

  /** Sends one claimed row: its inbox item first (unless skipped), then the carrier, then the answer. */
  private async sendRow(row: RecipientRow): Promise<void> {
    const itemId = this.campaign.skip_inbox ? null : await this.inboxItem(row);
    const r = campaignRecipients;
    const mine = and(eq(r.id, row.id), eq(r.state, 'sending'), eq(r.claim, this.claim));
    this.attempted++;
    this.lastPosition = Math.max(this.lastPosition, row.position);
    try {
      const result = await this.ctx.carrier.sendMessage({
        from: this.number.number,
        to: row.number,
        body: row.body,
        // Signed per send: a paced campaign runs for hours, longer than one link lives.
        media: campaignMediaForCarrier(this.ctx, this.campaign),
        companyId: this.campaign.company_id,
        reference: `${this.claim}:${row.id}`,
        onReceipt: (receipt) => applyDeliveryReceipt(this.ctx, receipt),
      });
      await this.ctx.db
        .update(r)
        .set({ state: 'sent', carrier_sid: result.sid, sent_at: this.ctx.now(), updated_at: this.ctx.now() })
        .where(mine);
      if (itemId !== null) await this.itemSent(itemId, result.state, result.sid);
    } catch (error) {
      if (!(error instanceof CarrierError)) throw error;
      // Refused outright (bad number, not SMS-capable): final, with the carrier's code.
      const code = error.code ?? 'refused';
      await this.ctx.db
        .update(r)
        .set({ state: 'failed', error_code: code, finished_at: this.ctx.now(), updated_at: this.ctx.now() })
        .where(mine);
      if (itemId !== null) await this.itemFailed(itemId, code);
    }
  }

  /** The row's message in the inbox conversation with the recipient, made once (kept on the row). */
  private async inboxItem(row: RecipientRow): Promise<number> {
    if (row.item_id !== null) return row.item_id;
    return this.ctx.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const conversation = await findOrCreateConversation(tx, {
        companyId: this.campaign.company_id,
        numberId: this.number.id,
        recipient: row.number,
      });
      const item = await addItem(tx, conversation, {
        kind: 'message',
        is_inbound: false,
        user_id: this.campaign.user_id,
        content: row.body,
        media: this.campaign.media,
        delivery_state: 'sending',
        created_at: this.ctx.now(),
        updated_at: this.ctx.now(),
      });
      await tx
        .update(campaignRecipients)
        .set({ item_id: item.id })
        .where(and(eq(campaignRecipients.id, row.id), eq(campaignRecipients.claim, this.claim)));
      return item.id;
    });
  }

  private async itemSent(itemId: number, state: Parameters<typeof advanceItemDelivery>[2], sid: string) {
    const { row } = await advanceItemDelivery(this.ctx, itemId, state, () => ({ carrier_sid: sid }));
    await publishConversationUpdated(this.ctx, row.conversation_id, row);
  }

  private async itemFailed(itemId: number, code: string) {
    const [row] = await this.ctx.db
      .update(conversationItems)
      .set({ delivery_state: 'failed', error_code: code, updated_at: this.ctx.now() })
      .where(eq(conversationItems.id, itemId))
      .returning();
    if (row) await publishConversationUpdated(this.ctx, row.conversation_id, row);
  }

  /**
   * Claims left by a run that died (any claim not this run's): the carrier says whether each reached it. Sent:
   * the row takes the sid. Not sent: pending again. The carrier not answering throws, and the job retries.
   */
  private async reconcile(): Promise<void> {
    const r = campaignRecipients;
    const orphans = await this.ctx.db
      .select()
      .from(r)
      .where(and(eq(r.campaign_id, this.campaign.id), eq(r.state, 'sending'), ne(r.claim, this.claim)));
    for (const row of orphans) {
      const found = await this.ctx.carrier.findSent({
        reference: `${row.claim}:${row.id}`,
        from: this.number.number,
        to: row.number,
        body: row.body,
        since: row.claimed_at ?? row.updated_at,
        onReceipt: (receipt) => applyDeliveryReceipt(this.ctx, receipt),
      });
      const theirs = and(eq(r.id, row.id), eq(r.state, 'sending'), eq(r.claim, row.claim ?? ''));
      if (found) {
        await this.ctx.db
          .update(r)
          .set({ state: 'sent', carrier_sid: found.sid, sent_at: row.claimed_at, updated_at: this.ctx.now() })
          .where(theirs);
        if (row.item_id !== null) await this.itemSent(row.item_id, 'queued', found.sid);
      } else {
        await this.ctx.db
          .update(r)
          .set({ state: 'pending', claim: null, claimed_at: null, updated_at: this.ctx.now() })
          .where(theirs);
      }
    }
  }

  /** No row is due: the campaign is done, or waits for its next row's time (texting hours, daily cap). */
  private async finishOrWait(): Promise<void> {
    const r = campaignRecipients;
    const [left] = await this.ctx.db
      .select({
        waiting: sql<number>`count(*)::int`,
        next: sql<Date | string | null>`min(${r.not_before})`,
      })
      .from(r)
      .where(and(eq(r.campaign_id, this.campaign.id), inArray(r.state, ['pending', 'sending'])));
    if (Number(left?.waiting ?? 0) > 0) {
      await this.tick(true);
      const next = left?.next ? new Date(left.next) : this.ctx.now();
      throw new RunLater(next > this.ctx.now() ? next : this.ctx.now());
    }
    const stats = await refreshStats(this.ctx, this.campaign.id, { publish: false });
    const reason =
      (stats?.recipient_count ?? 0) === (stats?.skipped_count ?? 0)
        ? SEND_MESSAGES.nobody
        : (stats?.sent_count ?? 0) === 0
          ? SEND_MESSAGES.noneDelivered
          : null;
    await endCampaign(this.ctx, this.campaign, reason ? 'failed' : 'sent', reason);
  }
}
