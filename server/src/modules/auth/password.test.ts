/** Forgotten passwords, resets, changes and sign-up (§7 Auth, §8 reset messages, §6 creator becomes owner). */

import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@shared/domain/messages';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';

const t = sharedTestApp();

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
async function resetLinkFor(email: string) {
  const rows = await t.ctx.db.query.outbox.findMany({
    where: (o, { eq }) => eq(o.to, email),
    orderBy: (o, { desc }) => desc(o.id),
  });
  const url = new URL(/https?:\/\/\S+/.exec(rows[0]?.body ?? '')?.[0] ?? 'http://x');
  return { token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' };
}
const reset = (body: object) => t.app.inject({ method: 'POST', url: '/api/password/reset', payload: body });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/sanctum/login', payload: { email, password } });

describe('forgot → reset → sign in', () => {
  it('answers the same whether or not the account exists, and mails a link only to a real one', async () => {
    const real = await forgot('agent@demo.test');
    const unknown = await forgot('nobody@demo.test');
    expect(real.statusCode).toBe(200);
    expect(unknown.json()).toEqual(real.json());
    const mail = await t.ctx.db.query.outbox.findMany({ where: (o, { eq }) => eq(o.to, 'nobody@demo.test') });
    expect(mail).toEqual([]);
  });

  it('the link sets a new password once; old sessions end', async () => {
    const before = await t.tokenFor('agent@demo.test');
    await forgot('agent@demo.test');
    const link = await resetLinkFor('agent@demo.test');
    expect(link.token).toMatch(/^sbx_/);
    const ok = await reset({
      ...link,
      password: 'brand-new-pass-1',
      password_confirmation: 'brand-new-pass-1',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(SUCCESS_MESSAGES.passwordReset);
    expect((await signIn('agent@demo.test', 'brand-new-pass-1')).statusCode).toBe(200);
    expect((await signIn('agent@demo.test', DEMO_PASSWORD)).statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${before}` },
    });
    expect(old.statusCode).toBe(401);
    const again = await reset({
      ...link,
      password: 'another-pass-12',
      password_confirmation: 'another-pass-12',
    });
    expect(again.statusCode).toBe(422);
  });

  it('§8 an expired link says "Your reset link has expired. Please try to resend it again."', async () => {
    await forgot('agent2@demo.test');
    const link = await resetLinkFor('agent2@demo.test');
    t.setNow(new Date(Date.now() + 61 * 60_000));
    const late = await reset({
      ...link,
      password: 'brand-new-pass-1',
      password_confirmation: 'brand-new-pass-1',
    });
    t.setNow(new Date());
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({
      message: ERROR_MESSAGES.resetLinkExpired,
      errors: { token: [ERROR_MESSAGES.resetLinkExpired] },
    });
  });

  it('a weak new password is refused with what is missing', async () => {
    await forgot('billing@demo.test');
    const link = await resetLinkFor('billing@demo.test');
    const weak = await reset({ ...link, password: 'short', password_confirmation: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(fieldErrors(weak).password).toEqual(['Use at least 10 characters.', 'Add a digit or a symbol.']);
  });
});

describe("changing one's own password", () => {
  it('signs out every other sign-in', async () => {
    const other = (await signIn('billing@demo.test', DEMO_PASSWORD)).json().access_token as string;
    const changed = await t.as('billing@demo.test', {
      method: 'POST',
      url: '/api/users/update-password',
      payload: {
        current_password: DEMO_PASSWORD,
        password: 'changed-pass-33',
        password_confirmation: 'changed-pass-33',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.as('billing@demo.test', { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('needs the current one; §8 "Your password was successfully changed"', async () => {
    const wrong = await t.as('reporting@demo.test', {
      method: 'POST',
      url: '/api/users/update-password',
      payload: {
        current_password: 'nope',
        password: 'changed-pass-22',
        password_confirmation: 'changed-pass-22',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(wrong))).toEqual(['current_password']);
    const ok = await t.as('reporting@demo.test', {
      method: 'POST',
      url: '/api/users/update-password',
      payload: {
        current_password: DEMO_PASSWORD,
        password: 'changed-pass-22',
        password_confirmation: 'changed-pass-22',
      },
    });
    expect(ok.json()).toEqual({ message: SUCCESS_MESSAGES.passwordChanged });
    expect((await signIn('reporting@demo.test', 'changed-pass-22')).statusCode).toBe(200);
    // The window that changed it stays signed in; every other sign-in ends.
    const same = await t.as('reporting@demo.test', { method: 'GET', url: '/api/user' });
    expect(same.statusCode).toBe(200);
  });
});

describe('sign-up', () => {
  it('creates the company with its creator as owner (§6), signed in', async () => {
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/signup/check',
      payload: { email: 'new@shop.test' },
    });
    expect(check.json()).toEqual({ available: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        company_name: 'Corner Shop',
        name: 'Nia New',
        email: 'New@Shop.test',
        password: 'open-sesame-42',
      },
    });
    expect(created.statusCode).toBe(201);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${created.json().access_token}` },
    });
    expect(me.json()).toMatchObject({
      email: 'new@shop.test',
      companies: [{ name: 'Corner Shop', role: 'owner' }],
    });
  });

  it('an email already in use is a 409 naming the field', async () => {
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { company_name: 'X', name: 'Y', email: 'owner@demo.test', password: 'open-sesame-42' },
    });
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(fieldErrors(taken))).toEqual(['email']);
  });
});
