/**
 * `npm run bench -- inbox`: the inbox and the activity feed at volume, each figure beside a baseline measured in
 * the same run, so the two can be compared on whatever machine runs it.
 *
 * - API, on PGlite and (when one answers on 127.0.0.1:5432; BENCH_PG_URL names another server) on a fresh
 *   PostgreSQL database: the demo seed plus, for Demo Motors, 10,000 conversations and 1,000,000 activity rows
 *   over the two-year search window (bench/inbox/volume.ts). Then req/s, p50 and p99 of the conversation list's
 *   first page and of the activity feed (default filters, and the last 30 days), beside `GET /api/user` on the
 *   same app and database; each with the total its first answer gave ("≈" when the feed estimated it).
 * - Renderer: the UI built into a temp folder, the real server (a child, as `npm run server`) on the PGlite data
 *   above, Debian's Chromium signed in as agent@demo.test: time from navigation start to the first conversation
 *   row of /inbox, opened first (no cached data) and reopened (the app's persisted cache), beside the same for
 *   Demo Realty's inbox (the seed's threads, as owner@demo.test); then the virtualised list scrolled (its pages
 *   loading as it goes) for a fixed number of frames, frame times taken with requestAnimationFrame, beside the
 *   same scroll over as many static rows.
 *
 * BENCH_CONVERSATIONS and BENCH_ACTIVITY_ROWS scale the data down; BENCH_SECONDS (per endpoint),
 * BENCH_MIN_REQUESTS, BENCH_CONNECTIONS, BENCH_FRAMES and BENCH_RENDERS change the measurements; CHROMIUM_PATH
 * names the browser. Temp folders, the database, the server and the browser are removed even on failure.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { build, loadConfigFromFile, type Plugin } from 'vite';
import { buildApp } from '../server/src/app';
import { composeServices } from '../server/src/composition';
import { type Database, type DatabaseSource, openDatabase } from '../server/src/db/client';
import { DEMO_PASSWORD, type DemoIds, seedDemo } from '../server/src/seed/demo';
import { testConfig } from '../server/src/testing/config';
import { type ServerProcess, startServerProcess } from '../server/src/testing/serverProcess';
import { activityMix, writeVolume } from './inbox/volume';
import { percentile, round1, seconds } from './lib/figures';
import { onAdmin, PG_ADMIN_URL, postgresAnswers } from './lib/postgres';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 10_000);
const ACTIVITY_ROWS = Number(process.env.BENCH_ACTIVITY_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Few connections: latency of a lightly loaded server, on a machine that may have only two cores. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
/** 50 s at 60 Hz: long enough to scroll 10,000 rows when pages keep up. */
const FRAMES = Number(process.env.BENCH_FRAMES ?? 3000);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AGENT = 'agent@demo.test';
const OWNER = 'owner@demo.test';
/** The inbox's row height (ConversationList.tsx ROW_HEIGHT): the static baseline rows have the same. */
const ROW_HEIGHT = 72;
/** One frame at 60 Hz: a frame longer than this missed its vsync. */
const FRAME_BUDGET_MS = 1000 / 60;

const MIX = activityMix(ACTIVITY_ROWS);
/** Fewer completed requests than this in BENCH_SECONDS: the endpoint is run for this many instead. */
const MIN_REQUESTS = Number(process.env.BENCH_MIN_REQUESTS ?? 20);

