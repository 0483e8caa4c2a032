/**
 * Releasing a number, keeping it after all, and §4's activation rule — all one state change: a number is `active`,
 * or `inactive` with a removal date (§9 30 days ahead). An inactive number still takes its calls and texts (a
 * release can be undone without a caller meeting silence) and still counts against the number limit, because the
 * company still has it. At the removal date the removal job (one durable job per release, keyed by the date, so a
 * number kept and released again has a new one and the old one finds nothing to do) gives it back to the carrier
 * and marks it released; the row stays for its calls' and conversations' history, and an offer of it on the
 * marketplace is withdrawn. Every change is audit-logged.
 */
import type { NumberState } from '@shared/api/numberLifecycle';
import { planNumberActivation } from '@shared/domain/numbers';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditLog, liveNumber, numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { enqueueJob, wakeJobRunners } from '../../../jobs/queue';
import type { JobHandler } from '../../../jobs/runner';
import { withdrawReleasedNumber } from '../../marketplace/service';
import type { NumberRow } from '../config/view';
import type { Buyer as Actor } from '../purchase/buy';

export type { Actor };
export const NUMBER_REMOVAL_JOB = 'number-removal';

export function numberStateView(row: NumberRow): NumberState {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    remove_at: row.remove_at?.toISOString() ?? null,
  };
}

async function audit(
  tx: Db,
  ctx: AppContext,
  actor: Actor | null,
  row: NumberRow,
  action: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(auditLog).values({
    actor_id: actor?.userId ?? null,
    impersonator_id: actor?.impersonatorId ?? null,
    company_id: row.company_id,
    action,
    detail: { number_id: row.id, number: row.number, ...detail },
    created_at: ctx.now(),
  });
}

/** The removal job of this release: due at the removal date, and only for that date. */
function removalJob(row: { id: number; remove_at: Date }) {
  return {
    kind: NUMBER_REMOVAL_JOB,
    key: `${row.id}:${row.remove_at.getTime()}`,
    payload: { numberId: row.id, removeAt: row.remove_at.getTime() },
    runAt: row.remove_at,
  };
}

/**
 * Sets the numbers' states as planned, in `tx`: an active number loses its removal date, an inactive one gets its
 * date and the job that removes it then. Answers the rows as they are now.
 */
async function applyPlan(
  tx: Db,
  ctx: AppContext,
  actor: Actor | null,
  plan: readonly { row: NumberRow; active: boolean; removeAt: Date | null }[],
): Promise<NumberRow[]> {
  const changed: NumberRow[] = [];
  for (const { row, active, removeAt } of plan) {
    const [updated] = await tx
      .update(numbers)
      .set({ status: active ? 'active' : 'inactive', remove_at: removeAt, updated_at: ctx.now() })
      .where(and(eq(numbers.id, row.id), liveNumber))
      .returning();
    if (!updated) continue;
    if (updated.remove_at)
      await enqueueJob(ctx, removalJob({ id: updated.id, remove_at: updated.remove_at }), { tx });
    if (row.status !== updated.status || row.remove_at?.getTime() !== updated.remove_at?.getTime())
      await audit(tx, ctx, actor, updated, active ? 'number-kept' : 'number-release-scheduled', {
        remove_at: updated.remove_at?.toISOString() ?? null,
      });
    changed.push(updated);
  }
  return changed;
}

/** §9 "Inactive number removal 30 days": the date a number released now is removed. */
function removalDate(ctx: AppContext): Date {
  const [planned] = planNumberActivation([{ id: 0 }], [], ctx.now());
  return new Date(planned?.removal_date ?? ctx.now());
}

/**
 * Releases the number (`POST /numbers/{id}/remove`): inactive, removed 30 days from now. A number already being
 * released keeps its date (releasing twice does not put the removal off).
 */
export async function releaseNumber(ctx: AppContext, actor: Actor, row: NumberRow): Promise<NumberRow> {
  if (row.status === 'inactive') return row;
  const [released] = await ctx.db.transaction((tx) =>
    applyPlan(tx, ctx, actor, [{ row, active: false, removeAt: removalDate(ctx) }]),
  );
  wakeJobRunners(ctx);
  return released ?? row;
}

/** Keeps a number being released (`POST /numbers/{id}/restore`): active, its removal date cleared. */
export async function restoreNumber(ctx: AppContext, actor: Actor, row: NumberRow): Promise<NumberRow> {
  if (row.status === 'active') return row;
  const [kept] = await ctx.db.transaction((tx) =>
    applyPlan(tx, ctx, actor, [{ row, active: true, removeAt: null }]),
  );
  return kept ?? row;
}

/**
 * §4 number activation (`PUT /v1/numbers`) over the company's numbers: "chosen numbers become active with removal
 * date cleared; unchosen become inactive with removal scheduled 30 days ahead". `chosen` must all be the
 * company's (the caller checks); answers every number of the company in its new state.
 */
export async function activateNumbers(
  ctx: AppContext,
  actor: Actor,
  companyId: number,
  chosen: readonly number[],
): Promise<NumberRow[]> {
  const rows = await ctx.db.transaction(async (tx) => {
    const current = await tx
      .select()
      .from(numbers)
      .where(and(eq(numbers.company_id, companyId), liveNumber))
      .orderBy(asc(numbers.number))
      .for('update');
    const planned = planNumberActivation(current, chosen, ctx.now());
    return applyPlan(
      tx,
      ctx,
      actor,
      planned.map(({ active, removal_date, ...row }) => ({
        row: row as NumberRow,
        active,
        removeAt: removal_date ? new Date(removal_date) : null,
      })),
    );
  });
  wakeJobRunners(ctx);
  return rows;
}

/** Which of `ids` are the company's live numbers. */
export async function companyNumbersAmong(
  ctx: AppContext,
  companyId: number,
  ids: readonly number[],
): Promise<NumberRow[]> {
  if (ids.length === 0) return [];
  return ctx.db
    .select()
    .from(numbers)
    .where(and(eq(numbers.company_id, companyId), liveNumber, inArray(numbers.id, [...new Set(ids)])));
}

/**
 * The removal job: at the removal date, a number still inactive with that date goes back to the carrier and is
 * marked released. The carrier first: a run that dies after it releases it again on retry (giving back a number
 * twice is harmless; keeping one we no longer route is not). A number kept or released again since has nothing
 * to do here.
 */
export const numberRemovalJob: JobHandler<AppContext> = {
  kind: NUMBER_REMOVAL_JOB,
  async run(ctx, job) {
    const { numberId, removeAt } = job.row.payload as { numberId: number; removeAt: number };
    const [row] = await ctx.db
      .select()
      .from(numbers)
      .where(and(eq(numbers.id, numberId), liveNumber));
    if (row?.status !== 'inactive' || row.remove_at?.getTime() !== removeAt) return;
    if (row.carrier_sid) await ctx.numberCarrier.release(row.carrier_sid);
    await ctx.db.transaction(async (tx) => {
      const [released] = await tx
        .update(numbers)
        .set({ released_at: ctx.now(), updated_at: ctx.now() })
        .where(and(eq(numbers.id, row.id), isNull(numbers.released_at), eq(numbers.status, 'inactive')))
        .returning();
      if (!released) return;
      await audit(tx, ctx, null, released, 'number-released', {
        carrier: ctx.numberCarrier.name,
        carrier_sid: row.carrier_sid,
      });
      await withdrawReleasedNumber(ctx, tx, released.id, released.number);
    });
  },
};
