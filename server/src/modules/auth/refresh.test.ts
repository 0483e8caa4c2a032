/**
 * Refresh token rotation (issue 33, finding 10: "a reused refresh token is refused but the tokens issued from it
 * live on"). OAuth 2.0 Security BCP §4.14.2: when a refresh token that was already used is presented again, the
 * server cannot tell the thief from the client, so it revokes every token descended from that sign-in.
 */
import type { TokenPair } from '@shared/api/auth';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { sharedTestApp } from '../../testing/testApp';

const t = sharedTestApp();

async function signIn(email = 'agent@demo.test'): Promise<TokenPair> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sanctum/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/sanctum/refresh', payload: { refresh_token: token } });
async function refreshed(token: string): Promise<TokenPair> {
  const response = await refresh(token);
  expect(response.statusCode).toBe(200);
  return response.json();
}
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });

describe('a refresh token used twice ends its whole family', () => {
  it('every pair descended from the sign-in is revoked, even ones callers already remember', async () => {
    const first = await signIn();
    const second = await refreshed(first.refresh_token);
    const third = await refreshed(second.refresh_token);
    // The newest access token works, and this instance now remembers its caller (http/callerCache.ts).
    expect((await me(third.access_token)).statusCode).toBe(200);

    // The first refresh token again: someone kept a copy of it.
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);

    expect((await me(third.access_token)).statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);
  });

  it('other sign-ins of the same person are not of the family and stay signed in', async () => {
    const stolen = await signIn('admin@demo.test');
    const elsewhere = await signIn('admin@demo.test');
    await refreshed(stolen.refresh_token);
    expect((await refresh(stolen.refresh_token)).statusCode).toBe(401);
    expect((await me(elsewhere.access_token)).statusCode).toBe(200);
    expect((await refresh(elsewhere.refresh_token)).statusCode).toBe(200);
  });

  it('two uses at once: one gets a pair, the other is a reuse, and the pair it got ends too', async () => {
    const pair = await signIn('owner@demo.test');
    const answers = await Promise.all([refresh(pair.refresh_token), refresh(pair.refresh_token)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json<TokenPair>();
    expect((await me(winner?.access_token ?? '')).statusCode).toBe(401);
    expect((await refresh(winner?.refresh_token ?? '')).statusCode).toBe(401);
  });

  it('a refreshed pair keeps the name it was made with (a device) and an admin sign-in its admin', async () => {
    const admin = await signIn('superadmin@demo.test');
    const asAgent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/impersonate',
      headers: { authorization: `Bearer ${admin.access_token}` },
      payload: { user_id: t.ids.users['agent@demo.test'] },
    });
    expect(asAgent.statusCode).toBe(200);
    const next = await refreshed(asAgent.json<TokenPair>().refresh_token);
    const rows = await t.ctx.db.query.credentials.findMany({
      where: (c, { and, eq }) =>
        and(eq(c.kind, 'access'), eq(c.impersonator_id, t.ids.users['superadmin@demo.test'] ?? 0)),
    });
    expect(rows.map((row) => row.name)).toEqual(['admin sign-in', 'admin sign-in']);
    expect((await me(next.access_token)).json().email).toBe('agent@demo.test');
  });
});
