/**
 * A crash mid-campaign, for real: a server process sending a campaign is killed (SIGKILL, no goodbye) at about
 * 30% and its successor at about 70%; a third finishes. Every recipient got exactly one text (the sandbox's
 * outbox is the carrier's own record), none lost, none twice — whatever each kill interrupted.
 *
 * Runs in the PostgreSQL project only (PGlite is one process's database; the engine's in-process crash test,
 * engine.test.ts, runs on both), and says so when it cannot.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../../db/client';
import { campaignRecipients } from '../../../db/schema';
import { jobSignals } from '../../../jobs/signals';
import { databaseUrl, onAdminConnection } from '../../../testing/postgresTemplate';
import { answers } from '../../../testing/redis';
import { type ServerProcess, startServerProcess } from '../../../testing/serverProcess';
import { campaignRow, makeGroup, outboxCountsByRecipient, queueCampaign } from './testing';

const onPostgres = process.env.SERVER_TEST_DB === 'postgres';
if (!onPostgres && !process.env.TEST_DATABASE_URL && !(await answers('127.0.0.1', 5432)))
  console.warn(
    '\n!!! SKIPPED: campaign send through killed server processes — no PostgreSQL on 127.0.0.1:5432 !!!\n',
  );

const N = 3_000;

describe.runIf(onPostgres)('a campaign through two killed server processes', () => {
  let name: string;
  let database: Database;
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-campaign-kill-'));
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    const template = inject('pgTemplate');
    name = `${template.name.replace('_tpl_', '_test_')}_kill_${process.pid}`;
    await onAdminConnection((client) => client.query(`create database ${name} template ${template.name}`));
    database = await openDatabase({ kind: 'postgres', url: databaseUrl(name), maxConnections: 4 });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
    await database?.close();
    await onAdminConnection((client) => client.query(`drop database if exists ${name} with (force)`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServerProcess({
      PORT: '0',
      DATABASE_URL: databaseUrl(name),
      DATA_DIR: dataDir,
      CAMPAIGN_PACING: 'off',
      CAMPAIGN_TEXTING_HOURS: 'ignore',
      // A killed server's run is taken over a second after its last checkpoint.
      CAMPAIGN_LEASE_MS: '1000',
    });
    servers.push(server);
    return server;
  };

  const sentSoFar = async (campaignId: number) =>
    database.db.$count(
      campaignRecipients,
      and(
        eq(campaignRecipients.campaign_id, campaignId),
        inArray(campaignRecipients.state, ['sent', 'delivered', 'undelivered']),
      ),
    );

  /** Waits until at least `count` are sent, then kills the server at once (SIGKILL). */
  const killAt = async (server: ServerProcess, campaignId: number, count: number) => {
    const deadline = Date.now() + 120_000;
    while ((await sentSoFar(campaignId)) < count) {
      if (Date.now() > deadline) throw new Error(`never reached ${count} sent:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await server.kill();
    return sentSoFar(campaignId);
  };

  it(`sends each of ${N} recipients exactly once`, async () => {
    const template = inject('pgTemplate');
    const company = template.ids.companies.demoMotors;
    const { groupId, contacts } = await makeGroup(database.db, company, N);
    const ctx = { db: database.db, now: () => new Date(), jobSignals: jobSignals() };
    const campaign = await queueCampaign(ctx, {
      companyId: company,
      numberId: template.ids.numbers.motorsMain,
      groupId,
    });

    const atFirstKill = await killAt(await start(), campaign.id, N * 0.3);
    const atSecondKill = await killAt(await start(), campaign.id, N * 0.7);
    expect(atFirstKill).toBeLessThan(N);
    expect(atSecondKill).toBeLessThan(N);
    const last = await start();
    const deadline = Date.now() + 120_000;
    while ((await campaignRow(database.db, campaign.id)).state !== 'sent') {
      if (Date.now() > deadline) throw new Error(`campaign never finished:\n${last.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const counts = await outboxCountsByRecipient(
      database.db,
      company,
      contacts.map((contact) => contact.number),
    );
    expect(counts.size).toBe(N);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    const states = await database.db.execute(
      sql`select state, count(*)::int as n from campaign_recipients where campaign_id = ${campaign.id} group by state`,
    );
    const byState = Object.fromEntries(
      (states as unknown as { rows: { state: string; n: number }[] }).rows.map((row) => [
        row.state,
        Number(row.n),
      ]),
    );
    expect((byState.sent ?? 0) + (byState.delivered ?? 0) + (byState.undelivered ?? 0)).toBe(N);
    expect(await campaignRow(database.db, campaign.id)).toMatchObject({ sent_count: N, pending_count: 0 });
  }, 300_000);
});
