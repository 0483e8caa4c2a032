/** MFA with an authenticator app (TOTP) and with emailed codes (§7 MFA; §5 "one carrying a kind means a second factor"). */

import { classifyLoginResponse } from '@shared/domain/auth';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';

const t = sharedTestApp();

const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/sanctum/login', payload: { email, password: DEMO_PASSWORD } });
const codeFor = (secret: string, at = t.ctx.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

/** The second step of a sign-in: its challenge's token and a code. */
const secondFactor = (mfaToken: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/sanctum/mfa', payload: { mfa_token: mfaToken, code } });
/** The signed-in user confirms a code of that kind, which turns the second factor on. */
const verifyCode = (email: string, kind: 'totp' | 'email', code: string) =>
  t.as(email, { method: 'POST', url: '/api/mfa/verify', payload: { kind, code } });

async function lastMailTo(email: string): Promise<string> {
  const rows = await t.ctx.db.query.outbox.findMany({
    where: (o, { eq }) => eq(o.to, email),
    orderBy: (o, { desc }) => desc(o.id),
  });
  return rows[0]?.body ?? '';
}

describe('authenticator app', () => {
  let secret = '';
  let recovery: string[] = [];

  it('enrols: QR and secret, then a code turns it on and answers recovery codes once', async () => {
    const qr = await t.as('admin@demo.test', { method: 'GET', url: '/api/mfa/qr' });
    expect(qr.statusCode).toBe(200);
    const body = qr.json<{ qr: string; secret: string; otpauth_url: string }>();
    expect(body.qr).toMatch(/^data:image\/png;base64,/);
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Switchboard:admin%40demo\.test\?/);
    secret = body.secret;

    const wrong = await verifyCode('admin@demo.test', 'totp', '000000');
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(wrong))).toEqual(['code']);

    const verify = await verifyCode('admin@demo.test', 'totp', codeFor(secret));
    expect(verify.statusCode).toBe(200);
    recovery = verify.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(recovery).toHaveLength(10);
    expect(recovery[0]).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);

    const status = await t.as('admin@demo.test', { method: 'GET', url: '/api/mfa' });
    expect(status.json()).toEqual({ enabled: true, kind: 'totp' });
  });

  it('sign-in then asks for the second factor, and a code completes it', async () => {
    const first = await login('admin@demo.test');
    expect(first.statusCode).toBe(200);
    const challenge = first.json<{ kind: string; mfa_token: string }>();
    expect(challenge.kind).toBe('totp');
    expect(classifyLoginResponse(challenge)).toBe('mfa-required');
    expect(challenge).not.toHaveProperty('access_token');

    const done = await secondFactor(challenge.mfa_token, codeFor(secret));
    expect(done.statusCode).toBe(200);
    expect(classifyLoginResponse(done.json())).toBe('success');

    const reuse = await secondFactor(challenge.mfa_token, codeFor(secret));
    expect(reuse.statusCode).toBe(401);
  });

  it('a recovery code works once', async () => {
    const code = recovery[0] ?? '';
    for (const expected of [200, 422]) {
      const challenge = (await login('admin@demo.test')).json<{ mfa_token: string }>();
      const response = await secondFactor(challenge.mfa_token, code);
      expect(response.statusCode).toBe(expected);
    }
  });

  it('five wrong codes end the challenge', async () => {
    const challenge = (await login('admin@demo.test')).json<{ mfa_token: string }>();
    const attempt = () => secondFactor(challenge.mfa_token, '123456');
    for (let i = 0; i < 4; i++) expect((await attempt()).statusCode).toBe(422);
    const fifth = await attempt();
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().message).toBe('Too many wrong codes. Please sign in again.');
  });

  it('a challenge expires after 5 minutes', async () => {
    const challenge = (await login('admin@demo.test')).json<{ mfa_token: string }>();
    t.setNow(new Date(Date.now() + 5 * 60_000 + 1000));
    const late = await secondFactor(challenge.mfa_token, codeFor(secret));
    t.setNow(new Date());
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('turning it off needs the password; then sign-in needs none', async () => {
    const wrong = await t.as('admin@demo.test', {
      method: 'DELETE',
      url: '/api/mfa',
      payload: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(422);
    const off = await t.as('admin@demo.test', {
      method: 'DELETE',
      url: '/api/mfa',
      payload: { password: DEMO_PASSWORD },
    });
    expect(off.statusCode).toBe(200);
    expect(classifyLoginResponse((await login('admin@demo.test')).json())).toBe('success');
  });
});

describe('emailed codes', () => {
  it('enrol by email, then sign in with the code mailed to the sandbox outbox', async () => {
    const sent = await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/mfa/sendCode',
      payload: { kind: 'email' },
    });
    expect(sent.statusCode).toBe(200);
    const setupCode = /code is (\d{6})/.exec(await lastMailTo('owner@demo.test'))?.[1] ?? '';
    const verify = await verifyCode('owner@demo.test', 'email', setupCode);
    expect(verify.statusCode).toBe(200);

    const challenge = (await login('owner@demo.test')).json<{
      kind: string;
      mfa_token: string;
      destination: string;
    }>();
    expect(challenge.kind).toBe('email');
    expect(challenge.destination).toBe('o•••@demo.test');
    const code = /code is (\d{6})/.exec(await lastMailTo('owner@demo.test'))?.[1] ?? '';
    const done = await secondFactor(challenge.mfa_token, code);
    expect(done.statusCode).toBe(200);
  });

  it('mfaToken sends a new code for a pending challenge; the old code stops working', async () => {
    const challenge = (await login('owner@demo.test')).json<{ mfa_token: string }>();
    const firstCode = /code is (\d{6})/.exec(await lastMailTo('owner@demo.test'))?.[1] ?? '';
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/mfaToken',
      payload: { mfa_token: challenge.mfa_token },
    });
    expect(resent.json()).toMatchObject({ kind: 'email', mfa_token: challenge.mfa_token });
    const newCode = /code is (\d{6})/.exec(await lastMailTo('owner@demo.test'))?.[1] ?? '';
    if (newCode !== firstCode) {
      const old = await secondFactor(challenge.mfa_token, firstCode);
      expect(old.statusCode).toBe(422);
    }
    const done = await secondFactor(challenge.mfa_token, newCode);
    expect(done.statusCode).toBe(200);
  });

  it('text-message codes are refused with a clear message', async () => {
    const response = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/mfa/sendCode',
      payload: { kind: 'sms' },
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).kind?.[0]).toMatch(/not offered yet/);
  });
});