// Everything the run starts is undone in reverse order, on success, on failure and on Ctrl-C.
const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp(): Promise<void> {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) {
    await step().catch((error: unknown) => console.error('cleanup:', error));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

type Figures = Record<string, number | string>;
const apiResults: Record<string, Figures> = {};
const firstRenderResults: Record<string, Figures> = {};
const scrollResults: Record<string, Figures> = {};
const seedResults: Record<string, Figures> = {};
/** The browser pages' API requests and responses, for the message of a failed renderer measurement. */
const apiLog: string[] = [];
const benchStarted = performance.now();
const folder = await mkdtemp(join(tmpdir(), 'switchboard-bench-inbox-'));
cleanups.push(() => rm(folder, { recursive: true, force: true }));

try {
  console.log(
    `${CONVERSATIONS.toLocaleString('en-US')} conversations, ${ACTIVITY_ROWS.toLocaleString('en-US')} activity rows ` +
      `(${MIX.calls} calls, ${MIX.messages} messages, ${MIX.voicemails} voicemails, ${MIX.faxes} faxes); ` +
      `${CONNECTIONS} connections × ${SECONDS} s per endpoint; ${FRAMES} scroll frames; ${process.version}`,
  );

  // PGlite on disk, so the real server can open the same data for the renderer part.
  const dataDir = join(folder, 'data');
  await mkdir(dataDir);
  const lite = await preparedDatabase('PGlite', { kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  await measureApi('PGlite', lite);
  await lite.close();

  const uiDir = await buildUi(join(folder, 'ui'));
  await measureRenderer(dataDir, uiDir, lite.ids);

  if (await postgresAnswers()) {
    const name = `switchboard_bench_inbox_${process.pid}_${Date.now()}`;
    await onAdmin((client) => client.query(`create database ${name}`));
    cleanups.push(() => onAdmin((client) => client.query(`drop database if exists ${name} with (force)`)));
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const postgres = await preparedDatabase('PostgreSQL', { kind: 'postgres', url: url.toString() });
    await measureApi('PostgreSQL', postgres);
    await postgres.close();
  } else {
    console.log(`PostgreSQL does not answer at ${new URL(PG_ADMIN_URL).host}: PGlite only.`);
  }
} finally {
  // Whatever was measured is printed, also when a later part failed.
  printResults();
  await cleanUp();
}

function printResults(): void {
  console.log('\nData written by the bench (set-based SQL, after the demo seed)');
  console.table(seedResults);
  console.log(
    `\nAPI as agent@demo.test, in process over loopback HTTP (autocannon, ${CONNECTIONS} connections)`,
  );
  console.table(apiResults);
  console.log(
    `\nRenderer: /inbox in Chromium headless (software rendering, 1280×720), from navigation start`,
  );
  console.table(firstRenderResults);
  console.log(`\nRenderer: frame times while scrolling, ${FRAMES} frames`);
  console.table(scrollResults);
  console.log(`\nWhole run: ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
}

// ---------------------------------------------------------------------------------------------------------------
// The data: the demo seed, then the volume, on one database.

interface Prepared {
  database: Database;
  ids: DemoIds;
  /** Closes the database once (the cleanup calls it again after a failure). */
  close(): Promise<void>;
}

async function preparedDatabase(label: string, source: DatabaseSource): Promise<Prepared> {
  const database = await openDatabase(source);
  const close = once(() => database.close());
  cleanups.push(close);
  await database.migrate();
  const ids = await seedDemo(database.db);
  const started = performance.now();
  await writeVolume(database.db, ids, ids.users[AGENT] as number, {
    conversationCount: CONVERSATIONS,
    mix: MIX,
    now: new Date(),
  });
  const written = performance.now();
  // As autovacuum would have by the time a company had this much: the planner's statistics.
  await database.db.execute(sql`analyze`);
  seedResults[label] = {
    'conversations + activity (s)': seconds(written - started),
    'rows/s': Math.round((CONVERSATIONS + ACTIVITY_ROWS) / ((written - started) / 1000)),
    'analyze (s)': seconds(performance.now() - written),
  };
  return { database, ids, close };
}

// ---------------------------------------------------------------------------------------------------------------
// The API: the app in process, as bench/api.ts builds it.

async function measureApi(label: string, prepared: Prepared): Promise<void> {
  const { database, ids } = prepared;
  const app = await buildApp(composeServices(testConfig({ rateLimitPerMinute: 10_000_000 }), database.db), {
    logger: false,
  });
  const closeApp = once(() => app.close());
  cleanups.push(closeApp);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/sanctum/login',
    payload: { email: AGENT, password: DEMO_PASSWORD },
  });
  const token = login.json<{ access_token: string }>().access_token;
  const company = ids.companies.demoMotors;
  const today = new Date();
  const monthAgo = new Date(today.getTime() - 30 * 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const targets: { name: string; method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
    { name: 'baseline GET /api/user', method: 'GET', path: '/api/user' },
    {
      name: 'GET conversations page 1 (30)',
      method: 'GET',
      path: `/api/companies/${company}/conversations?page=1&perPage=30`,
    },
    {
      name: 'POST /activity page 1',
      method: 'POST',
      path: `/api/activity?companyId=${company}`,
      body: { page: 1 },
    },
    {
      name: 'POST /activity last 30 days',
      method: 'POST',
      path: `/api/activity?companyId=${company}`,
      body: { page: 1, filters: { from: day(monthAgo), to: day(today) } },
    },
  ];
  let baselineP99 = 0;
  for (const target of targets) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (target.body) headers['content-type'] = 'application/json';
    const body = target.body ? JSON.stringify(target.body) : undefined;
    // One request first: it must answer 200, and its total shows the data is really there; it also warms up.
    const request = async () => {
      const started = performance.now();
      const response = await fetch(`${base}${target.path}`, { method: target.method, headers, body });
      const json = (await response.json()) as { total?: number; total_is_estimate?: boolean };
      if (response.status !== 200)
        throw new Error(`${target.name} answered ${response.status}: ${JSON.stringify(json)}`);
      // The feed estimates a total past the rows it counts exactly (docs/decisions.md): shown as "≈".
      const total = json.total === undefined ? '' : `${json.total_is_estimate ? '≈' : ''}${json.total}`;
      return { ms: performance.now() - started, total };
    };
    const first = await request();
    // A slow endpoint would complete too few requests in BENCH_SECONDS for a p99 to mean anything (none, when one
    // request takes longer): it runs until MIN_REQUESTS have completed instead. A warm request tells which.
    const warm = await request();
    const enough = (SECONDS * 1000) / warm.ms >= MIN_REQUESTS;
    const result = await autocannon({
      url: `${base}${target.path}`,
      method: target.method,
      headers,
      body,
      connections: CONNECTIONS,
      ...(enough ? { duration: SECONDS } : { amount: MIN_REQUESTS }),
      timeout: 600,
    });
    // autocannon stops at the deadline with requests still in flight; on PGlite (one connection) they would hold up
    // the next endpoint's first request, so wait until a cheap request gets through.
    await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    baselineP99 ||= result.latency.p99;
    apiResults[`${label}: ${target.name}`] = {
      'req/s': Number(result.requests.average.toFixed(1)),
      'p50 (ms)': result.latency.p50,
      'p99 (ms)': result.latency.p99,
      'max (ms)': result.latency.max,
      'p99 ÷ baseline p99': round1(result.latency.p99 / baselineP99),
      requests: result.requests.total,
      errors: result.errors + result.non2xx + result.timeouts,
      'first request (ms)': Math.round(first.ms),
      'run (s)': seconds(result.duration * 1000),
      total: first.total,
    };
  }
  await closeApp();
}

// ---------------------------------------------------------------------------------------------------------------
// The renderer: the built UI served by the real server, driven in Chromium.

/**
 * Builds the account UI into `outDir` with the repository's Vite config minus the Electron plugins, which would
 * write dist-electron/ (shared with whoever else is building): only the renderer is needed here.
 */
async function buildUi(outDir: string): Promise<string> {
  const started = performance.now();
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    join(ROOT, 'vite.config.ts'),
    ROOT,
  );
  if (!loaded) throw new Error('vite.config.ts did not load');
  const plugins = (await flatPlugins(loaded.config.plugins)).filter(
    (plugin) => !plugin.name.startsWith('vite-plugin-electron'),
  );
  await build({
    ...loaded.config,
    configFile: false,
    root: join(ROOT, 'renderer'),
    plugins,
    logLevel: 'warn',
    build: { ...loaded.config.build, outDir, emptyOutDir: true, sourcemap: false },
  });
  console.log(`UI built in ${seconds(performance.now() - started)} s`);
  return outDir;
}

/** A Vite plugin option (nested arrays, promises, falsy entries) as the flat list of plugins it names. */
async function flatPlugins(option: unknown): Promise<Plugin[]> {
  const value = await option;
  if (Array.isArray(value)) return (await Promise.all(value.map(flatPlugins))).flat();
  return value && typeof value === 'object' && 'name' in value ? [value as Plugin] : [];
}

/**
 * `npm run server`'s entry point as a child on a free port, on the bench's data, serving the built UI. Answers its
 * URL, its output and how to stop it.
 */
async function startServer(dataDir: string, uiDir: string): Promise<ServerProcess> {
  const server = await startServerProcess(
    {
      PORT: '0',
      DATA_DIR: dataDir,
      UI_DIR: uiDir,
      // Scrolling through 10,000 rows asks for hundreds of pages a minute; the limiter is not what is measured.
      RATE_LIMIT_PER_MINUTE: '10000000',
    },
    { startTimeoutMs: 120_000 },
  );
  cleanups.push(() => server.stop());
  return server;
}

async function measureRenderer(dataDir: string, uiDir: string, ids: DemoIds): Promise<void> {
  const server = await startServer(dataDir, uiDir);
  const base = server.url;
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const closeBrowser = once(() => browser.close());
  cleanups.push(closeBrowser);

  try {
    await measurePages(browser, base, ids);
  } catch (error) {
    // The pages' API calls and the server's output are what tell why a page never showed its rows.
    throw new Error(
      `the renderer measurement failed; the pages' last API calls:\n${apiLog.slice(-40).join('\n')}\n` +
        `server output:\n${server.output().slice(-4000)}`,
      { cause: error },
    );
  }
  await closeBrowser();
  await server.stop();
}

async function measurePages(browser: Browser, base: string, ids: DemoIds): Promise<void> {
  const motors = await signedInPage(browser, base, AGENT, ids.companies.demoMotors);
  const realty = await signedInPage(browser, base, OWNER, ids.companies.demoRealty);
  const rows = await inboxTotal(motors, base, ids.companies.demoMotors);
  const fewRows = await inboxTotal(realty, base, ids.companies.demoRealty);
  const big = `/inbox, ${rows} conversations`;
  const small = `baseline: /inbox, ${fewRows} conversations (Demo Realty)`;
  firstRenderResults[`${big}, first open`] = await firstRenders(motors, base, false);
  firstRenderResults[`${small}, first open`] = await firstRenders(realty, base, false);
  firstRenderResults[`${big}, reopened`] = await firstRenders(motors, base, true);
  firstRenderResults[`${small}, reopened`] = await firstRenders(realty, base, true);

  // The inbox as the last first-render left it: scroll its list through the pages.
  const pagesLoaded = countConversationPages(motors);
  const step = Math.ceil((rows * ROW_HEIGHT) / FRAMES);
  const inbox = await scrollFrames(motors, '[role="listbox"][aria-label="Conversations"]', FRAMES, step);
  scrollResults[`scroll the inbox, ${step} px/frame`] = {
    ...frameFigures(inbox.frames),
    'rows reached': `${inbox.rowsReached} of ${rows}`,
    'pages fetched': pagesLoaded(),
  };

  const plain = await browser.newPage();
  await plain.setContent(staticRows(rows, inbox.listHeight));
  const baseline = await scrollFrames(plain, '#list', FRAMES, step);
  scrollResults[`baseline: scroll ${rows} static rows, ${step} px/frame`] = {
    ...frameFigures(baseline.frames),
    'rows reached': `${baseline.rowsReached} of ${rows}`,
  };
}

/** A page signed in through the UI, with the company chosen as the company switcher keeps it. */
async function signedInPage(browser: Browser, base: string, email: string, companyId: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  // Errors in the page are printed as they come, and its API calls kept for a failure's message.
  page.on('pageerror', (error) => console.error(`${email}'s page: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`${email}'s page console: ${message.text()}`);
  });
  const stamp = () => `${seconds(performance.now() - benchStarted)} s ${email}`;
  page.on('request', (request) => {
    if (request.url().includes('/api/')) apiLog.push(`${stamp()} → ${request.method()} ${request.url()}`);
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/')) apiLog.push(`${stamp()} ← ${response.status()} ${response.url()}`);
  });
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.evaluate(
    (id) =>
      (globalThis as unknown as InPage).localStorage.setItem('switchboard.companyId', JSON.stringify(id)),
    companyId,
  );
  return page;
}

/**
 * The browser globals the in-page functions use, typed here because the root tsconfig has no DOM library. Those
 * functions run in Chromium from their source text, so they define no named functions: tsx would wrap those in
 * its `__name` helper, which the page does not have.
 */
interface InPage {
  document: { querySelector(selector: string): InPageElement | null };
  localStorage: { setItem(key: string, value: string): void };
  performance: {
    now(): number;
    getEntriesByType(type: 'resource'): { name: string; startTime: number; responseEnd: number }[];
  };
  requestAnimationFrame(callback: (now: number) => void): number;
  setTimeout(callback: () => void): number;
  MutationObserver: new (
    callback: () => void,
  ) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean }): void;
    disconnect(): void;
  };
  indexedDB: {
    databases(): Promise<{ name?: string }[]>;
    deleteDatabase(name: string): { onsuccess: unknown; onerror: unknown; onblocked: unknown };
  };
  benchMarks: { shell?: number; firstRow?: number; painted?: number };
}
interface InPageElement {
  scrollTop: number;
  readonly clientHeight: number;
}

