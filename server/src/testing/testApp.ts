/**
 * Builds the real app on a real database for API tests, fresh for each test file: a copy of one seeded
 * snapshot, so no test sees another's data and the demo workspace is seeded once per worker, not per test.
 * PGlite by default (the snapshot is a dump of its data folder); with SERVER_TEST_DB=postgres a PostgreSQL
 * server (TEST_DATABASE_URL or 127.0.0.1:5432), each app on its own database cloned from a seeded template.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../app';
import { composeServices, type ServiceOverrides } from '../composition';
import type { ServerConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import type { AppContext } from '../http/context';
import { DEMO_PASSWORD, type DemoIds, seedDemo } from '../seed/demo';
import { testConfig } from './config';
import { databaseUrl, onAdminConnection } from './postgresTemplate';

export { testConfig };

export const TEST_DB_KIND: 'pglite' | 'postgres' =
  process.env.SERVER_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let pgliteSnapshot: Promise<{ ids: DemoIds; dump: Blob }> | undefined;

/** PGlite: migrate and seed once per worker, then every app opens a copy of the dump. */
function seededPglite() {
  pgliteSnapshot ??= (async () => {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    const ids = await seedDemo(database.db);
    const dump = await database.dump?.();
    await database.close();
    if (!dump) throw new Error('PGlite did not dump its data folder');
    return { ids, dump };
  })();
  return pgliteSnapshot;
}

