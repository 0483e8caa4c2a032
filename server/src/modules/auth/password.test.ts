/** Forgotten passwords, resets, changes and sign-up (§7 Auth, §8 reset messages, §6 creator becomes owner). */

import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@shared/domain/messages';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';
import { RESET_MAIL_LIMITS, RESET_REQUESTS_PER_ADDRESS } from './service';

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
    // The check checks the form only (signup.test.ts: it never says whether an address has an account).
    expect(check.statusCode).toBe(204);
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

// Issue 33, finding 6: five requests for one account sent it five mails.
describe('reset mails are limited per account and per address, and the answer never says which', () => {
  const { everyMinutes, perHour } = RESET_MAIL_LIMITS;
  const forgotFrom = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/password/forgot', remoteAddress, payload: { email } });
  /** The reset mails sent to `email` so far (other mails, such as a sign-up's, are not counted). */
  const mailsTo = async (email: string) =>
    (
      await t.ctx.db.query.outbox.findMany({
        where: (o, { and, eq }) => and(eq(o.to, email), eq(o.subject, 'Reset your Switchboard password')),
      })
    ).length;

  it('five requests for one account, from five addresses, mail it once; each answer is an unknown account’s', async () => {
    const unknown = await forgotFrom('nobody-at-all@demo.test', '192.0.2.50');
    for (let i = 0; i < 5; i++) {
      const response = await forgotFrom('owner@demo.test', `192.0.2.${60 + i}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(unknown.json());
    }
    expect(await mailsTo('owner@demo.test')).toBe(1);
  });

  it(`an account gets one mail every ${everyMinutes} minutes, and ${perHour} in an hour at most`, async () => {
    const start = Date.now();
    const mailsAfterAsking = async (minutes: number) => {
      t.setNow(new Date(start + minutes * 60_000));
      expect((await forgotFrom('admin@demo.test', `192.0.2.${70 + minutes}`)).statusCode).toBe(200);
      return mailsTo('admin@demo.test');
    };
    try {
      expect(await mailsAfterAsking(0)).toBe(1);
      expect(await mailsAfterAsking(everyMinutes - 1)).toBe(1);
      expect(await mailsAfterAsking(everyMinutes + 1)).toBe(2);
      expect(await mailsAfterAsking(2 * everyMinutes + 2)).toBe(3);
      // Spaced out, but the hour's three are spent…
      expect(await mailsAfterAsking(4 * everyMinutes)).toBe(3);
      // …until the first of them is an hour old.
      expect(await mailsAfterAsking(61)).toBe(4);
    } finally {
      t.setNow(new Date());
    }
  });

  it(`one address may ask ${RESET_REQUESTS_PER_ADDRESS.max} times a quarter hour, then 429 whatever the account`, async () => {
    const address = '192.0.2.99';
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS.max; i++)
      expect((await forgotFrom(`someone${i}@example.test`, address)).statusCode).toBe(200);
    const over = await forgotFrom('someone-else@example.test', address);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgotFrom('someone-else@example.test', '192.0.2.98')).statusCode).toBe(200);
  });
});
