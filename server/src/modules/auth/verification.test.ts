/**
 * Email verification (issue 33, finding 10: "sign-up gives a working token with no email verification"). A new
 * account may sign in and set itself up at once, but sending texts and campaigns and buying numbers wait until
 * its owner opens the link we mailed (single use, expiring, stored hashed); a new link may be asked for, at most
 * one a minute and five an hour. Demo and invited people proved their addresses already.
 */
import type { TokenPair, User } from '@shared/api/auth';
import { EMAIL_VERIFICATION_MESSAGES as MESSAGES } from '@shared/domain/auth';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';
import { multipart } from '../messaging/testing';

const t = sharedTestApp();

let serial = 0;

interface NewAccount {
  email: string;
  token: string;
  companyId: number;
  as(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** Signs a new company up (each from a client address of its own: sign-ups are limited per address). */
async function signUp(): Promise<NewAccount> {
  const email = `new-${++serial}@shop.test`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress: `203.0.113.${serial}`,
    payload: { company_name: `Shop ${serial}`, name: 'Nia New', email, password: 'open-sesame-42' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const token = created.json<TokenPair>().access_token;
  const as = (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  const me = (await as({ method: 'GET', url: '/api/user' })).json<User>();
  return { email, token, companyId: me.companies[0]?.id ?? 0, as };
}

/** The token of the newest verification link mailed to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  const [mail] = await t.ctx.db.query.outbox.findMany({
    where: (o, { and, eq }) =>
      and(eq(o.to, email), eq(o.subject, 'Verify your email address for Switchboard')),
    orderBy: (o, { desc }) => desc(o.id),
    limit: 1,
  });
  const link = new URL(/https?:\/\/\S+/.exec(mail?.body ?? '')?.[0] ?? 'http://none/');
  expect(link.pathname).toBe('/verify-email');
  return link.searchParams.get('token') ?? '';
}

const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/email/verify', payload: { token } });
const resend = (account: NewAccount) =>
  account.as({ method: 'POST', url: '/api/email/verification-notification' });
const verified = async (account: NewAccount) =>
  (await account.as({ method: 'GET', url: '/api/user' })).json<User>().email_verified;

/** What waits for a verified address: a text, a queued campaign, a number, a bulk purchase. */
const sendText = (account: NewAccount) =>
  account.as({
    method: 'POST',
    url: `/api/message?companyId=${account.companyId}`,
    payload: { number: '+13125550147', text: 'Hello there' },
  });
async function queueCampaign(account: NewAccount) {
  const body = await multipart([
    ['title', 'Opening week'],
    ['text', 'We are open!'],
    ['state', 'queued'],
  ]);
  return account.as({
    method: 'POST',
    url: `/api/campaigns?company_id=${account.companyId}`,
    payload: body.payload,
    headers: body.headers,
  });
}
const buyNumber = (account: NewAccount, number = '+13125550148') =>
  account.as({ method: 'POST', url: '/api/numbers', payload: { company_id: account.companyId, number } });
const bulkBuy = (account: NewAccount) =>
  account.as({
    method: 'POST',
    url: '/api/numbers/bulk-purchase',
    payload: { company_id: account.companyId, numbers: ['+13125550149'] },
  });

describe('a new account, until its email is verified', () => {
  it('is signed in, says it is unverified, and was mailed a link stored only as a hash', async () => {
    const account = await signUp();
    expect(await verified(account)).toBe(false);
    const token = await linkTokenFor(account.email);
    expect(token).toMatch(/^sbv_/);
    const links = await t.ctx.db.query.emailVerifications.findMany({
      where: (v, { eq }) => eq(v.email, account.email),
    });
    expect(links).toHaveLength(1);
    expect(links[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(links[0]?.token_hash).not.toContain(token);
  });

  it('may not send texts or campaigns or buy numbers, and is told why in words, with where the link went', async () => {
    const account = await signUp();
    const refusals = [
      [await sendText(account), MESSAGES.required('texts', account.email)],
      [await queueCampaign(account), MESSAGES.required('campaigns', account.email)],
      [await buyNumber(account), MESSAGES.required('numbers', account.email)],
      [await bulkBuy(account), MESSAGES.required('numbers', account.email)],
    ] as const;
    for (const [response, message] of refusals) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(message);
    }
    expect(MESSAGES.required('texts', account.email)).toBe(
      `Verify your email address before sending texts. We sent a link to ${account.email}; open it, or ask for a new one.`,
    );
    // Everything else works meanwhile: setting the account up, a draft campaign.
    const contact = await account.as({
      method: 'POST',
      url: `/api/contacts?companyId=${account.companyId}`,
      payload: { name: 'First Customer', number: '+13125550150' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const draft = await multipart([['title', 'Opening week']]);
    const saved = await account.as({
      method: 'POST',
      url: `/api/campaigns?company_id=${account.companyId}`,
      payload: draft.payload,
      headers: draft.headers,
    });
    expect(saved.statusCode, saved.body).toBe(201);

    // A scheduled text and a paused campaign's resume wait too.
    const scheduled = await account.as({
      method: 'POST',
      url: `/api/inbox/message/schedule?companyId=${account.companyId}`,
      payload: {
        number: '+13125550147',
        text: 'Hello later',
        shouldBeSentAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(403);
    expect(scheduled.json().message).toBe(MESSAGES.required('texts', account.email));
    const campaignId = saved.json<{ id: number }>().id;
    await t.ctx.db.update(campaigns).set({ state: 'paused' }).where(eq(campaigns.id, campaignId));
    const resumed = await account.as({ method: 'POST', url: `/api/campaigns/${campaignId}/resume` });
    expect(resumed.statusCode, resumed.body).toBe(403);
    expect(resumed.json().message).toBe(MESSAGES.required('campaigns', account.email));
  });

  it('the link verifies once; then it may send and buy', async () => {
    const account = await signUp();
    const token = await linkTokenFor(account.email);
    const opened = await verify(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: MESSAGES.verified });
    expect(await verified(account)).toBe(true);

    const again = await verify(token);
    expect(again.statusCode).toBe(422);
    expect(fieldErrors(again)).toEqual({ token: [MESSAGES.linkUsed] });

    // Past the check now: the text is judged on its own (no such conversation or number here), not refused.
    const text = await sendText(account);
    expect(text.statusCode, text.body).not.toBe(403);
    const located = await account.as({
      method: 'POST',
      url: '/api/numbers/locate',
      payload: { company_id: account.companyId, area_code: '773', limit: 1 },
    });
    const [number = ''] = located.json<{ data: { number: string }[] }>().data.map((found) => found.number);
    const bought = await buyNumber(account, number);
    expect(bought.statusCode, bought.body).toBe(201);
  });

  it('a link that is not ours, or expired, is refused in words naming the token', async () => {
    const unknown = await verify('sbv_not-a-real-link');
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown)).toEqual({ token: [MESSAGES.linkInvalid] });

    const account = await signUp();
    const token = await linkTokenFor(account.email);
    t.setNow(new Date(Date.now() + 25 * 3_600_000));
    const late = await verify(token);
    t.setNow(new Date());
    expect(late.statusCode).toBe(422);
    expect(fieldErrors(late)).toEqual({ token: [MESSAGES.linkExpired] });
    expect(await verified(account)).toBe(false);
  });
});

describe('asking for a new link', () => {
  it('at most one a minute and five an hour, with when to ask again; none once verified', async () => {
    const account = await signUp();
    const start = Date.now();
    const at = (seconds: number) => t.setNow(new Date(start + seconds * 1000));

    // The sign-up's own link was mailed a moment ago.
    const tooSoon = await resend(account);
    expect(tooSoon.statusCode).toBe(429);
    const wait = Number(tooSoon.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(tooSoon.json().message).toBe(MESSAGES.tooSoon(account.email, wait));

    for (const seconds of [61, 122, 183, 244]) {
      at(seconds);
      const sent = await resend(account);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ message: MESSAGES.sent(account.email) });
    }
    at(305);
    const tooMany = await resend(account);
    expect(tooMany.statusCode).toBe(429);
    // The sign-up's link, the oldest of the five, leaves the hour's count in about 55 minutes.
    const later = Number(tooMany.headers['retry-after']);
    expect(later).toBeGreaterThan(3_200);
    expect(later).toBeLessThanOrEqual(3_600 - 305);
    expect(tooMany.json().message).toBe(MESSAGES.tooMany(account.email, Math.ceil(later / 60)));

    // Any of the links mailed verifies the address; the newest one here.
    const opened = await verify(await linkTokenFor(account.email));
    t.setNow(new Date());
    expect(opened.statusCode).toBe(200);
    const done = await resend(account);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(MESSAGES.alreadyVerified);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/email/verification-notification' });
    expect(response.statusCode).toBe(401);
  });
});

describe('who counts as verified', () => {
  it('the demo people, who joined by invitation', async () => {
    const me = await t.as('agent@demo.test', { method: 'GET', url: '/api/user' });
    expect(me.json<User>().email_verified).toBe(true);
  });

  it('a new address is not, until its own link is opened; a link to the old address no longer counts', async () => {
    const account = await signUp();
    const oldLink = await linkTokenFor(account.email);
    const newEmail = `moved-${serial}@shop.test`;
    const changed = await account.as({ method: 'PUT', url: '/api/user', payload: { email: newEmail } });
    expect(changed.statusCode, changed.body).toBe(200);
    const old = await verify(oldLink);
    expect(old.statusCode).toBe(422);
    expect(fieldErrors(old)).toEqual({ token: [MESSAGES.linkForOldAddress] });
    expect((await verify(await linkTokenFor(newEmail))).statusCode).toBe(200);
    expect(await verified(account)).toBe(true);
  });

  it('a verified person who changes their address must verify the new one before sending', async () => {
    const account = await signUp();
    expect((await verify(await linkTokenFor(account.email))).statusCode).toBe(200);
    const changed = await account.as({
      method: 'PUT',
      url: '/api/user',
      payload: { email: `elsewhere-${serial}@shop.test` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await verified(account)).toBe(false);
    expect((await sendText(account)).statusCode).toBe(403);
  });

  it('a password reset link, mailed to the address, proves it too', async () => {
    const account = await signUp();
    await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: account.email } });
    const [mail] = await t.ctx.db.query.outbox.findMany({
      where: (o, { and, eq }) =>
        and(eq(o.to, account.email), eq(o.subject, 'Reset your Switchboard password')),
    });
    const link = new URL(/https?:\/\/\S+/.exec(mail?.body ?? '')?.[0] ?? 'http://none/');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: {
        token: link.searchParams.get('token'),
        email: account.email,
        password: 'brand-new-pass-1',
        password_confirmation: 'brand-new-pass-1',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email: account.email, password: 'brand-new-pass-1' },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${signedIn.json<TokenPair>().access_token}` },
    });
    expect(me.json<User>().email_verified).toBe(true);
  });
});
