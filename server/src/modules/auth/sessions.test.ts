/** Cookie sessions with XSRF, token refresh, signing out here and everywhere (§7 Auth, ARCHITECTURE sign-in). */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { browserSignIn, sharedTestApp } from '../../testing/testApp';

const t = sharedTestApp();

function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

describe('same-origin browser: httpOnly session cookie, XSRF double-submit', () => {
  it('signs in with a session cookie and hands the page no token', async () => {
    const { response, session } = await browserSignIn(t, 'agent@demo.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token_type: 'session', expires_in: 43_200 });
    const cookie = response.cookies.find((c) => c.name === 'switchboard_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session).toMatch(/^sbs_/);
  });

  it('a sign-in form without the XSRF header is refused', async () => {
    const csrf = await t.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      cookies: { 'XSRF-TOKEN': cookiesOf(csrf)['XSRF-TOKEN'] ?? '' },
      payload: { email: 'agent@demo.test', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('CSRF token mismatch. Reload the page and try again.');
  });

  it('reads need only the cookie; writes must echo the XSRF token', async () => {
    const { xsrf, session, cookies } = await browserSignIn(t, 'agent@demo.test');
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { switchboard_session: session },
    });
    expect(read.statusCode).toBe(200);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/user/whats_new_read',
      cookies,
    });
    expect(forged.statusCode).toBe(403);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/whats_new_read',
      cookies,
      headers: { 'x-xsrf-token': 'guess' },
    });
    expect(wrong.statusCode).toBe(403);

    t.setNow(new Date('2026-11-22T09:05:07.400Z'));
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/whats_new_read',
      cookies,
      headers: { 'x-xsrf-token': xsrf },
    });
    t.setNow(new Date());
    expect(ok.statusCode).toBe(200);
    // §3 read_whats_new_at "set to now as year-month-day hour:minute:second"
    expect(ok.json().read_whats_new_at).toBe('2026-11-22 09:05:07');
  });

  it('a stale session cookie does not block signing in again', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      cookies: { switchboard_session: 'sbs_dead' },
      payload: { email: 'agent@demo.test', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it('logout ends the session and clears the cookie', async () => {
    const { session, xsrf, cookies } = await browserSignIn(t, 'agent2@demo.test');
    // A cookie session's sign-out echoes the XSRF token, as writes do (a bare link must not sign anyone out).
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/sanctum/logout',
      cookies,
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'switchboard_session')?.value).toBe('');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { switchboard_session: session },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('tokens: refresh, expiry, revocation', () => {
  const signIn = async (email = 'admin@demo.test') =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/sanctum/login',
        payload: { email, password: DEMO_PASSWORD },
      })
    ).json<{
      access_token: string;
      refresh_token: string;
    }>();
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/sanctum/refresh', payload: { refresh_token: refreshToken } });

  it('a refresh token gives a new pair once; the old pair stops working', async () => {
    const first = await signIn();
    const refreshed = await refresh(first.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json<{ access_token: string }>();
    expect((await me(second.access_token)).statusCode).toBe(200);
    expect((await me(first.access_token)).statusCode).toBe(401);
    const again = await refresh(first.refresh_token);
    expect(again.statusCode).toBe(401);
  });

  it('an access token expires after an hour', async () => {
    const pair = await signIn();
    t.setNow(new Date(Date.now() + 3601 * 1000));
    const response = await me(pair.access_token);
    t.setNow(new Date());
    expect(response.statusCode).toBe(401);
  });

  it('a malformed Authorization header is a clear 401', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: 'Token abc' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/Bearer <token>/);
  });

  it('clearTokenSessions signs the user out everywhere: every token and session', async () => {
    const a = await signIn('billing@demo.test');
    const b = await signIn('billing@demo.test');
    const { session } = await browserSignIn(t, 'billing@demo.test');
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/clearTokenSessions',
      headers: { authorization: `Bearer ${a.access_token}` },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await me(a.access_token)).statusCode).toBe(401);
    expect((await me(b.access_token)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', cookies: { switchboard_session: session } }))
        .statusCode,
    ).toBe(401);
    const refreshed = await refresh(b.refresh_token);
    expect(refreshed.statusCode).toBe(401);
  });

  it('createTokenSession hands a signed-in browser a token pair for a device', async () => {
    const { xsrf, cookies } = await browserSignIn(t, 'owner@demo.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/createTokenSession',
      cookies,
      headers: { 'x-xsrf-token': xsrf },
      payload: { device_name: 'Olivia’s laptop' },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(response.json().access_token)).statusCode).toBe(200);
  });

  it('tokens are stored hashed, never as issued', async () => {
    const pair = await signIn();
    const rows = await t.ctx.db.query.credentials.findMany();
    expect(rows.some((row) => row.token_hash === pair.access_token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});

describe('brute force: repeated failures are slowed, then refused for a while — from where they came', () => {
  const attempt = (password: string, remoteAddress: string, email = 'reporting@demo.test') =>
    t.app.inject({ method: 'POST', url: '/api/sanctum/login', remoteAddress, payload: { email, password } });
  const keepFast = () => {
    const throttle = t.ctx.loginThrottle as unknown as { options: { stepMs: number } };
    throttle.options.stepMs = 1; // keep the tests fast; the slowing itself is unit-tested in throttle.test.ts
  };

  it('refuses after 10 failures for one account from one address, with a message that says for how long, even with the right password', async () => {
    keepFast();
    for (let i = 0; i < 10; i++)
      expect((await attempt('wrong-password-1', '198.51.100.1')).statusCode).toBe(401);
    const locked = await attempt(DEMO_PASSWORD, '198.51.100.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      'Too many failed sign-ins. For your security, signing in is paused for 15 minutes.',
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    t.setNow(new Date(Date.now() + 16 * 60_000));
    const later = await attempt(DEMO_PASSWORD, '198.51.100.1');
    t.setNow(new Date());
    expect(later.statusCode).toBe(200);
  });

  // Issue 33, finding 7: eleven wrong passwords from one address refused the right one from every address for
  // 15 minutes, so a stranger could lock anyone out. Now the account as a whole is slowed, never refused.
  it('a stranger cannot lock the owner out: the right password from another address still signs in', async () => {
    keepFast();
    for (let i = 0; i < 11; i++) await attempt('wrong-password-1', '203.0.113.66', 'billing@demo.test');
    expect((await attempt(DEMO_PASSWORD, '203.0.113.66', 'billing@demo.test')).statusCode).toBe(429);
    // Slowed for everyone while the guessing goes on (ten failures counted: the eleventh was refused)…
    expect(await t.ctx.loginThrottle.check({ account: 'billing@demo.test', address: '192.0.2.10' })).toEqual({
      allowed: true,
      delayMs: 8,
    });
    // …yet the owner, elsewhere, signs in.
    expect((await attempt(DEMO_PASSWORD, '192.0.2.10', 'billing@demo.test')).statusCode).toBe(200);
  });

  it('guesses spread over many addresses slow the account but never refuse the right password', async () => {
    keepFast();
    // Nine from each of four addresses: 36 failures, no address refused.
    for (let address = 0; address < 4; address++)
      for (let i = 0; i < 9; i++)
        expect(
          (await attempt('wrong-password-1', `203.0.113.${100 + address}`, 'admin@demo.test')).statusCode,
        ).toBe(401);
    expect((await attempt(DEMO_PASSWORD, '192.0.2.20', 'admin@demo.test')).statusCode).toBe(200);
  });
});
