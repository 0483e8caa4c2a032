/**
 * The sandbox porting desk: the `port-desk` job moves each request along, one step every PORT_DESK_STEP_MS
 * (`deskStepMs`), on the app's clock — deterministically, so demos and tests can steer it (shared/domain/ports.ts
 * `reviewPort`):
 *
 * - pending → documentsRequested when a document is missing (the bill first), naming it; the job ends there and
 *   an upload makes the next revision's job;
 * - pending → rejected when the losing carrier refuses the account number (ending 0000) or the PIN (0000);
 * - pending → submitted → focScheduled (the FOC date: the desired date, or the first business day the carrier
 *   can do, from tomorrow on) → completed.
 *
 * Completion adds the numbers to the company in one transaction with the company row locked: all of them, each
 * audit-logged (`number-ported`, naming who asked), or none. Over the company's number limit the request is
 * rejected with the limit's message (the same one a purchase gets) on `numbers`, and a number someone else put on
 * the platform meanwhile rejects it naming that number: a port moves every number of its order or none.
 *
 * One job per (request, revision): a step is a compare-and-set of the status (a cancel at the same moment wins or
 * loses whole), and a job whose revision is no longer the request's does nothing. Between steps the job waits
 * with `RunLater`, so it holds no lease while it waits.
 */
import { setImmediate } from 'node:timers/promises';
import {
  focDateFor,
  isoDate,
  isPortWithDesk,
  type PortService,
  platformTypeOfPort,
  reviewPort,
} from '@shared/domain/ports';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, companies, numbers, type PortRequestRow, portRequests } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { HandBack, type JobHandler, RunLater, type RunningJob } from '../../jobs/runner';
import { isUniqueViolation } from '../contacts/service/checks';
import { startingRoutes } from '../numbers/purchase/buy';
import { limitAndUsed, limitReachedMessage } from '../numbers/purchase/limit';
import { deskStepMs, movePort, PORT_DESK_JOB, publishPort } from './service';

export const DESK_MESSAGES = {
  taken: (number: string) =>
    `${number} was added to the platform while this port was under way; the port was stopped.`,
} as const;

const DAY_MS = 86_400_000;

async function load(ctx: AppContext, id: number): Promise<PortRequestRow | undefined> {
  const [row] = await ctx.db.select().from(portRequests).where(eq(portRequests.id, id));
  return row;
}

/** pending: the desk's review. */
function review(ctx: AppContext, row: PortRequestRow): Promise<PortRequestRow | null> {
  const verdict = reviewPort({
    accountNumber: row.account_number,
    pin: row.pin,
    documents: row.documents.map((document) => document.kind),
  });
  if (verdict.status === 'submitted')
    return movePort(ctx, ctx.db, row, 'submitted', {
      nextStepAt: new Date(ctx.now().getTime() + deskStepMs(ctx)),
    });
  return movePort(ctx, ctx.db, row, verdict.status, {
    reason: verdict.reason,
    field: verdict.field,
    nextStepAt: null,
  });
}

/** submitted: the losing carrier commits to a date. */
function scheduleFoc(ctx: AppContext, row: PortRequestRow): Promise<PortRequestRow | null> {
  const tomorrow = isoDate(new Date(ctx.now().getTime() + DAY_MS));
  return movePort(ctx, ctx.db, row, 'focScheduled', {
    foc_date: focDateFor(row.desired_date, tomorrow),
    nextStepAt: new Date(ctx.now().getTime() + deskStepMs(ctx)),
  });
}

/** focScheduled: the numbers move — all of them, within the number limit — or the request is rejected. */
async function complete(ctx: AppContext, row: PortRequestRow): Promise<PortRequestRow | null> {
  const reject = (reason: string, field: string) =>
    movePort(ctx, ctx.db, row, 'rejected', { reason, field, nextStepAt: null });
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, row.company_id))
        .for('update');
      const { limit, used } = await limitAndUsed(tx as unknown as Db, row.company_id);
      if (used + row.numbers.length > limit) {
        return movePort(ctx, tx as unknown as Db, row, 'rejected', {
          reason: limitReachedMessage(limit),
          field: 'numbers',
          nextStepAt: null,
        });
      }
      const list = row.numbers.map((entry) => entry.number);
      const live = await tx
        .select({ number: numbers.number })
        .from(numbers)
        .where(and(inArray(numbers.number, list), isNull(numbers.released_at)));
      const taken = row.numbers.findIndex((entry) => live.some((found) => found.number === entry.number));
      if (taken >= 0) {
        const number = row.numbers[taken]?.number ?? '';
        return movePort(ctx, tx as unknown as Db, row, 'rejected', {
          reason: DESK_MESSAGES.taken(number),
          field: `numbers.${taken}.number`,
          nextStepAt: null,
        });
      }
      const moved = await movePort(ctx, tx as unknown as Db, row, 'completed', { nextStepAt: null });
      if (!moved) return null;
      const now = ctx.now();
      const added = await tx
        .insert(numbers)
        .values(
          row.numbers.map((entry) => ({
            company_id: row.company_id,
            number: entry.number,
            label: '',
            ...platformTypeOfPort(entry.type, row.service as PortService),
            sms_enabled: row.service === 1,
            carrier_sid: null,
            routes: startingRoutes(),
            created_at: now,
            updated_at: now,
          })),
        )
        .returning();
      await tx.insert(auditLog).values(
        added.map((number) => ({
          actor_id: row.user_id,
          impersonator_id: row.impersonator_id,
          company_id: row.company_id,
          action: 'number-ported',
          detail: {
            number_id: number.id,
            number: number.number,
            type: number.type,
            category: number.category,
            port_id: row.id,
            losing_carrier: row.losing_carrier,
          },
          created_at: now,
        })),
      );
      return moved;
    });
  } catch (error) {
    // A number bought between the check and the insert: the port stops naming nothing more precise than that.
    if (!isUniqueViolation(error)) throw error;
    const fresh = await load(ctx, row.id);
    if (fresh?.status !== 'focScheduled') return null;
    return reject(DESK_MESSAGES.taken(row.numbers.map((entry) => entry.number).join(', ')), 'numbers');
  }
}

/** The request's next step, by its status. */
function step(ctx: AppContext, row: PortRequestRow): Promise<PortRequestRow | null> {
  if (row.status === 'pending') return review(ctx, row);
  if (row.status === 'submitted') return scheduleFoc(ctx, row);
  return complete(ctx, row);
}

async function runDesk(ctx: AppContext, job: RunningJob): Promise<void> {
  const portId = Number(job.row.payload.portId);
  const revision = Number(job.row.payload.revision);
  for (;;) {
    const row = await load(ctx, portId);
    if (!row || row.revision !== revision || !isPortWithDesk(row.status)) return;
    const due = row.next_step_at ?? ctx.now();
    if (due > ctx.now()) throw new RunLater(due);
    if (job.signal.aborted) throw new HandBack();
    const moved = await step(ctx, row);
    await job.checkpoint();
    if (moved) await publishPort(ctx, moved);
    // PGlite answers without yielding to the event loop: let requests through between steps.
    await setImmediate();
  }
}

/** The porting desk's job (app.ts gives it to the runner). */
export const portDeskJob: JobHandler<AppContext> = {
  kind: PORT_DESK_JOB,
  run: runDesk,
};
