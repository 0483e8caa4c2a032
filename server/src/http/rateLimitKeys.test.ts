/**
 * Whose allowance a request spends (issue 33, finding 3). The probe sent `Authorization: Bearer junk-N` and found
 * every public route unlimited: the limiter keyed on whatever credential a request carried, before anyone had
 * checked it. Now only a verified token, API key or session cookie earns an allowance of its own; anything else —
 * none, junk, revoked, expired — spends its address's (docs/decisions.md "Throttles").
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo';
import { sharedTestApp } from '../testing/testApp';

const LIMIT = 3;
const t = sharedTestApp({ rateLimitPerMinute: LIMIT });

let nextAddress = 1;
/** An address no other test of this file has spent anything from. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

/** A token nobody issued, a new one each time (a used one would have had an allowance of its own before). */
const junk = () => `junk-${randomUUID()}`;
const junkBearer = () => ({ authorization: `Bearer ${junk()}` });

const send = (remoteAddress: string, options: InjectOptions) => t.app.inject({ remoteAddress, ...options });
/** A public route anyone may call (204), here with whatever credentials are given. */
const csrfCookie = (remoteAddress: string, headers: Record<string, string> = {}, cookies = {}) =>
  send(remoteAddress, { method: 'GET', url: '/api/csrf-cookie', headers, cookies });

/** Sends `request()` until the limiter refuses one, at most `atMost` times; answers how many went through. */
async function untilLimited(
  atMost: number,
  request: () => Promise<LightMyRequestResponse>,
): Promise<number | null> {
  for (let i = 0; i < atMost; i++) if ((await request()).statusCode === 429) return i;
  return null;
}

/** Spends the address's allowance: requests without credentials until the limiter refuses one. */
async function spend(address: string): Promise<void> {
  expect(await untilLimited(LIMIT + 1, () => csrfCookie(address))).not.toBeNull();
}

describe('a credential nobody has verified earns no allowance of its own', () => {
  it(`junk bearer tokens on a public route share their address's allowance: ${LIMIT} answered, then 429`, async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT; i++) expect((await csrfCookie(address, junkBearer())).statusCode).toBe(204);
    const over = await csrfCookie(address, junkBearer());
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The same allowance as the address's requests without any credential, and no other address's.
    expect((await csrfCookie(address)).statusCode).toBe(429);
    expect((await csrfCookie(freshAddress(), junkBearer())).statusCode).toBe(204);
  });

  it('refused tokens on a signed-in route are counted too: 401s until the allowance is spent, then 429', async () => {
    const address = freshAddress();
    const user = () => send(address, { method: 'GET', url: '/api/user', headers: junkBearer() });
    for (let i = 0; i < LIMIT; i++) expect((await user()).statusCode).toBe(401);
    expect((await user()).statusCode).toBe(429);
  });

  it('session cookies that name no session share the address allowance', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT; i++)
      expect((await csrfCookie(address, {}, { switchboard_session: junk() })).statusCode).toBe(204);
    expect((await csrfCookie(address, {}, { switchboard_session: junk() })).statusCode).toBe(429);
  });

  it('the addresses of one IPv6 /64 (one customer line) share one allowance', async () => {
    for (let i = 0; i < LIMIT; i++)
      expect((await csrfCookie(`2001:db8:0:7::${i + 1}`, junkBearer())).statusCode).toBe(204);
    expect((await csrfCookie('2001:db8:0:7:ffff::1')).statusCode).toBe(429);
    expect((await csrfCookie('2001:db8:0:8::1')).statusCode).toBe(204);
  });

  // The public routes the probe named, each with its own allowance (the tracking script's is larger than the
  // limit this file sets): junk tokens reach the end of it all the same.
  it.each<[string, InjectOptions]>([
    [
      'the tracking heartbeat',
      {
        method: 'POST',
        url: '/api/dni/heartbeat',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ key: 'no-such-key', session_id: 'no-such-session' }),
      },
    ],
    [
      'the password reset',
      { method: 'POST', url: '/api/password/forgot', payload: { email: 'x@example.test' } },
    ],
  ])('%s is limited per address whatever the Authorization header says', async (_route, request) => {
    const address = freshAddress();
    const passed = await untilLimited(500, () =>
      send(address, { ...request, headers: { ...request.headers, ...junkBearer() } }),
    );
    expect(passed).not.toBeNull();
    expect((await send(freshAddress(), request)).statusCode).not.toBe(429);
  });
});

describe('a verified credential has an allowance of its own', () => {
  it('a signed-in token from an address whose allowance is spent still answers', async () => {
    const address = freshAddress();
    const login = await send(address, {
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email: 'agent@demo.test', password: DEMO_PASSWORD },
    });
    const token = login.json<{ access_token: string }>().access_token;
    await spend(address);
    const asAgent = () =>
      send(address, { method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < LIMIT; i++) expect((await asAgent()).statusCode).toBe(200);
    // And it is the token's own allowance, of the same size: spent, the token is refused too.
    expect((await asAgent()).statusCode).toBe(429);
  });

  it('so does a signed-in browser session', async () => {
    const address = freshAddress();
    const csrf = await send(address, { method: 'GET', url: '/api/csrf-cookie' });
    const xsrf = csrf.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await send(address, {
      method: 'POST',
      url: '/api/sanctum/login',
      cookies: { 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': xsrf },
      payload: { email: 'agent@demo.test', password: DEMO_PASSWORD },
    });
    const session = login.cookies.find((cookie) => cookie.name === 'switchboard_session')?.value ?? '';
    expect(session).not.toBe('');
    await spend(address);
    const user = await send(address, {
      method: 'GET',
      url: '/api/user',
      cookies: { switchboard_session: session },
    });
    expect(user.statusCode).toBe(200);
  });
});
