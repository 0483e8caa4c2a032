/**
 * An export is durable: started on one server, stopped half-way (the server shuts down; what a dying run had
 * half-written after its last page is on disk too), it is finished by the next server on the same database — the
 * same file an uninterrupted export writes, each row once, and the resumed run starts after the last page, not
 * from the beginning.
 */
import { appendFile, readFile } from 'node:fs/promises';
import type { ExportBatch } from '@shared/api/activity';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { batches, calls } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { findJob } from '../../jobs/queue';
import { sharedTestAppWithFiles } from '../../testing/testApp';
import { EXPORT_JOB } from './exportJob';
import { EXPORT_PAGE_ROWS, EXPORT_PROGRESS_EVENT, exportPath } from './exportWriter';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** More than two pages, so the export is stopped after its first and still has pages to go. */
const ROWS = Math.floor(EXPORT_PAGE_ROWS * 2.5);
const EMAIL = 'reporting@demo.test';

const t = sharedTestAppWithFiles();
let next: FastifyInstance | undefined;

beforeAll(async () => {
  t.setNow(new Date('2026-11-21T12:00:00Z'));
  const base = {
    company_id: t.ids.companies.demoMotors,
    is_inbound: true,
    called: '+13125550100',
    outcome: 1,
  };
  await t.ctx.db.insert(calls).values(
    Array.from({ length: ROWS }, (_, n) => ({
      ...base,
      caller: `+1312556${String(n).padStart(4, '0')}`,
      duration: n,
      note: `resume ${n}`,
      // A few share an instant, where keyset pages are easiest to get wrong.
      started_at: new Date(Date.UTC(2026, 10, 12, 0, 0, Math.floor(n / 3))),
    })),
  );
});
// Before the shared app closes (Vitest runs `afterAll` hooks last declared first).
afterAll(async () => {
  await next?.close();
});

const body = {
  companyId: 0,
  columns: ['started_at', 'caller', 'duration', 'note'],
  tz: 'UTC',
  // Only this file's calls: the seeded ones would make the page count depend on the seed.
  filters: { from: '2026-11-10', to: '2026-11-14', search: '+1312556' },
};

async function batchRow(id: number) {
  const [row] = await t.ctx.db.select().from(batches).where(eq(batches.id, id));
  if (!row) throw new Error(`no batch ${id}`);
  return row;
}

describe('an export interrupted by a restart', () => {
  it('is finished by the next server: the same file, each row once, resumed after its last page', async () => {
    body.companyId = t.ids.companies.demoMotors;
    const events: ExportBatch[] = [];
    let stopping: Promise<void> | undefined;
    t.ctx.realtime.listen((_channel, event, payload) => {
      if (event !== EXPORT_PROGRESS_EVENT) return;
      const batch = payload as ExportBatch;
      events.push(batch);
      // Its first page is written: the server shuts down (its runner is told at once).
      if (!stopping && batch.processed_rows > 0) stopping = t.app.jobs.stop();
    });
    const started = await t.as(EMAIL, { method: 'POST', url: '/api/calls/export', payload: body });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json<ExportBatch>().id;
    await vi.waitFor(() => expect(stopping).toBeDefined(), { timeout: 60_000, interval: 10 });
    await stopping;
    await t.app.close();

    // Handed back after its first page: the batch says how far it got, the job waits for the next server.
    expect(await batchRow(id)).toMatchObject({
      state: 'running',
      processed_rows: EXPORT_PAGE_ROWS,
      total_rows: ROWS,
    });
    expect(await findJob(t.ctx.db, EXPORT_JOB, String(id))).toMatchObject({ state: 'queued', attempts: 0 });
    // A run that died mid-page would have left part of its next page behind the checkpoint.
    await appendFile(exportPath(t.ctx, body.companyId, id), '2026-11-12 00:00:00,+13125560000,half a ro');
    const before = events.length;

    // The next server, on the same database and data folder.
    const ctx: AppContext = { ...t.ctx };
    next = await buildApp(ctx, { logger: false });
    await next.ready();
    await vi.waitFor(async () => expect((await batchRow(id)).state).toBe('finished'), {
      timeout: 60_000,
      interval: 20,
    });
    const resumed = events.slice(before).filter((event) => event.id === id);
    // No recount and no page again: its first report is after its second page.
    expect(resumed.map((event) => event.processed_rows)).toEqual([2 * EXPORT_PAGE_ROWS, ROWS]);
    expect(resumed.at(-1)).toMatchObject({ state: 'finished', progress: 100, total_rows: ROWS });
    expect(await findJob(t.ctx.db, EXPORT_JOB, String(id))).toMatchObject({ state: 'finished', attempts: 1 });

    // The same export, uninterrupted, on the new server.
    const again = await next.inject({
      method: 'POST',
      url: '/api/calls/export',
      payload: body,
      headers: { authorization: `Bearer ${await t.tokenFor(EMAIL)}` },
    });
    expect(again.statusCode, again.body).toBe(202);
    const reference = again.json<ExportBatch>().id;
    await vi.waitFor(async () => expect((await batchRow(reference)).state).toBe('finished'), {
      timeout: 60_000,
      interval: 20,
    });

    const file = await readFile(exportPath(t.ctx, body.companyId, id), 'utf8');
    expect(file).toBe(await readFile(exportPath(t.ctx, body.companyId, reference), 'utf8'));
    const rows = parse(file) as string[][];
    expect(rows[0]).toEqual(body.columns);
    expect(rows).toHaveLength(ROWS + 1);
    expect(new Set(rows.slice(1).map((row) => row[3])).size).toBe(ROWS);
  });
});