/** A database of the test's own (a copy of the seeded one), its demo ids, and how to drop it after closing. */
export async function openTestDatabase(): Promise<{
  database: Database;
  ids: DemoIds;
  drop?: () => Promise<void>;
}> {
  if (TEST_DB_KIND === 'postgres') {
    const template = inject('pgTemplate');
    const name = `${template.name.replace('_tpl_', '_test_')}_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    await onAdminConnection((client) => client.query(`create database ${name} template ${template.name}`));
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name), maxConnections: 4 });
    const drop = () =>
      onAdminConnection((client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      );
    return { database, ids: template.ids, drop };
  }
  const { ids, dump } = await seededPglite();
  return { database: await openDatabase({ kind: 'pglite', loadDataDir: dump }), ids };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  ids: DemoIds;
  database: Database;
  /** Moves the app's clock (token expiry, reset links). */
  setNow(date: Date): void;
  /** Signs in with the demo password; answers a bearer token. */
  tokenFor(email: string): Promise<string>;
  /** `app.inject` as that user (bearer). */
  as(email: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh app under test: `overrides` change its settings, `services` give the composition root fakes (a
 * carrier, manual voice timers, a Twilio client…). Its clock is the test's (`setNow`).
 */
export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  services: Omit<ServiceOverrides, 'now'> = {},
): Promise<TestApp> {
  const opened = await openTestDatabase();
  return testAppOn(opened.database, opened.ids, overrides, services, async () => {
    await opened.database.close();
    await opened.drop?.();
  });
}

/**
 * An app on a database already open, as `createTestApp` builds one: several of them on one database are the
 * instances of one deployment (testing/instances.ts). `release` runs once the app is closed.
 */
export async function testAppOn(
  database: Database,
  ids: DemoIds,
  overrides: Partial<ServerConfig>,
  services: Omit<ServiceOverrides, 'now'>,
  release: () => Promise<void>,
): Promise<TestApp> {
  let now = new Date();
  // Every answer is held to its contract (http/responseCheck.ts): drift fails the test that made the request.
  const config = testConfig({ checkResponses: true, ...overrides });
  const ctx = composeServices(config, database.db, { ...services, now: () => now });
  const app = await buildApp(ctx, { logger: false });
  await app.ready();

  const tokens = new Map<string, string>();
  const tokenFor = async (email: string) => {
    const known = tokens.get(email);
    if (known) return known;
    const response = await app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    const token = response.json<{ access_token?: string }>().access_token;
    if (!token) throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
    tokens.set(email, token);
    return token;
  };

  return {
    app,
    ctx,
    ids,
    database,
    setNow: (date) => {
      now = date;
    },
    tokenFor,
    as: async (email, options) =>
      app.inject({
        ...options,
        headers: { ...options.headers, authorization: `Bearer ${await tokenFor(email)}` },
      }),
    close: async () => {
      await app.close();
      await release();
    },
  };
}

/**
 * The app a test file's tests share (or a `describe`'s, called in it): built before its first test (`beforeAll`)
 * and closed after its last (`afterAll`), with `createTestApp`'s settings and services. The answer stands for that
 * app: read its members in hooks and tests, not while the file loads. A `beforeAll` declared after this call runs
 * once the app is built (Vitest runs `beforeAll` hooks in order), so it may seed rows or listen to events there.
 */
export function sharedTestApp(
  overrides: Partial<ServerConfig> = {},
  services: Omit<ServiceOverrides, 'now'> = {},
): TestApp {
  return sharedAcrossTests(() => createTestApp(overrides, services));
}

/**
 * `sharedTestApp` for the tests of stored files (media, recordings, greetings, exports): its data folder,
 * `t.ctx.config.dataDir`, is a fresh one of its own, deleted once the app is closed.
 */
export function sharedTestAppWithFiles(
  overrides: Partial<ServerConfig> = {},
  services: Omit<ServiceOverrides, 'now'> = {},
): TestApp {
  let dataDir: string | undefined;
  return sharedAcrossTests(
    async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'switchboard-files-'));
      return createTestApp({ ...overrides, dataDir }, services);
    },
    async () => {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  );
}

/** The app `build` makes before the tests, closed after them (then `afterClose` runs), as one `TestApp`. */
function sharedAcrossTests(build: () => Promise<TestApp>, afterClose?: () => Promise<void>): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await build();
  });
  afterAll(async () => {
    await built?.close();
    await afterClose?.();
  });
  const current = (): TestApp => {
    if (!built)
      throw new Error('The test app is built in beforeAll: use it in hooks and tests, not at load.');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get ctx() {
      return current().ctx;
    },
    get ids() {
      return current().ids;
    },
    get database() {
      return current().database;
    },
    setNow: (date) => current().setNow(date),
    tokenFor: (email) => current().tokenFor(email),
    as: (email, options) => current().as(email, options),
    close: () => current().close(),
  };
}

/** A realtime event the app published, on its channel. */
export interface PublishedEvent {
  channel: string;
  event: string;
  payload: unknown;
}

/**
 * Every realtime event the app publishes once its tests start, in order: heard from a `beforeAll` (so declare it
 * after `sharedTestApp`) until the file's last test. Tests empty it (`events.length = 0`) to see only their own.
 */
export function publishedEvents(t: TestApp): PublishedEvent[] {
  const events: PublishedEvent[] = [];
  beforeAll(() => {
    t.ctx.realtime.listen((channel, event, payload) => events.push({ channel, event, payload }));
  });
  return events;
}

/**
 * Signs in as the browser app does: fetches the XSRF cookie, then posts the sign-in echoing it. Answers the
 * sign-in's response, the XSRF token, the session cookie's value, and both cookies as the browser sends them.
 */
export async function browserSignIn(t: TestApp, email: string) {
  const cookie = (response: LightMyRequestResponse, name: string) =>
    response.cookies.find((one) => one.name === name)?.value ?? '';
  const csrf = await t.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
  expect(csrf.statusCode).toBe(204);
  const xsrf = cookie(csrf, 'XSRF-TOKEN');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sanctum/login',
    cookies: { 'XSRF-TOKEN': xsrf },
    headers: { 'x-xsrf-token': xsrf },
    payload: { email, password: DEMO_PASSWORD },
  });
  const session = cookie(response, 'switchboard_session');
  return { response, xsrf, session, cookies: { switchboard_session: session, 'XSRF-TOKEN': xsrf } };
}

/** The 422 envelope's per-field messages, for `expect(...).toEqual`. */
export function fieldErrors(response: LightMyRequestResponse): Record<string, string[]> {
  return response.json<{ errors: Record<string, string[]> }>().errors;
}
