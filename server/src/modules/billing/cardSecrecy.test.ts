/**
 * Card numbers never reach our server (shared/api/billing.ts): the test cards' numbers appear in no log line, no
 * database row and no response, even when a client wrongly sends them — `cc_number`, `cc_cvc` and `cc_exp` are
 * refused with a 422 that says why, without echoing them. The app here logs everything (level trace) into a
 * buffer, so the check reads what a deployed server would have written.
 */
import { Writable } from 'node:stream';
import { BILLING_MESSAGES, SANDBOX_TEST_CARDS } from '@shared/domain/billing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { composeServices } from '../../composition';
import type { Database } from '../../db/client';
import { DEMO_PASSWORD } from '../../seed/demo';
import { openTestDatabase, testConfig } from '../../testing/testApp';
import { billingBody } from './testing';

const logged: string[] = [];
const answers: string[] = [];
let app: FastifyInstance;
let database: Database;
let release: (() => Promise<void>) | undefined;
let realty = 0;
let token = '';

/** Every digit string a card number could show as: whole, and in groups of four as people type it. */
const SECRETS = SANDBOX_TEST_CARDS.flatMap((card) => [
  card.number,
  card.number.replace(/(\d{4})(?=\d)/g, '$1 '),
]);

beforeAll(async () => {
  const opened = await openTestDatabase();
  database = opened.database;
  release = opened.drop;
  realty = opened.ids.companies.demoRealty;
  const ctx = composeServices(testConfig(), database.db);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  app = await buildApp(ctx, { logger: { level: 'trace', stream } });
  await app.ready();
  await app.jobs.stop();
  const login = await app.inject({
    method: 'POST',
    url: '/api/sanctum/login',
    payload: { email: 'owner@demo.test', password: DEMO_PASSWORD },
  });
  token = login.json().access_token;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await release?.();
});

async function send(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  answers.push(response.body);
  return response;
}

describe('card numbers never reach our server', () => {
  it('a body with cc_number, cc_cvc or cc_exp is refused (422) with the reason, per field', async () => {
    const [card] = SANDBOX_TEST_CARDS;
    const response = await send('POST', `/company/${realty}/billing`, {
      ...billingBody(),
      cc_number: card?.number,
      cc_cvc: '123',
      cc_exp: '12/30',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      cc_number: [BILLING_MESSAGES.cardNumberRefused],
      cc_cvc: [BILLING_MESSAGES.cardNumberRefused],
      cc_exp: [BILLING_MESSAGES.cardNumberRefused],
    });
  });

  it('the tokenised card is kept as its token, last four and expiry; each test card runs its course', async () => {
    for (const [outcome, last4] of [
      ['declined', '0002'],
      ['issuer', '3220'],
      ['succeeds', '4242'],
    ] as const) {
      const saved = await send('POST', `/company/${realty}/billing`, billingBody(outcome, last4));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.card.last4).toBe(last4);
    }
    const subscribed = await send('POST', `/company/${realty}/subscription`, {
      identifier: 'starter_monthly',
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    await send('GET', `/company/${realty}/billing`);
    await send('GET', '/chargify/security-token');
  });

  it('no card number in any response, log line or database row', async () => {
    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const rows: string[] = [];
    for (const { table_name } of tables) {
      const dumped = await rowsOf<{ row: string }>(
        sql`select t::text as row from ${sql.identifier(table_name)} t`,
      );
      rows.push(...dumped.map((one) => one.row));
    }
    expect(rows.length).toBeGreaterThan(100);
    expect(logged.length).toBeGreaterThan(0);
    // The hosted fields' answer lists the sandbox's test cards by design (they are public test numbers); every
    // other response, and every log line and row, must hold none.
    const responses = answers.filter((body) => !body.includes('"test_cards"'));
    for (const secret of SECRETS) {
      expect(rows.filter((row) => row.includes(secret))).toEqual([]);
      expect(logged.filter((line) => line.includes(secret))).toEqual([]);
      expect(responses.filter((body) => body.includes(secret))).toEqual([]);
    }
  });
});
