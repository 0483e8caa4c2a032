/**
 * The website tracking script's platform side (§7 "GET /trackingNumbers/script", "POST
 * /trackingNumbers/verifyScript"; issue 21 "`POST /trackingNumbers/verifyScript {url}` fetches that page and
 * reports whether the snippet is installed and which numbers it would swap (the fetch is bounded: time, size, no
 * private addresses)" and "verifyScript on a local page with and without the snippet, and refused for private or
 * link-local addresses other than the test host"): the snippet and its key, the verifier on pages this test serves
 * itself, and the script file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrackingScript, VerifyScript } from '@shared/api/dni';
import { and, asc, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dniPools } from '../../../db/schema';
import { fetchPublicOutcome } from '../../../lib/publicFetch';
import { fieldErrors, sharedTestApp } from '../../../testing/testApp';
import { companyOfTrackingKey, trackingKeyFor } from './key';
import { SCRIPT_MESSAGES, VERIFY_MAX_BYTES } from './service';

/** The test's own web server: the one host the verifier may reach although it is local. */
let pages: Server;
let pageOrigin = '';
/** An origin also allowed, where nothing listens (a site that is down). */
let closedOrigin = '';
let otherLoopback = '';
const pageBodies = new Map<string, string>();

const t = sharedTestApp(
  {},
  {
    // The explicit allowance: only this test's origins get through, and only for this app.
    fetchPage: (url, options) =>
      fetchPublicOutcome(url, { ...options, allowOrigins: [pageOrigin, closedOrigin] }),
  },
);

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

