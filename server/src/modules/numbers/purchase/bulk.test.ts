/**
 * Bulk purchase as a batch on the job runner, against the sandbox carrier: 50 numbers of which 3 the carrier no
 * longer has → the 47 others bought, the 3 named with the reason, progress published per number and the end once;
 * numbers past the company's limit fail with the limit's message while the ones before it are bought; a run that
 * dies mid-way is resumed at the next number, and no number is bought twice.
 */
import type { BulkPurchase } from '@shared/api/numberPurchase';
import { channels, EVENTS } from '@shared/realtime';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryOf, SANDBOX_NUMBER_GONE } from '../../../carriers/numberInventory';
import type { JobRow } from '../../../db/schema';
import { auditLog, companies, numbers } from '../../../db/schema';
import { type RunningJob, SimulatedCrash } from '../../../jobs/runner';
import { publishedEvents, sharedTestApp } from '../../../testing/testApp';
import { bulkPurchaseJob } from './bulk';
import { limitReachedMessage } from './limit';

const t = sharedTestApp();
const events = publishedEvents(t);
let motors: number;
beforeAll(() => {
  motors = t.ids.companies.demoMotors;
});

const setLimit = (value: number) =>
  t.ctx.db.update(companies).set({ number_limit: value }).where(eq(companies.id, motors));
const usedNow = () => t.ctx.db.$count(numbers, eq(numbers.company_id, motors));

const start = async (list: string[]) => {
  const response = await t.as('owner@demo.test', {
    method: 'POST',
    url: '/api/numbers/bulk-purchase',
    payload: { company_id: motors, numbers: list },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<BulkPurchase>();
};
const status = async (id: number) =>
  (
    await t.as('owner@demo.test', { method: 'GET', url: `/api/numbers/bulk-purchase/${id}` })
  ).json<BulkPurchase>();
/** Runs what is due and waits for the batch to end (the app's runner may be running it already). */
const finished = async (id: number): Promise<BulkPurchase> => {
  for (let tries = 0; tries < 200; tries++) {
    await t.app.jobs.runDue({ kinds: ['bulk-purchase'] });
    const now = await status(id);
    if (now.state === 'finished' || now.state === 'failed') return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`bulk purchase ${id} did not finish`);
};
/** Numbers of the area code's stock nobody has, the carrier's failing ones (…0000) apart. */
const stockOf = (areaCode: string) => {
  const all = inventoryOf(areaCode);
  return { good: all.filter((n) => !n.endsWith('0000')), gone: all.filter((n) => n.endsWith('0000')) };
};

describe('POST /numbers/bulk-purchase', () => {
  it('buys 47 of 50 and names the 3 the carrier no longer has, with progress and the end published', async () => {
    await setLimit(200);
    events.length = 0;
    const { good, gone } = stockOf('617');
    const list = good.slice(0, 47);
    list.splice(5, 0, gone[0] ?? '');
    list.splice(20, 0, gone[1] ?? '');
    list.splice(40, 0, gone[2] ?? '');
    const queued = await start(list);
    expect(queued).toMatchObject({
      company_id: motors,
      state: 'queued',
      total: 50,
      purchased: 0,
      failed: [],
    });

    const done = await finished(queued.id);
    expect(done).toMatchObject({ state: 'finished', total: 50, purchased: 47, progress: 100 });
    expect(done.failed).toEqual(gone.slice(0, 3).map((number) => ({ number, reason: SANDBOX_NUMBER_GONE })));
    expect(done.finished_at).not.toBeNull();

    const bought = await t.ctx.db.select().from(numbers).where(inArray(numbers.number, list));
    expect(bought).toHaveLength(47);
    expect(bought.every((row) => row.company_id === motors && row.carrier_sid?.startsWith('PN'))).toBe(true);
    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'number-purchased'));
    expect(audited.filter((row) => row.detail.bulk_purchase_id === queued.id)).toHaveLength(47);

    const mine = events.filter((event) => event.channel === channels.bulkPurchase(motors));
    const progress = mine.filter((event) => event.event === EVENTS.bulkPurchaseProgress);
    expect(progress).toHaveLength(50);
    expect(progress.at(-1)?.payload).toMatchObject({ progress: 100 });
    expect(mine.filter((event) => event.event === EVENTS.bulkPurchaseFinished).map((e) => e.payload)).toEqual(
      [done],
    );
  });

  it('fails the numbers past the company’s limit with the limit’s message, buying those before it', async () => {
    const used = await usedNow();
    await setLimit(used + 2);
    const list = stockOf('512').good.slice(0, 4);
    const done = await finished((await start(list)).id);
    expect(done).toMatchObject({ state: 'finished', total: 4, purchased: 2 });
    expect(done.failed).toEqual(
      list.slice(2).map((number) => ({ number, reason: limitReachedMessage(used + 2) })),
    );
    expect(await usedNow()).toBe(used + 2);
    await setLimit(25);
  });

  it('is not found from another company, and refused to an agent', async () => {
    await setLimit(200);
    const { id } = await start(stockOf('201').good.slice(0, 1));
    await finished(id);
    const other = await t.as('other@demo.test', { method: 'GET', url: `/api/numbers/bulk-purchase/${id}` });
    expect(other.statusCode).toBe(404);
    const agent = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/numbers/bulk-purchase',
      payload: { company_id: motors, numbers: stockOf('201').good.slice(1, 2) },
    });
    expect(agent.statusCode).toBe(403);
    await setLimit(25);
  });
});

describe('a run that dies mid-way', () => {
  it('resumes at the next number: every number bought once, counted once', async () => {
    // This test drives the runs by hand: the app's runner must not take the job.
    await t.app.jobs.stop();
    await setLimit(200);
    const list = stockOf('213').good.slice(0, 8);
    const { id } = await start(list);
    const run = (checkpoint: RunningJob['checkpoint']) =>
      bulkPurchaseJob.run(t.ctx, {
        row: { payload: { batchId: id } } as unknown as JobRow,
        signal: new AbortController().signal,
        checkpoint,
      });
    let steps = 0;
    // The first run dies as it commits the fourth number (the transaction rolls back; the number goes back).
    await expect(
      run(async () => {
        steps++;
        if (steps === 4) throw new SimulatedCrash();
      }),
    ).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await status(id)).toMatchObject({ state: 'running', purchased: 3, progress: 37.5 });
    await run(async () => undefined);
    expect(await status(id)).toMatchObject({ state: 'finished', purchased: 8, failed: [] });
    expect(await t.ctx.db.$count(numbers, inArray(numbers.number, list))).toBe(8);
    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'number-purchased'));
    expect(audited.filter((row) => row.detail.bulk_purchase_id === id)).toHaveLength(8);
  });
});