/** How many conversations the company's inbox lists (the API, with the page's session). */
async function inboxTotal(page: Page, base: string, companyId: number): Promise<number> {
  const response = await page.request.get(`${base}/api/companies/${companyId}/conversations?perPage=1`);
  return ((await response.json()) as { total: number }).total;
}

/**
 * Loads /inbox RENDERS times (assets from the browser's cache) and answers the median of: navigation start to the
 * app's navigation in the DOM, to the first conversation row in the DOM, to the frame after it (painted), and the
 * first page's request. A MutationObserver in the page stamps the moments, so polling from here adds nothing.
 *
 * The app persists its query cache in IndexedDB and shows it on the next load (within 30 s without asking the
 * server again). So a first open deletes it before each load, and the rows come from the server; a reopen keeps
 * it, as when the app is opened again, and the rows come from the cache.
 */
async function firstRenders(page: Page, base: string, reopen: boolean): Promise<Figures> {
  await page.addInitScript(() => {
    const w = globalThis as unknown as InPage;
    const marks: InPage['benchMarks'] = {};
    w.benchMarks = marks;
    const observer = new w.MutationObserver(() => {
      if (marks.shell === undefined && w.document.querySelector('nav[aria-label="Main"]')) {
        marks.shell = w.performance.now();
      }
      if (w.document.querySelector('[role="listbox"][aria-label="Conversations"] [role="option"]')) {
        marks.firstRow = w.performance.now();
        observer.disconnect();
        // The frame that shows the row runs its animation callbacks, then paints; a task after that is later.
        w.requestAnimationFrame(() => w.setTimeout(() => (marks.painted = w.performance.now())));
      }
    });
    observer.observe(w.document, { childList: true, subtree: true });
  });
  const runs: Record<string, number>[] = [];
  for (let run = 0; run < RENDERS; run++) {
    if (reopen) {
      // The cache is written at most once a second (the persister's throttle): let the last load's be written.
      await page.waitForTimeout(1500);
    } else {
      await deletePersistedCache(page, base);
    }
    await page.goto(`${base}/inbox`);
    // A slow first page is a figure, not a failure: allow for PGlite on a busy machine.
    await page.waitForFunction(
      () => (globalThis as unknown as InPage).benchMarks.painted !== undefined,
      null,
      { timeout: 120_000 },
    );
    runs.push(
      await page.evaluate(() => {
        const w = globalThis as unknown as InPage;
        const request = w.performance
          .getEntriesByType('resource')
          .find((entry) => /\/conversations\?/.test(entry.name));
        return {
          'app shell (ms)': w.benchMarks.shell ?? Number.NaN,
          'first row in DOM (ms)': w.benchMarks.firstRow ?? Number.NaN,
          'first row painted (ms)': w.benchMarks.painted ?? Number.NaN,
          'page 1 request (ms)': request ? request.responseEnd - request.startTime : Number.NaN,
        };
      }),
    );
  }
  const figures: Figures = {};
  for (const key of Object.keys(runs[0] ?? {})) {
    const median = percentile(
      runs.map((run) => run[key] as number),
      50,
    );
    figures[key] = Number.isNaN(median) ? 'none' : Math.round(median);
  }
  figures['worst first row painted (ms)'] = Math.round(
    Math.max(...runs.map((run) => run['first row painted (ms)'] as number)),
  );
  return figures;
}

