/**
 * Activity exports end to end: create → progress → download the CSV with the chosen columns (times in tz,
 * a formula cell neutralised); unknown columns 422; outcomes, sources, agents or tags on a kind other than calls 422
 * (and a calls export narrowed by them as the feed is); another company's
 * batch 404; a stale running export failed; an export of many pages complete, in order, each row once.
 */
import { readFile } from 'node:fs/promises';
import type { ExportBatch } from '@shared/api/activity';
import { parse } from 'csv-parse/sync';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { batches, calls } from '../../db/schema';
import { sharedTestAppWithFiles } from '../../testing/testApp';
import { CALLS_ONLY_FILTERS, failStaleExports, OUTCOMES_CALLS_ONLY } from './exportJob';
import { EXPORT_PROGRESS_EVENT, exportPath, runExport } from './exportWriter';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = sharedTestAppWithFiles();
beforeAll(() => {
  t.setNow(new Date('2026-11-21T12:00:00Z'));
});

const motors = () => t.ids.companies.demoMotors;
const start = (kind: string, body: Record<string, unknown>, email = 'reporting@demo.test') =>
  t.as(email, { method: 'POST', url: `/api/${kind}/export`, payload: { companyId: motors(), ...body } });
const progress = (batchId: number, email = 'reporting@demo.test', companyId = motors()) =>
  t.as(email, { method: 'GET', url: `/api/companies/${companyId}/exports/${batchId}` });

async function finished(batchId: number): Promise<ExportBatch> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const batch = (await progress(batchId)).json<ExportBatch>();
    if (batch.state !== 'running') return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('export did not finish');
}

