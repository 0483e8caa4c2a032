/**
 * Sign-up and who has an account (issue 33, finding 10: "the sign-up check tells anyone whether an email is
 * registered"). §7 "Signup check and create": the check checks the form and never looks the address up; a
 * sign-up with an address that has an account is refused (409, as §8 answers the consumer app's "account exists")
 * and its owner is told by mail, at most once an hour; one client address makes at most 10 sign-ups an hour.
 */
import { describe, expect, it } from 'vitest';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';

const t = sharedTestApp();

let serial = 0;
/** A client address of its own, so the sign-ups' hourly allowance of one test does not reach another's. */
const freshAddress = () => `198.51.100.${++serial}`;

const check = (payload: object, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/signup/check', remoteAddress, payload });
const signUp = (payload: Partial<Record<string, string>>, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress,
    payload: { company_name: 'Corner Shop', name: 'Nia New', password: 'open-sesame-42', ...payload },
  });
const mailsTo = (email: string) =>
  t.ctx.db.query.outbox.findMany({
    where: (o, { eq }) => eq(o.to, email),
    orderBy: (o, { asc }) => asc(o.id),
  });

describe('POST /signup/check never says whether an address has an account', () => {
  it('answers a taken address and a free one alike', async () => {
    const taken = await check({ email: 'owner@demo.test' });
    const free = await check({ email: 'nobody-yet@shop.test' });
    expect(taken.statusCode).toBe(204);
    expect({ status: free.statusCode, body: free.body }).toEqual({
      status: taken.statusCode,
      body: taken.body,
    });
  });

  it('checks the form by the sign-up’s own rules, each field in words', async () => {
    const response = await check({ email: 'not an address', password: 'short', name: ' ' });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual({
      email: ['Enter a valid email address.'],
      password: ['Use at least 10 characters.', 'Add a digit or a symbol.'],
      name: ['Enter your name.'],
    });
    expect(fieldErrors(await check({})).email).toHaveLength(1);
  });
});

describe('POST /signup with an address that has an account', () => {
  it('is refused naming the field, and the address’s owner is told, once an hour at most', async () => {
    const before = (await mailsTo('owner@demo.test')).length;
    const taken = await signUp({ email: 'Owner@Demo.test' });
    expect(taken.statusCode).toBe(409);
    expect(fieldErrors(taken)).toEqual({
      email: ['An account with this email already exists. Sign in, or reset your password.'],
    });
    const mails = (await mailsTo('owner@demo.test')).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Someone tried to sign up with your address');
    expect(mails[0]?.body).toContain('/sign-in');
    expect(mails[0]?.body).toContain('/forgot-password');

    // Again at once: no second mail, so sign-ups cannot flood the owner's inbox…
    expect((await signUp({ email: 'owner@demo.test' })).statusCode).toBe(409);
    expect(await mailsTo('owner@demo.test')).toHaveLength(before + 1);
    // …but an attempt an hour later is told again.
    t.setNow(new Date(Date.now() + 61 * 60_000));
    expect((await signUp({ email: 'owner@demo.test' })).statusCode).toBe(409);
    t.setNow(new Date());
    expect(await mailsTo('owner@demo.test')).toHaveLength(before + 2);
  });

  it('one client address makes at most 10 sign-ups an hour', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) {
      expect((await signUp({ email: 'admin@demo.test' }, address)).statusCode).toBe(409);
    }
    const eleventh = await signUp({ email: `eleventh-${serial}@shop.test` }, address);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back by it.
    expect((await signUp({ email: `elsewhere-${serial}@shop.test` })).statusCode).toBe(201);
  });
});