/**
 * Deletes the origin's IndexedDB databases (the app's persisted query cache) from a same-origin page that is not
 * the app (an API answer), so no open connection holds a database up.
 */
async function deletePersistedCache(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/api/tenant-config`);
  await page.evaluate(async () => {
    const w = globalThis as unknown as InPage;
    for (const database of await w.indexedDB.databases()) {
      if (!database.name) continue;
      await new Promise<void>((resolve, reject) => {
        const request = w.indexedDB.deleteDatabase(database.name as string);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(new Error(`could not delete IndexedDB ${database.name}`));
        request.onblocked = () => reject(new Error(`IndexedDB ${database.name} is still open`));
      });
    }
  });
}

/** Counts the conversation pages the page fetches from now on. */
function countConversationPages(page: Page): () => number {
  let pages = 0;
  page.on('response', (response) => {
    if (/\/conversations\?/.test(response.url())) pages++;
  });
  return () => pages;
}

interface Scroll {
  frames: number[];
  rowsReached: number;
  listHeight: number;
}

/**
 * Scrolls `selector` by `step` px in each of `frames` animation frames and answers each frame's time (between
 * consecutive requestAnimationFrame timestamps), how far down it got (in rows) and the list's visible height.
 */
async function scrollFrames(page: Page, selector: string, frames: number, step: number): Promise<Scroll> {
  await page.locator(selector).waitFor();
  return page.evaluate(
    async ({ selector, frames, step, rowHeight }) => {
      const w = globalThis as unknown as InPage;
      const list = w.document.querySelector(selector) as InPageElement;
      list.scrollTop = 0;
      const times: number[] = [];
      let last = await new Promise<number>((resolve) => w.requestAnimationFrame(resolve));
      while (times.length < frames) {
        // Scrolled in the frame's animation callbacks (the continuation runs before style and layout).
        list.scrollTop += step;
        const now = await new Promise<number>((resolve) => w.requestAnimationFrame(resolve));
        times.push(now - last);
        last = now;
      }
      return {
        frames: times,
        rowsReached: Math.round((list.scrollTop + list.clientHeight) / rowHeight),
        listHeight: list.clientHeight,
      };
    },
    { selector, frames, step, rowHeight: ROW_HEIGHT },
  );
}

/** A plain page of `count` static rows the size of the inbox's, in a list `height` px high, as the inbox's. */
function staticRows(count: number, height: number): string {
  const rows = Array.from(
    { length: count },
    (_, index) =>
      `<div style="height:${ROW_HEIGHT}px;box-sizing:border-box;padding:6px 8px;border-bottom:1px solid #dee2e6">` +
      `<div><b>(646) 200-${String(index).padStart(4, '0')}</b> <small>Nov 3</small></div>` +
      `<div style="color:#868e96">Is the blue hatchback still available? (#${index})</div></div>`,
  ).join('');
  return `<!doctype html><body style="margin:0;font-family:sans-serif"><div id="list" style="height:${height}px;overflow-y:auto">${rows}</div></body>`;
}

function frameFigures(frames: number[]): Figures {
  // rAF timestamps are vsync-aligned: a frame a few tenths of a ms over the budget is jitter, one that spans
  // two or more intervals dropped a frame.
  const intervals = frames.map((ms) => Math.max(1, Math.round(ms / FRAME_BUDGET_MS)));
  return {
    frames: frames.length,
    'p50 (ms)': round1(percentile(frames, 50)),
    'p95 (ms)': round1(percentile(frames, 95)),
    'p99 (ms)': round1(percentile(frames, 99)),
    'max (ms)': round1(Math.max(...frames)),
    'dropped (>16.7 ms)': intervals.filter((n) => n > 1).length,
    'missed vsyncs': intervals.reduce((sum, n) => sum + n - 1, 0),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers.

/** `run` the first time the answer is called; the same promise after (a step both the run and the cleanup take). */
function once(run: () => Promise<unknown>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= run().then(() => undefined);
    return done;
  };
}
