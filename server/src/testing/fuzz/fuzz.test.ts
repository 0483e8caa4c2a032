/**
 * Property-based fuzzing of every API route (README.md in this folder). For each route of the route table under
 * `/api/`: inputs generated from its own zod schemas (arbitrary.ts), each mutated one way (mutate.ts), sent to
 * the real app on a seeded database. The property: no answer is a 5xx. After each route the server must still
 * answer: `GET /api/user` with a valid token is 200.
 *
 * Bounded for CI: a fixed seed and FUZZ_RUNS inputs per route (DEFAULT_RUNS unless set). Long runs by hand:
 *   FUZZ_RUNS=2000 npx vitest run --project server server/src/testing/fuzz
 * FUZZ_SEED changes the seed; FUZZ_ROUTE=<substring> fuzzes only matching routes ("POST /api/contacts").
 *
 * Each 5xx is collected (route, the input's mutation, the answer, the server's logged error) rather than
 * stopping at the first, so one run shows every cause; a route's test fails listing its own, and the summary
 * printed at the end counts inputs, routes and 5xx, and groups the 5xx by the error the server logged.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CampaignFieldsSchema } from '@shared/api/campaigns';
import { GreetingFieldsSchema } from '@shared/api/greetings';
import { ScheduleMessageFieldsSchema, SendMessageFieldsSchema } from '@shared/api/messaging';
import { PortFieldsSchema } from '@shared/api/ports';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type RouteInfo } from '../../app';
import { multipart } from '../../modules/messaging/testing';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createTestApp, type TestApp } from '../testApp';
import { type FuzzCase, type FuzzRoute, type FuzzWorld, fuzzCases, toJsonText } from './mutate';

/**
 * Inputs per route by default. Measured on a 2-core machine: ≈ 5 ms an input, so 75 × 184 routes take about
 * 80 s on PGlite and a little less on PostgreSQL (each project of `npm test` runs this file once).
 */
const DEFAULT_RUNS = 75;
const RUNS = Number(process.env.FUZZ_RUNS) || DEFAULT_RUNS;
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_501);
const ONLY = process.env.FUZZ_ROUTE;
/** One request taking longer than this is reported as a hang (and the run goes on). */
const REQUEST_TIMEOUT_MS = 20_000;

// ───────────────────────────── the app under fuzz ─────────────────────────────

interface LoggedError {
  type: string;
  message: string;
  /** The error's cause, when it wraps one (a DrizzleQueryError wraps the database's error). */
  cause?: string;
  /** The first stack frame in our code, where it was thrown from. */
  at?: string;
}

interface Environment {
  t: TestApp;
  app: FastifyInstance;
  /** Errors the app logged, by request id (a 500's body quotes its request id). */
  logged: Map<string, LoggedError>;
  dataDir: string;
  remote: number;
}

/**
 * The real app on a fresh copy of the seeded database, built with a logger whose error lines are kept, so each
 * 500 can be matched with the error behind it. (createTestApp's own app logs nothing; it is closed at once.)
 */