let motors: number;
let motorsKey: string;
let googlePool: number;
beforeAll(async () => {
  pages = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/redirect-private') {
      response.writeHead(302, { location: 'http://10.1.2.3/' }).end();
      return;
    }
    if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<p>${'x'.repeat(VERIFY_MAX_BYTES + 10)}</p>`);
      return;
    }
    const body = pageBodies.get(path);
    if (body === undefined)
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  pageOrigin = await listen(pages);
  const closed = createServer();
  closedOrigin = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  const other = createServer((_request, response) => response.end('<p>(617) 555-0100</p>'));
  otherLoopback = await listen(other);
  other.unref();

  motors = t.ids.companies.demoMotors;
  motorsKey = trackingKeyFor(t.ctx, motors);
  const pools = await t.ctx.db
    .insert(dniPools)
    .values([
      {
        company_id: motors,
        name: 'Script test: Google',
        type: 'session',
        lease_minutes: 30,
        cooldown_minutes: 10,
        target_numbers: ['+16175550100'],
      },
      {
        company_id: motors,
        name: 'Script test: Facebook',
        type: 'session',
        lease_minutes: 30,
        cooldown_minutes: 10,
        target_numbers: ['+16175550100', '+16175550177'],
      },
      {
        company_id: t.ids.companies.otherCo,
        name: 'Other’s pool',
        type: 'session',
        lease_minutes: 30,
        cooldown_minutes: 10,
        target_numbers: ['+17735550142'],
      },
    ])
    .returning({ id: dniPools.id });
  googlePool = pools[0]?.id ?? 0;

  const numbers = `
    <header>Call us: <a href="tel:+16175550100">(617) 555-0100</a></header>
    <p>Service 773.555.0142 &mdash; parts +1&nbsp;617&nbsp;555&nbsp;0177</p>
    <script>var notShown = "617-555-0199";</script>
    <style>.x::after { content: "617-555-0188"; }</style>`;
  pageBodies.set(
    '/with-snippet',
    `<!doctype html><html><head><title>Demo Motors</title>
      <script async src="http://platform.test/api/dni/script.js" data-key="${motorsKey}"></script>
    </head><body>${numbers}</body></html>`,
  );
  pageBodies.set(
    '/other-key',
    `<html><head><script src='https://platform.test/api/dni/script.js' data-key='${trackingKeyFor(t.ctx, t.ids.companies.otherCo)}'></script></head><body>${numbers}</body></html>`,
  );
  pageBodies.set('/without', `<html><head><title>No snippet</title></head><body>${numbers}</body></html>`);
  pageBodies.set(
    '/no-numbers',
    `<html><head><script async src="http://platform.test/api/dni/script.js" data-key="${motorsKey}"></script></head><body>Visit us.</body></html>`,
  );
});

afterAll(async () => {
  await new Promise((resolve) => pages.close(resolve));
});

const verify = (url: string, email = 'admin@demo.test', companyId?: number) =>
  t.as(email, {
    method: 'POST',
    url: '/api/trackingNumbers/verifyScript',
    payload: { company_id: companyId ?? motors, url },
  });

describe('GET /trackingNumbers/script: the snippet to install', () => {
  it('gives the snippet with the company’s key, the script’s public address and every pool’s website numbers', async () => {
    const response = await t.as('agent@demo.test', {
      method: 'GET',
      url: `/api/trackingNumbers/script?companyId=${motors}`,
    });
    expect(response.statusCode).toBe(200);
    const script = response.json<TrackingScript>();
    expect(script.key).toBe(motorsKey);
    expect(script.script_url).toBe('http://127.0.0.1:8080/api/dni/script.js');
    expect(script.snippet).toBe(
      `<script async src="http://127.0.0.1:8080/api/dni/script.js" data-key="${motorsKey}"></script>`,
    );
    // Every pool's numbers (the seeded pools' too), each once, oldest pool first.
    const earlier = await t.ctx.db
      .select({ targets: dniPools.target_numbers })
      .from(dniPools)
      .where(and(eq(dniPools.company_id, motors), lt(dniPools.id, googlePool)))
      .orderBy(asc(dniPools.id));
    expect(script.target_numbers).toEqual([
      ...new Set([...earlier.flatMap((pool) => pool.targets), '+16175550100', '+16175550177']),
    ]);
  });

  it('is another company’s business: 404', async () => {
    const response = await t.as('agent@demo.test', {
      method: 'GET',
      url: `/api/trackingNumbers/script?companyId=${t.ids.companies.otherCo}`,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the tracking key: derived, not stored', () => {
  it('names its company, and only a key this server signed does', () => {
    expect(motorsKey).toMatch(new RegExp(`^${motors}\\.[A-Za-z0-9_-]{22}$`));
    expect(trackingKeyFor(t.ctx, motors)).toBe(motorsKey);
    expect(companyOfTrackingKey(t.ctx, motorsKey)).toBe(motors);
    const other = t.ids.companies.otherCo;
    expect(companyOfTrackingKey(t.ctx, trackingKeyFor(t.ctx, other))).toBe(other);
    // Motors' signature under another company's id, a changed signature, junk: nobody's.
    expect(companyOfTrackingKey(t.ctx, `${other}.${motorsKey.split('.')[1]}`)).toBeNull();
    expect(
      companyOfTrackingKey(t.ctx, `${motorsKey.slice(0, -1)}${motorsKey.endsWith('A') ? 'B' : 'A'}`),
    ).toBeNull();
    expect(companyOfTrackingKey(t.ctx, `${motors}`)).toBeNull();
    expect(companyOfTrackingKey(t.ctx, '')).toBeNull();
  });

  it('changes with the server’s secret (a key from another deployment names nobody here)', () => {
    const elsewhere = { ...t.ctx, config: { ...t.ctx.config, mediaSecret: 'another-secret' } };
    expect(trackingKeyFor(elsewhere, motors)).not.toBe(motorsKey);
    expect(companyOfTrackingKey(t.ctx, trackingKeyFor(elsewhere, motors))).toBeNull();
  });
});

describe('POST /trackingNumbers/verifyScript on a page this test serves', () => {
  it('with the snippet: installed, the key matches, and the pool numbers on the page are the ones swapped', async () => {
    const response = await verify(`${pageOrigin}/with-snippet`);
    expect(response.statusCode).toBe(200);
    const result = response.json<VerifyScript>();
    expect(result).toMatchObject({ reachable: true, status: 200, installed: true, key_matches: true });
    // Text and tel: links; never what is in scripts or styles.
    expect(result.numbers).toEqual([
      {
        text: 'tel:+16175550100',
        number: '+16175550100',
        swapped: true,
        pool: { id: googlePool, name: 'Script test: Google' },
      },
      {
        text: '(617) 555-0100',
        number: '+16175550100',
        swapped: true,
        pool: { id: googlePool, name: 'Script test: Google' },
      },
      { text: '773.555.0142', number: '+17735550142', swapped: false, pool: null },
      {
        text: '+1\u00a0617\u00a0555\u00a00177',
        number: '+16175550177',
        swapped: true,
        pool: { id: googlePool + 1, name: 'Script test: Facebook' },
      },
    ]);
    expect(result.message).toBe(SCRIPT_MESSAGES.swaps(2));
  });

  it('without the snippet: not installed, and says to paste it; the page’s numbers are still listed', async () => {
    const result = (await verify(`${pageOrigin}/without`)).json<VerifyScript>();
    expect(result).toMatchObject({ reachable: true, installed: false, key_matches: false });
    expect(result.numbers.map((one) => one.number)).toEqual([
      '+16175550100',
      '+16175550100',
      '+17735550142',
      '+16175550177',
    ]);
    expect(result.message).toBe(SCRIPT_MESSAGES.notInstalled);
  });

  it('with another company’s snippet: installed, but the key does not match', async () => {
    const result = (await verify(`${pageOrigin}/other-key`)).json<VerifyScript>();
    expect(result).toMatchObject({ installed: true, key_matches: false, message: SCRIPT_MESSAGES.otherKey });
  });

  it('with the snippet and no number on the page: says there is nothing to swap', async () => {
    const result = (await verify(`${pageOrigin}/no-numbers`)).json<VerifyScript>();
    expect(result).toMatchObject({
      installed: true,
      key_matches: true,
      numbers: [],
      message: SCRIPT_MESSAGES.noNumbers,
    });
  });

  it('another company’s pools swap nothing here: Other Co’s target is no target of Demo Motors', async () => {
    const result = (
      await verify(`${pageOrigin}/with-snippet`, 'other@demo.test', t.ids.companies.otherCo)
    ).json<VerifyScript>();
    expect(result.key_matches).toBe(false);
    expect(result.numbers.find((one) => one.number === '+17735550142')).toMatchObject({ swapped: true });
    expect(result.numbers.find((one) => one.number === '+16175550100')).toMatchObject({ swapped: false });
  });

  it('a page that does not answer well is an answer, not an error: reachable false, saying why', async () => {
    const missing = await verify(`${pageOrigin}/nowhere`);
    expect(missing.statusCode).toBe(200);
    expect(missing.json<VerifyScript>()).toMatchObject({
      reachable: false,
      status: 404,
      installed: false,
      numbers: [],
      message: SCRIPT_MESSAGES.unreachable.status(404),
    });
    const huge = (await verify(`${pageOrigin}/huge`)).json<VerifyScript>();
    expect(huge).toMatchObject({ reachable: false, message: SCRIPT_MESSAGES.unreachable.too_large });
    const down = (await verify(`${closedOrigin}/`)).json<VerifyScript>();
    expect(down).toMatchObject({
      reachable: false,
      status: null,
      message: SCRIPT_MESSAGES.unreachable.unreachable,
    });
  });

  it.each([
    ['a private address', 'http://10.0.0.5/'],
    ['the cloud metadata service (link-local)', 'http://169.254.169.254/latest/meta-data/'],
    ['an IPv6 link-local address', 'http://[fe80::1]/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['a loopback port other than the test host', 'OTHER_LOOPBACK'],
    ['a redirect from the test host to a private address', 'REDIRECT'],
  ])('refuses %s: 422 on url', async (_what, given) => {
    const url =
      given === 'OTHER_LOOPBACK'
        ? `${otherLoopback}/`
        : given === 'REDIRECT'
          ? `${pageOrigin}/redirect-private`
          : given;
    const response = await verify(url);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual({ url: [SCRIPT_MESSAGES.privateAddress] });
  });

  it('says the same words for a name that resolves to a private address as for a name that does not resolve', async () => {
    // Issue 33: were they told apart, the verifier would say which names exist inside the platform's network.
    // `localhost` resolves to 127.0.0.1 (the test host's address, under a name not allowed); `.invalid` never
    // resolves (RFC 6761).
    const port = new URL(pageOrigin).port;
    const internal = await verify(`http://localhost:${port}/with-snippet`);
    const nowhere = await verify(`http://switchboard-verifier-test.invalid:${port}/with-snippet`);
    expect(internal.statusCode).toBe(200);
    expect(nowhere.statusCode).toBe(200);
    const answer = (response: typeof internal) => ({ ...response.json<VerifyScript>(), url: 'the page' });
    expect(answer(internal)).toEqual(answer(nowhere));
    expect(answer(internal)).toMatchObject({
      reachable: false,
      status: null,
      installed: false,
      numbers: [],
      message: SCRIPT_MESSAGES.unreachable.unreachable,
    });
  });

  it('lets the test host through only by the explicit allowance: without it, it is a local address like any', async () => {
    const outcome = await fetchPublicOutcome(`${pageOrigin}/with-snippet`, {
      timeoutMs: 2000,
      maxBytes: 1000,
    });
    expect(outcome).toEqual({ ok: false, reason: 'refused', status: null });
  });

  it('needs numbers.manage in the company the body names', async () => {
    expect((await verify(`${pageOrigin}/with-snippet`, 'agent@demo.test')).statusCode).toBe(403);
    expect(
      (await verify(`${pageOrigin}/with-snippet`, 'admin@demo.test', t.ids.companies.otherCo)).statusCode,
    ).toBe(404);
    const noCompany = await t.as('admin@demo.test', {
      method: 'POST',
      url: '/api/trackingNumbers/verifyScript',
      payload: { url: `${pageOrigin}/with-snippet` },
    });
    expect(noCompany.statusCode).toBe(422);
    expect(fieldErrors(noCompany)).toHaveProperty('company_id');
    const noUrl = await t.as('admin@demo.test', {
      method: 'POST',
      url: '/api/trackingNumbers/verifyScript',
      payload: { company_id: motors, url: ' ' },
    });
    expect(fieldErrors(noUrl)).toEqual({ url: ['Give the address of a page of your website.'] });
  });
});

describe('GET /dni/script.js: the script itself', () => {
  let dir = '';
  let configured: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchboard-tracker-'));
    configured = t.ctx.config.trackerScript;
  });
  afterAll(async () => {
    t.ctx.config.trackerScript = configured;
    await rm(dir, { recursive: true, force: true });
  });

  it('is public, JavaScript, cached for an hour, readable from any origin, and sets no cookie', async () => {
    const file = join(dir, 'dni.js');
    await writeFile(file, '(function(){})();');
    t.ctx.config.trackerScript = file;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dni/script.js',
      headers: { origin: 'https://www.customer.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('(function(){})();');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('not built: a clear 503 saying to run npm run build', async () => {
    t.ctx.config.trackerScript = join(dir, 'not-built.js');
    const response = await t.app.inject({ method: 'GET', url: '/api/dni/script.js' });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ message: string }>().message).toBe(SCRIPT_MESSAGES.notBuilt);
    expect(response.json<{ message: string }>().message).toContain('npm run build');
  });
});
