/** §7 personalAccessTokens: the secret is shown once, works as a bearer token with the owner's rights, and revokes. */
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../testing/testApp';

const t = sharedTestApp();

/** A request whose bearer token is an API key, `token` (no sign-in). */
const withKey = (token: string, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

describe('API keys', () => {
  it('creates a key whose secret is in that answer only, usable as a bearer token', async () => {
    const created = await t.as('admin@demo.test', {
      method: 'POST',
      url: '/api/personalAccessTokens',
      payload: { name: 'CRM sync' },
    });
    expect(created.statusCode).toBe(201);
    const key = created.json<{ id: number; token: string; prefix: string }>();
    expect(key.token).toMatch(/^sbp_/);
    expect(key.token.startsWith(key.prefix)).toBe(true);

    const listed = await t.as('admin@demo.test', { method: 'GET', url: '/api/personalAccessTokens' });
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: key.id, name: 'CRM sync', last_used_at: null }),
    ]);
    expect(listed.body).not.toContain(key.token);

    const me = await withKey(key.token, 'GET', '/api/user');
    expect(me.json().email).toBe('admin@demo.test');
    const after = await t.as('admin@demo.test', { method: 'GET', url: '/api/personalAccessTokens' });
    expect(after.json()[0].last_used_at).not.toBeNull();
  });

  it("carries its owner's rights, no more", async () => {
    const created = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/personalAccessTokens',
      payload: { name: 'Zapier' },
    });
    const token = created.json().token as string;
    const users = await withKey(token, 'GET', `/api/users?companyId=${t.ids.companies.demoMotors}`);
    expect(users.statusCode).toBe(403);
  });

  it("revokes at once; another user's key is not found; signing out everywhere keeps keys", async () => {
    const created = await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/personalAccessTokens',
      payload: { name: 'Old' },
    });
    const { id, token } = created.json<{ id: number; token: string }>();
    const foreign = await t.as('admin@demo.test', {
      method: 'DELETE',
      url: `/api/personalAccessTokens/${id}`,
    });
    expect(foreign.statusCode).toBe(404);

    await t.as('owner@demo.test', { method: 'POST', url: '/api/sanctum/clearTokenSessions' });
    const stillWorks = await withKey(token, 'GET', '/api/user');
    expect(stillWorks.statusCode).toBe(200);

    const revoked = await withKey(token, 'DELETE', `/api/personalAccessTokens/${id}`);
    expect(revoked.statusCode).toBe(204);
    const dead = await withKey(token, 'GET', '/api/user');
    expect(dead.statusCode).toBe(401);
  });

  it('a key with an expiry stops working after it', async () => {
    const created = await t.as('billing@demo.test', {
      method: 'POST',
      url: '/api/personalAccessTokens',
      payload: { name: 'Short', expires_in_days: 1 },
    });
    t.setNow(new Date(Date.now() + 2 * 86_400_000));
    const response = await withKey(created.json().token, 'GET', '/api/user');
    t.setNow(new Date());
    expect(response.statusCode).toBe(401);
  });
});
