/**
 * `npm run bench -- campaign`: the campaign send engine, on PGlite and (when one answers) PostgreSQL.
 *
 * 1. **Unpaced**: 100,000 recipients (BENCH_RECIPIENTS) through the app's own job runner with pacing off and a
 *    carrier that answers at once, so every millisecond is the engine's and the database's: the ledger's making,
 *    sends a second, and the Node process's CPU share (on PGlite the database runs in this process too).
 * 2. **Unpaced, into the inbox**: a fifth as many, each send also an inbox item and a realtime event.
 * 3. **Paced**: 2,000 recipients at 200 texts a second from one number (BENCH_PACE), to show the engine keeps
 *    the pace — the achieved rate against the configured one — and how little CPU that takes: the carrier's
 *    pace, not the engine, is what limits a real campaign (a real local number is held to one a second).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import type { Carrier } from '../server/src/carriers/types';
import { composeServices } from '../server/src/composition';
import type { ServerConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { campaignRecipients, campaigns } from '../server/src/db/schema';
import { makeGroup, queueCampaign } from '../server/src/modules/campaigns/engine/testing';
import { seedDemo } from '../server/src/seed/demo';
import { testConfig } from '../server/src/testing/config';
import { onAdmin, PG_ADMIN_URL, postgresAnswers } from './lib/postgres';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const PACE = Number(process.env.BENCH_PACE ?? 200);
const PACED_RECIPIENTS = 2_000;

/** A carrier that takes every text at once: what is measured is ours. */
const instantCarrier: Carrier = {
  name: 'sandbox',
  sendMessage: async () => ({ sid: `SB${randomBytes(16).toString('hex')}`, state: 'queued' }),
  findSent: async () => null,
  validateWebhook: () => false,
};

interface Run {
  recipients: number;
  skipInbox: boolean;
  pacing: boolean;
}

async function measure(kind: 'pglite' | 'postgres', run: Run, url?: string) {
  const database = await openDatabase(
    kind === 'postgres' && url ? { kind: 'postgres', url } : { kind: 'pglite' },
  );
  await database.migrate();
  const ids = await seedDemo(database.db);
  const settings: Partial<ServerConfig> = {
    campaigns: {
      pace: { 2: { perSecond: PACE, perDay: null } },
      pacing: run.pacing,
      textingHours: false,
      leaseMs: 30_000,
    },
  };
  const ctx = composeServices(testConfig(settings), database.db, { carrier: instantCarrier });
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  const company = ids.companies.demoMotors;
  const { groupId } = await makeGroup(database.db, company, run.recipients);

  const cpuBefore = process.cpuUsage();
  const queuedAt = new Date();
  const campaign = await queueCampaign(ctx, {
    companyId: company,
    numberId: ids.numbers.motorsMain,
    groupId,
    skipInbox: run.skipInbox,
  });
  // Polled slowly: on PGlite every poll waits its turn on the engine's one connection.
  for (;;) {
    const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    if (row?.state === 'sent') break;
    if (row && row.state !== 'sending' && row.state !== 'queued')
      throw new Error(`campaign ended ${row.state}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const cpu = process.cpuUsage(cpuBefore);
  // The times come from the rows (the app's clock is the wall clock here): the ledger is made when the first
  // row is claimed, and the send ends when the campaign does.
  const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
  const [first] = await database.db
    .select({ at: sql<Date | string>`min(${campaignRecipients.claimed_at})` })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaign_id, campaign.id));
  await app.close();
  await database.close();
  if (row?.sent_count !== run.recipients) throw new Error(`sent ${row?.sent_count} of ${run.recipients}`);
  const firstClaim = new Date(first?.at ?? queuedAt).getTime();
  const finished = row.finished_at?.getTime() ?? Date.now();
  const sendingMs = finished - firstClaim;
  const wallMs = finished - queuedAt.getTime();
  const figures = {
    recipients: run.recipients,
    'ledger made (s)': Number(((firstClaim - queuedAt.getTime()) / 1000).toFixed(2)),
    'sending (s)': Number((sendingMs / 1000).toFixed(2)),
    'sends/s': Math.round(run.recipients / (sendingMs / 1000)),
    ...(run.pacing ? { 'configured pace (/s)': PACE } : {}),
    'CPU share of one core (Node process)': `${Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 100)}%`,
  };
  console.log(`${kind}: ${JSON.stringify(figures)}`);
  return figures;
}

const runs: Record<string, Run> = {
  [`unpaced, ${RECIPIENTS.toLocaleString('en-US')} recipients, skip inbox`]: {
    recipients: RECIPIENTS,
    skipInbox: true,
    pacing: false,
  },
  [`unpaced, ${(RECIPIENTS / 5).toLocaleString('en-US')} recipients, into the inbox`]: {
    recipients: RECIPIENTS / 5,
    skipInbox: false,
    pacing: false,
  },
  [`paced at ${PACE}/s, ${PACED_RECIPIENTS.toLocaleString('en-US')} recipients`]: {
    recipients: PACED_RECIPIENTS,
    skipInbox: true,
    pacing: true,
  },
};

console.log(`${process.version}; carrier answers at once; realtime in process; a send every row.`);
const results: Record<string, Record<string, unknown>> = {};
for (const [name, run] of Object.entries(runs)) results[`PGlite: ${name}`] = await measure('pglite', run);
if (await postgresAnswers()) {
  for (const [name, run] of Object.entries(runs)) {
    const db = `switchboard_bench_campaign_${process.pid}_${Date.now()}`;
    await onAdmin((client) => client.query(`create database ${db}`));
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${db}`;
    try {
      results[`PostgreSQL: ${name}`] = await measure('postgres', run, url.toString());
    } finally {
      await onAdmin((client) => client.query(`drop database if exists ${db} with (force)`));
    }
  }
} else {
  console.log(`PostgreSQL does not answer at ${new URL(PG_ADMIN_URL).host}: PGlite only.`);
}
for (const [name, figures] of Object.entries(results)) {
  console.log(`\n${name}`);
  console.table(figures);
}