async function openEnvironment(): Promise<Environment> {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-fuzz-'));
  const t = await createTestApp({ dataDir });
  await t.app.close();
  const logged = new Map<string, LoggedError>();
  const stream = {
    write(line: string) {
      try {
        const entry = JSON.parse(line) as {
          reqId?: string;
          err?: { type?: string; message?: string; stack?: string };
        };
        if (!entry.reqId || !entry.err) return;
        // Where it was thrown: the first frame in our code, else the first frame at all (a library's).
        const frames = (entry.err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
        const ours = frames.find(
          (frame) => /\/(server|shared)\//.test(frame) && !frame.includes('node_modules'),
        );
        const at = (ours ?? frames[0])
          ?.trim()
          .replace(/^at /, '')
          .replace(/\/\S*\/node_modules\//, 'node_modules/')
          .replace(/\/\S*?\/(server|shared)\//, '$1/');
        // pino writes a wrapped error's cause into the stack as `caused by: <type>: <message>`.
        const causes = [...(entry.err.stack ?? '').matchAll(/^caused by: (.*)$/gm)].map(
          (m) => m[1] as string,
        );
        logged.set(entry.reqId, {
          type: entry.err.type ?? 'Error',
          message: entry.err.message ?? '',
          cause: causes[causes.length - 1],
          at,
        });
      } catch {
        // Not a JSON line: nothing to keep.
      }
    },
  };
  // A context of its own (a copy), so per-context state (the sandbox's voice network) is this app's alone.
  const app = await buildApp({ ...t.ctx }, { logger: { level: 'error', stream } });
  await app.ready();
  return { t, app, logged, dataDir, remote: 0 };
}

async function closeEnvironment(environment: Environment): Promise<void> {
  await environment.app.close();
  await environment.t.close();
  await rm(environment.dataDir, { recursive: true, force: true });
}

let env = await openEnvironment();

/** A signed-in user: a bearer token and a browser session (cookie), renewed when a fuzzed route ends them. */
class Credentials {
  bearer = '';
  session = '';
  constructor(readonly email: string) {}

  async signIn(): Promise<boolean> {
    const login = (headers: Record<string, string>) =>
      env.app.inject({
        method: 'POST',
        url: '/api/sanctum/login',
        headers,
        payload: { email: this.email, password: DEMO_PASSWORD },
      });
    const bearer = await login({});
    this.bearer = bearer.json<{ access_token?: string }>().access_token ?? '';
    const session = await login({ cookie: 'XSRF-TOKEN=fuzz-xsrf', 'x-xsrf-token': 'fuzz-xsrf' });
    this.session = session.cookies.find((cookie) => cookie.name === 'switchboard_session')?.value ?? '';
    return !!this.bearer && (await this.works());
  }

  async works(): Promise<boolean> {
    const response = await env.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${this.bearer}` },
    });
    return response.statusCode === 200;
  }

  async sessionWorks(): Promise<boolean> {
    const response = await env.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `switchboard_session=${this.session}` },
    });
    return response.statusCode === 200;
  }

  /** After a 401: signs in again if the token or the session is dead. */
  async renewIfDead(): Promise<void> {
    if (!(await this.works()) || !(await this.sessionWorks())) await this.signIn();
  }
}

/** Who fuzzes a route: Demo Motors' owner; organization routes its organization's admin; platform routes a platform admin. */
const actors = {
  owner: new Credentials('owner@demo.test'),
  orgAdmin: new Credentials('orgadmin@demo.test'),
  platformAdmin: new Credentials('superadmin@demo.test'),
};
/** The liveness check's own user: never an actor, and in Other Co, out of the actors' reach. */
const canary = new Credentials('other@demo.test');

async function signInEveryone(): Promise<void> {
  for (const credentials of [...Object.values(actors), canary]) {
    if (!(await credentials.signIn())) throw new Error(`fuzz: cannot sign in as ${credentials.email}`);
  }
}
await signInEveryone();

function actorFor(route: RouteInfo): Credentials {
  if (route.access === 'platform.admin') return actors.platformAdmin;
  if (route.access === 'organization.manage') return actors.orgAdmin;
  return actors.owner;
}

// ───────────────────────────── the routes ─────────────────────────────

/** Multipart routes: the fields they read (the contract has no body schema for them) and their file part. */
const MULTIPART: Record<string, NonNullable<FuzzRoute['multipart']>> = {
  'POST /api/message': { fields: SendMessageFieldsSchema, file: 'media[]' },
  'POST /api/inbox/message/schedule': { fields: ScheduleMessageFieldsSchema, file: 'media[]' },
  'POST /api/greetings': { fields: GreetingFieldsSchema, file: 'file' },
  'POST /api/campaigns': { fields: CampaignFieldsSchema, file: 'media[]' },
  'POST /api/campaigns/:id': { fields: CampaignFieldsSchema, file: 'media[]' },
  'POST /api/company/:companyId/numbers/port': { fields: PortFieldsSchema, file: 'loa' },
  'POST /api/company/:companyId/ports/:id/documents': { file: 'bill' },
  'POST /api/companies/:companyId/contacts/preview': { file: 'file' },
  'PUT /api/companies/:companyId/contacts': {
    fields: z.object({
      mapping: z.enum(['{"name":"name","number":"number"}', '{"name":"","number":"number"}']).optional(),
      'groups[]': z.number().int().positive().optional(),
      'labels[]': z.number().int().positive().optional(),
    }),
    file: 'file',
  },
};

/**
 * Routes that can end the actor's session or change who the actor is (sign-out, password, MFA, deactivation,
 * roles, the company's or organization's status). They run last, so the rest runs with an intact owner.
 */
const SESSION_ROUTES =
  /^(GET \/api\/sanctum\/logout|POST \/api\/sanctum\/clearTokenSessions|POST \/api\/users\/update-password|PUT \/api\/user|PUT \/api\/users\/:id|POST \/api\/user-activation\/|.* \/api\/mfa|PUT \/api\/company\/:id\/account-status|POST \/api\/business-units\/:id\/status|DELETE \/api\/business-units\/:id\/business-unit-users|POST \/api\/admin\/impersonate|POST \/api\/users\/bulk-accounts)/;

function rank(route: RouteInfo): number {
  const key = `${route.method} ${route.url}`;
  if (SESSION_ROUTES.test(key)) return 2;
  if (route.method === 'DELETE') return 1;
  return 0;
}

/** Everything under /api/ (the UI's catch-all and the Pusher trigger API are not the API). Stable order. */
const ROUTES = env.app.routeTable
  .filter((route) => route.url.startsWith('/api/'))
  .filter((route) => !ONLY || `${route.method} ${route.url}`.includes(ONLY))
  .map((route, index) => ({ route, index }))
  .sort((a, b) => rank(a.route) - rank(b.route) || a.index - b.index)
  .map(({ route }) => route);

function fuzzRouteOf(route: RouteInfo): FuzzRoute {
  const contract = route.contract;
  const from = route.companyFrom ?? route.organizationFrom;
  const [where, name] = from?.split(':') ?? [];
  return {
    method: route.method,
    url: route.url,
    params: contract?.params,
    query: contract?.query,
    body: contract?.body,
    multipart: contract?.multipart
      ? (MULTIPART[`${route.method} ${route.url}`] ?? { file: 'file' })
      : undefined,
    scope:
      (where === 'param' || where === 'query') && name
        ? { in: where, name, kind: route.companyFrom ? 'company' : 'organization' }
        : undefined,
  };
}

function worldOf(environment: Environment): FuzzWorld {
  const { ids } = environment.t;
  return {
    ownCompany: ids.companies.demoMotors,
    otherCompanies: [ids.companies.otherCo, ids.companies.demoRealty],
    organizations: [ids.organizationId],
    recordIds: [
      ...Object.values(ids.companies),
      ...Object.values(ids.users),
      ...Object.values(ids.numbers),
      ...Object.values(ids.conversations),
      ...Object.values(ids.campaigns),
      ids.faxNumber,
    ].filter((id): id is number => typeof id === 'number'),
    phones: ['+13125550100', '+14155550120', '+12025550190', '+13125550177', '+13125550133'],
    // Not the actors' or the canary's: a fuzzed sign-in must not lock them out.
    emails: ['agent@demo.test', 'billing@demo.test', 'admin@demo.test', 'nobody@demo.test'],
  };
}

// ───────────────────────────── sending a case ─────────────────────────────

async function injectOptions(route: FuzzRoute, c: FuzzCase, actor: Credentials): Promise<InjectOptions> {
  const path = route.url.replace(/:(\w+)/g, (_m, name: string) => c.segments[name] ?? '1');
  const headers: Record<string, string> = {};
  if (c.auth === 'bearer') headers.authorization = `Bearer ${actor.bearer}`;
  if (c.auth === 'session') {
    const xsrf = c.xsrf === 'malformed-cookie' ? '%E0%A4%A' : c.xsrf === 'missing' ? undefined : 'fuzz-xsrf';
    headers.cookie = [`switchboard_session=${actor.session}`, xsrf && `XSRF-TOKEN=${xsrf}`]
      .filter(Boolean)
      .join('; ');
    if (c.xsrf !== 'missing') headers['x-xsrf-token'] = c.xsrf === 'mismatch' ? 'other' : 'fuzz-xsrf';
  }
  let payload: InjectOptions['payload'];
  const body = c.body;
  if (body.kind === 'json') {
    payload = toJsonText(body.value);
    headers['content-type'] = 'application/json';
  } else if (body.kind === 'raw') {
    payload = body.text;
    if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  } else if (body.kind === 'multipart') {
    const built = await multipart(body.parts);
    payload =
      body.boundary === 'truncated' ? built.payload.subarray(0, built.payload.length >> 1) : built.payload;
    headers['content-type'] =
      body.boundary === 'missing' ? 'multipart/form-data' : built.headers['content-type'];
  }
  Object.assign(headers, c.headers);
  return {
    method: route.method as InjectOptions['method'],
    url: c.query ? `${path}?${c.query}` : path,
    headers,
    payload,
    // A different address per request: fuzzed sign-ins must not get the actors' address throttled.
    remoteAddress: `10.${(env.remote >> 16) & 255}.${(env.remote >> 8) & 255}.${env.remote++ & 255}`,
  };
}

// ───────────────────────────── findings ─────────────────────────────

interface Finding {
  /** A 5xx answer, no answer in time, or Object.prototype changed by the request. */
  kind: '5xx' | 'hang' | 'pollution';
  route: string;
  label: string;
  status: number;
  body: string;
  error?: LoggedError;
}

const findings: Finding[] = [];
const stats = {
  inputs: 0,
  routes: 0,
  refused: 0,
  resets: [] as string[],
  statuses: new Map<number, number>(),
};

/** What a 500's body says its request id is. */
function requestIdOf(body: string): string | undefined {
  return /quote ([0-9a-f-]{36})/.exec(body)?.[1];
}

/** Control characters (NUL above all) written visibly, so the report prints as text. */
function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    const control = (code < 0x20 && char !== '\n' && char !== '\t') || code === 0x7f;
    out += control ? `\\u${code.toString(16).padStart(4, '0')}` : char;
  }
  return out;
}

/**
 * The root cause of a 5xx, for grouping: the error (its cause's, for a failed query) with quoted values and
 * numbers blanked, so "value "2147483648" is out of range" from twenty queries is one cause.
 */
function causeOf(finding: Finding): string {
  if (!finding.error) return printable(`${finding.status} ${finding.body.slice(0, 160)}`);
  const text = (finding.error.cause ?? `${finding.error.type}: ${finding.error.message}`)
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+/g, 'N')
    .split('\n')[0] as string;
  return printable(`${finding.status} ${text.slice(0, 200)}`);
}

function describeFinding(finding: Finding): string {
  const error = finding.error
    ? `${finding.error.type}: ${finding.error.cause ?? finding.error.message}`
    : finding.body;
  return printable(
    `${finding.status} ${finding.route} ← ${finding.label}\n      ${error.slice(0, 240)}${finding.error?.at ? `\n      at ${finding.error.at}` : ''}`,
  );
}

async function send(options: InjectOptions): Promise<LightMyRequestResponse | 'hang' | Error> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([env.app.inject(options), timeout]);
  } catch (error) {
    return error as Error;
  } finally {
    clearTimeout(timer);
  }
}

/** The server still answers: GET /api/user with a valid token is 200 (the canary's; renewed if it died). */
async function serverAnswers(): Promise<number> {
  const check = () =>
    env.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${canary.bearer}` },
    });
  let response = await check();
  if (response.statusCode === 401) {
    await canary.signIn();
    response = await check();
  }
  return response.statusCode;
}

/** A 32-bit hash of the seed and the route, so each route has its own fixed seed whatever the others are. */
function seedFor(key: string): number {
  let hash = SEED | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

// ───────────────────────────── the suite ─────────────────────────────

afterAll(async () => {
  const count = (kind: Finding['kind']) => findings.filter((finding) => finding.kind === kind).length;
  const distinct = new Map<string, Finding[]>();
  for (const finding of findings)
    distinct.set(causeOf(finding), [...(distinct.get(causeOf(finding)) ?? []), finding]);
  const lines = [
    `fuzz: ${stats.inputs} inputs over ${stats.routes} routes, ${count('5xx')} 5xx, ${count('hang')} hangs, ${count('pollution')} prototype pollutions (${distinct.size} distinct causes); seed ${SEED}, ${RUNS} runs per route${
      stats.refused ? `; ${stats.refused} inputs the test client could not send` : ''
    }`,
  ];
  // How far inputs got: a suite answering 422 to everything would test nothing but validation.
  lines.push(
    `  answers: ${[...stats.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ')}`,
  );
  for (const [cause, list] of distinct) {
    lines.push(`  ${list.length}× ${cause}`);
    // Where it was thrown, and from which routes.
    const sites = new Map<string, Finding[]>();
    for (const finding of list) {
      const at = finding.error?.at ?? '(no logged error)';
      sites.set(at, [...(sites.get(at) ?? []), finding]);
    }
    for (const [at, here] of sites) {
      const routes = [...new Set(here.map((finding) => finding.route))];
      lines.push(
        `    at ${at}: ${routes.slice(0, 6).join(', ')}${routes.length > 6 ? `, … (${routes.length} routes)` : ''}`,
      );
      lines.push(`      e.g. ${printable((here[0] as Finding).label)}`);
    }
  }
  if (stats.resets.length)
    lines.push(
      `  fresh database after: ${stats.resets.join(', ')} (the server stopped answering or the actor could no longer sign in)`,
    );
  console.log(lines.join('\n'));
  await closeEnvironment(env);
});

describe.sequential(`fuzz every API route (${RUNS} inputs each, seed ${SEED})`, () => {
  for (const route of ROUTES) {
    const key = `${route.method} ${route.url}`;
    it(
      key,
      async () => {
        const fuzzRoute = fuzzRouteOf(route);
        const actor = actorFor(route);
        const mine: Finding[] = [];
        stats.routes++;

        await fc.assert(
          fc.asyncProperty(fuzzCases(fuzzRoute, worldOf(env)), async (c) => {
            stats.inputs++;
            const options = await injectOptions(fuzzRoute, c, actor);
            const response = await send(options);
            if (response === 'hang') {
              mine.push({
                kind: 'hang',
                route: key,
                label: c.label,
                status: 0,
                body: `no answer in ${REQUEST_TIMEOUT_MS} ms`,
              });
              return true;
            }
            if (response instanceof Error) {
              // light-my-request refused to build the request (an impossible header): no server involved.
              stats.refused++;
              return true;
            }
            stats.statuses.set(response.statusCode, (stats.statuses.get(response.statusCode) ?? 0) + 1);
            if (response.statusCode >= 500) {
              const id = requestIdOf(response.body);
              mine.push({
                kind: '5xx',
                route: key,
                label: c.label,
                status: response.statusCode,
                body: response.body.slice(0, 400),
                error: id ? env.logged.get(id) : undefined,
              });
            }
            // A polluted Object.prototype would change every object in the server (this process).
            const polluted = Object.keys(Object.prototype).concat(
              'polluted' in Object.prototype ? ['polluted'] : [],
            );
            if (polluted.length) {
              mine.push({
                kind: 'pollution',
                route: key,
                label: c.label,
                status: response.statusCode,
                body: `Object.prototype polluted: ${polluted.join(', ')}`,
              });
              for (const name of polluted) delete (Object.prototype as Record<string, unknown>)[name];
            }
            // The case may have signed the actor out (logout, password, deactivation): sign in again.
            const ownCredentials = c.auth === 'session' || (c.auth === 'bearer' && !c.headers.authorization);
            if (response.statusCode === 401 && ownCredentials) await actor.renewIfDead();
            return true;
          }),
          { seed: seedFor(key), numRuns: RUNS },
        );
        findings.push(...mine);

        // The server still answers after the route's run. If it does not, or the actor was changed for good
        // (deactivated, its password or MFA changed) and cannot sign in, the rest runs on a fresh database.
        const answers = await serverAnswers();
        if (answers !== 200 || (!(await actor.works()) && !(await actor.signIn()))) {
          stats.resets.push(key);
          await closeEnvironment(env);
          env = await openEnvironment();
          await signInEveryone();
        }
        expect(answers, `GET /api/user after fuzzing ${key}`).toBe(200);

        if (mine.length) {
          const distinct = [...new Map(mine.map((finding) => [causeOf(finding), finding])).values()];
          throw new Error(
            `${mine.length} of ${RUNS} inputs failed: 5xx, no answer or prototype pollution (${distinct.length} distinct):\n    ${distinct.map(describeFinding).join('\n    ')}`,
          );
        }
      },
      120_000 + RUNS * 2_000,
    );
  }
});