describe('activity exports', () => {
  it('exports calls with the chosen columns, in tz, formulas neutralised', async () => {
    const [newest] = await t.ctx.db
      .select()
      .from(calls)
      .where(eq(calls.company_id, motors()))
      .orderBy(desc(calls.started_at))
      .limit(1);
    await t.ctx.db
      .update(calls)
      .set({ note: '=HYPERLINK("http://x.test")' })
      .where(eq(calls.id, newest?.id ?? 0));
    const response = await start('calls', {
      columns: ['started_at', 'caller', 'outcome', 'note'],
      tz: 'America/Chicago',
      filters: { from: '2026-11-01' },
    });
    expect(response.statusCode, response.body).toBe(202);
    const created = response.json<ExportBatch>();
    expect(created).toMatchObject({ kind: 'export-calls', state: 'running' });
    const done = await finished(created.id);
    expect(done).toMatchObject({ state: 'finished', progress: 100 });
    const expected = await t.ctx.db.$count(
      calls,
      and(eq(calls.company_id, motors()), sql`${calls.started_at} >= '2026-11-01T05:00:00Z'`),
    );
    expect(done.total_rows).toBe(expected);

    const download = await t.as('reporting@demo.test', {
      method: 'GET',
      url: `/api/companies/${motors()}/exports/${created.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="calls-export.csv"/);
    const rows = parse(download.body) as string[][];
    expect(rows[0]).toEqual(['started_at', 'caller', 'outcome', 'note']);
    expect(rows).toHaveLength(expected + 1);
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Chicago',
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(newest?.started_at);
    expect(rows[1]).toEqual([local, newest?.caller, expect.any(String), `'=HYPERLINK("http://x.test")`]);
  });

  it('exports each kind', async () => {
    for (const [kind, columns] of [
      ['messages', ['at', 'direction', 'text']],
      ['fax', ['at', 'remote', 'pages', 'status']],
      ['voicemails', ['at', 'caller', 'transcription']],
    ] as const) {
      const response = await start(kind, { columns });
      expect(response.statusCode, response.body).toBe(202);
      const done = await finished(response.json<ExportBatch>().id);
      expect(done.state).toBe('finished');
      expect(done.total_rows).toBeGreaterThan(0);
    }
  });

  it('refuses unknown columns, other companies’ batches and roles without activity', async () => {
    const bad = await start('calls', { columns: ['started_at', 'password'] });
    expect(bad.statusCode).toBe(422);
    expect((await start('calls', { columns: ['caller'] }, 'billing@demo.test')).statusCode).toBe(403);
    const [foreign] = await t.ctx.db
      .insert(batches)
      .values({ company_id: t.ids.companies.otherCo, kind: 'export-calls', state: 'finished' })
      .returning();
    expect((await progress(foreign?.id ?? 0, 'owner@demo.test')).statusCode).toBe(404);
    expect(
      (
        await t.as('owner@demo.test', {
          method: 'GET',
          url: `/api/companies/${motors()}/exports/${foreign?.id}/download`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await progress(foreign?.id ?? 0, 'other@demo.test', t.ids.companies.otherCo)).statusCode).toBe(
      200,
    );
  });

  it('fails an export left running by a crashed server', async () => {
    const [stale] = await t.ctx.db
      .insert(batches)
      .values({ company_id: motors(), kind: 'export-fax', state: 'running' })
      .returning();
    await failStaleExports(t.ctx);
    expect((await progress(stale?.id ?? 0)).json<ExportBatch>().state).toBe('failed');
  });

  it.each([
    { filter: 'sources', value: ['Google Ads'] },
    { filter: 'agents', value: [1] },
    { filter: 'tags', value: ['dni'] },
  ] as const)(
    'refuses $filter on an export of voicemails, and narrows a calls export by it',
    async ({ filter, value }) => {
      const refused = await start('voicemails', { columns: ['at'], filters: { [filter]: value } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        errors: { [`filters.${filter}`]: [CALLS_ONLY_FILTERS[filter]] },
      });

      // A calls export keeps exactly the calls the feed shows under the same filter (the feed's own count).
      const narrowed = filter === 'agents' ? [t.ids.users['agent@demo.test']] : value;
      const feed = await t.as('reporting@demo.test', {
        method: 'POST',
        url: `/api/activity?companyId=${motors()}`,
        payload: {
          perPage: 1,
          checkVoicemails: false,
          checkMessages: false,
          checkFaxes: false,
          filters: { [filter]: narrowed },
        },
      });
      expect(feed.statusCode, feed.body).toBe(200);
      const response = await start('calls', { columns: ['started_at'], filters: { [filter]: narrowed } });
      expect(response.statusCode, response.body).toBe(202);
      const done = await finished(response.json<ExportBatch>().id);
      expect(done.total_rows).toBe(feed.json<{ total: number }>().total);
    },
  );

  it.each([
    { kind: 'voicemails', columns: ['at', 'caller'], outcomes: [1], status: 422 },
    { kind: 'messages', columns: ['at', 'text'], outcomes: [1, 2], status: 422 },
    { kind: 'fax', columns: ['at', 'pages'], outcomes: [3], status: 422 },
    { kind: 'voicemails', columns: ['at', 'caller'], outcomes: [], status: 202 },
    { kind: 'calls', columns: ['started_at', 'outcome'], outcomes: [1], status: 202 },
  ])('$kind with outcomes $outcomes answers $status', async ({ kind, columns, outcomes, status }) => {
    // The feed reads an outcomes filter as "calls only"; an export of another kind says so rather than ignore it.
    const response = await start(kind, { columns, filters: { outcomes } });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 422) {
      expect(response.json()).toMatchObject({ errors: { 'filters.outcomes': [OUTCOMES_CALLS_ONLY] } });
    } else {
      expect((await finished(response.json<ExportBatch>().id)).state).toBe('finished');
    }
  });

  it('writes an export of many pages complete, newest first, each row once, with progress per page', async () => {
    // Ties are where keyset pages go wrong: 30 calls at one instant, and 10 more a microsecond apart (one
    // millisecond in all, so a cursor rounded to a JS Date would skip or repeat them), across pages of 7.
    const base = { company_id: motors(), is_inbound: true, called: '+13125550100', outcome: 1 };
    await t.ctx.db.insert(calls).values(
      Array.from({ length: 30 }, (_, n) => ({
        ...base,
        caller: '+13125550150',
        duration: n,
        note: `tie ${n}`,
        started_at: new Date('2026-11-11T15:00:00Z'),
      })),
    );
    for (let n = 1; n <= 10; n++) {
      await t.ctx.db.insert(calls).values({
        ...base,
        caller: '+13125550151',
        duration: n,
        note: `micro ${n}`,
        started_at: sql`${`2026-11-11T15:00:00.0000${String(n).padStart(2, '0')}Z`}::timestamptz`,
      });
    }
    const filters = { from: '2026-11-05', to: '2026-11-15' };
    const expected = await t.ctx.db
      .select()
      .from(calls)
      .where(
        and(
          eq(calls.company_id, motors()),
          sql`${calls.started_at} >= '2026-11-05T00:00:00Z' and ${calls.started_at} < '2026-11-16T00:00:00Z'`,
        ),
      )
      .orderBy(desc(calls.started_at), desc(calls.id));
    const pageRows = 7;
    expect(expected.length).toBeGreaterThan(pageRows * 6);

    const [batch] = await t.ctx.db
      .insert(batches)
      .values({ company_id: motors(), kind: 'export-calls', state: 'running' })
      .returning();
    if (!batch) throw new Error('batch');
    const published: ExportBatch[] = [];
    const stop = t.ctx.realtime.listen((_channel, event, payload) => {
      if (event === EXPORT_PROGRESS_EVENT && (payload as ExportBatch).id === batch.id) {
        published.push(payload as ExportBatch);
      }
    });
    const columns = ['started_at', 'caller', 'duration', 'note'];
    await runExport(t.ctx, batch, 'calls', { companyId: motors(), columns, tz: 'UTC', filters }, pageRows);
    stop();

    const utc = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'UTC',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    const rows = parse(await readFile(exportPath(t.ctx, motors(), batch.id), 'utf8')) as string[][];
    expect(rows).toEqual([
      columns,
      ...expected.map((call) => [
        utc.format(call.started_at),
        call.caller,
        String(call.duration),
        call.note ?? '',
      ]),
    ]);
    expect(rows.filter((row) => row[3]?.startsWith('tie '))).toHaveLength(30);
    expect(rows.filter((row) => row[3]?.startsWith('micro '))).toHaveLength(10);

    const total = expected.length;
    const fullPages = Math.floor(total / pageRows);
    expect(published.map((update) => update.processed_rows)).toEqual([
      0,
      ...Array.from({ length: fullPages }, (_, page) => (page + 1) * pageRows),
      total,
    ]);
    expect(published[0]?.total_rows).toBe(total);
    expect(published.at(-1)).toMatchObject({ state: 'finished', progress: 100, total_rows: total });
  });
});
