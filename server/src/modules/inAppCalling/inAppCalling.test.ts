/**
 * §7 In-app calling against the real app: the softphone token (sandbox signed token; Twilio access token with a
 * Voice grant when Twilio's voice settings are given; refused without the three SIP fields), who may take calls
 * with their status and whether they are on a call, and the caller's own status (read, set with the §8 messages,
 * published on the user's and the company's channels). Roles and other companies.
 */
import { createHmac } from 'node:crypto';
import { IN_APP_CALLING_ENDPOINTS as E } from '@shared/api/inAppCalling';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { channels, EVENTS } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, users } from '../../db/schema';
import { createTestApp, publishedEvents, sharedTestApp } from '../../testing/testApp';
import { NO_CALLING_LINE, NOT_A_MEMBER, TWILIO_VOICE_MISSING, verifySandboxCallingToken } from './service';

const t = sharedTestApp();
let motors: number;
let agent: number;
let agent2: number;
beforeAll(() => {
  motors = t.ids.companies.demoMotors;
  agent = t.ids.users['agent@demo.test'] ?? 0;
  agent2 = t.ids.users['agent2@demo.test'] ?? 0;
});
const published = publishedEvents(t);

const url = (companyId: number, rest: string) => `/api/companies/${companyId}/in-app-calling/${rest}`;

function jwtParts(token: string) {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  return { header: decode(header), payload: decode(payload), signed: `${header}.${payload}`, signature };
}

describe('POST …/in-app-calling/token', () => {
  it('gives a user with the three SIP fields a sandbox token naming them, the company and the expiry', async () => {
    const response = await t.as('agent@demo.test', { method: 'POST', url: url(motors, 'token') });
    expect(response.statusCode, response.body).toBe(200);
    const body = E.token.response.parse(response.json());
    expect(body).toMatchObject({ kind: 'sandbox', identity: `user-${agent}` });
    const expiresAt = Date.parse(body.expires_at);
    expect(expiresAt - t.ctx.now().getTime()).toBe(3600_000);

    const verified = verifySandboxCallingToken(t.ctx, body.token);
    expect(verified).toEqual({
      status: 'ok',
      userId: agent,
      companyId: motors,
      identity: `user-${agent}`,
      expiresAt: new Date(expiresAt),
    });
  });

  it('a tampered, foreign or expired sandbox token does not verify', async () => {
    const response = await t.as('agent2@demo.test', { method: 'POST', url: url(motors, 'token') });
    const { token, identity } = E.token.response.parse(response.json());
    expect(identity).toBe(`user-${agent2}`);
    const [prefix, body, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, u: agent })).toString('base64url');
    expect(verifySandboxCallingToken(t.ctx, `${prefix}.${forged}.${sig}`)).toEqual({ status: 'invalid' });
    expect(verifySandboxCallingToken(t.ctx, 'nonsense')).toEqual({ status: 'invalid' });
    expect(verifySandboxCallingToken(t.ctx, `${token}x`)).toEqual({ status: 'invalid' });
    const otherServer = { ...t.ctx, config: { ...t.ctx.config, mediaSecret: 'another-secret' } };
    expect(verifySandboxCallingToken(otherServer, token)).toEqual({ status: 'invalid' });
    const later = { ...t.ctx, now: () => new Date(Date.now() + 3601_000) };
    expect(verifySandboxCallingToken(later, token)).toEqual({ status: 'expired' });
  });

  it('refuses a user without all three SIP fields (403), saying why', async () => {
    const admin = t.ids.users['admin@demo.test'] ?? 0;
    await t.ctx.db.update(users).set({ sip_password: null }).where(eq(users.id, admin));
    await t.ctx.callers.usersChanged([admin]);
    try {
      const response = await t.as('admin@demo.test', { method: 'POST', url: url(motors, 'token') });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NO_CALLING_LINE);
      expect(NO_CALLING_LINE).toMatch(/SIP address, user and password/);
      await t.ctx.db.update(users).set({ sip_password: '  ', sip_user: 'admin' }).where(eq(users.id, admin));
      await t.ctx.callers.usersChanged([admin]);
      expect((await t.as('admin@demo.test', { method: 'POST', url: url(motors, 'token') })).statusCode).toBe(
        403,
      );
    } finally {
      await t.ctx.db.update(users).set({ sip_password: 'sip-admin-secret' }).where(eq(users.id, admin));
      await t.ctx.callers.usersChanged([admin]);
    }
    expect((await t.as('admin@demo.test', { method: 'POST', url: url(motors, 'token') })).statusCode).toBe(
      200,
    );
  });
});

describe('a Twilio access token when Twilio is configured', () => {
  const voice = {
    apiKey: 'SK0123456789abcdef0123456789abcdef',
    apiSecret: 'api-secret',
    twimlAppSid: 'AP0123',
  };
  const accountSid = 'AC00000000000000000000000000000000';
  const tw = sharedTestApp({ twilio: { accountSid, authToken: 'auth-token', voice } });

  it('signs a JWT with a Voice grant (outgoing TwiML app, incoming allowed) for user-<id>, valid an hour', async () => {
    const response = await tw.as('agent@demo.test', { method: 'POST', url: url(motors, 'token') });
    expect(response.statusCode, response.body).toBe(200);
    const body = E.token.response.parse(response.json());
    const id = tw.ids.users['agent@demo.test'];
    expect(body).toMatchObject({ kind: 'twilio', identity: `user-${id}` });

    const jwt = jwtParts(body.token);
    expect(jwt.header).toMatchObject({ alg: 'HS256', cty: 'twilio-fpa;v=1' });
    expect(jwt.payload).toMatchObject({
      iss: voice.apiKey,
      sub: accountSid,
      grants: {
        identity: `user-${id}`,
        voice: { incoming: { allow: true }, outgoing: { application_sid: voice.twimlAppSid } },
      },
    });
    expect(jwt.payload.exp - jwt.payload.iat).toBe(3600);
    const expected = createHmac('sha256', voice.apiSecret).update(jwt.signed).digest('base64url');
    expect(jwt.signature).toBe(expected);
  });

  it('still refuses a user without SIP fields', async () => {
    const response = await tw.as('billing@demo.test', { method: 'POST', url: url(motors, 'token') });
    expect(response.statusCode).toBe(403); // by role: billing does not take calls
    const orgadmin = await tw.as('orgadmin@demo.test', { method: 'POST', url: url(motors, 'token') });
    expect(orgadmin.statusCode).toBe(403);
    expect(orgadmin.json().message).toBe(NO_CALLING_LINE);
  });

  it('without the voice settings answers 503 naming them (the sandbox is off with Twilio)', async () => {
    const bare = await createTestApp({ twilio: { accountSid, authToken: 'auth-token' } });
    try {
      const response = await bare.as('agent@demo.test', { method: 'POST', url: url(motors, 'token') });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(TWILIO_VOICE_MISSING);
    } finally {
      await bare.close();
    }
  });
});

describe('GET …/in-app-calling/users', () => {
  it('lists members who may take calls, by name, with status and whether they are on a call', async () => {
    const now = t.ctx.now();
    const at = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000).toISOString();
    /** An answered call to the main line that started a minute ago, its events `[status, seconds ago]`. */
    const answeredCall = (
      caller: string,
      user_id: number,
      events: [status: number, secondsAgo: number][],
    ) => ({
      company_id: motors,
      caller,
      called: '+13125550100',
      user_id,
      outcome: 1,
      started_at: new Date(now.getTime() - 60_000),
      events: events.map(([status, secondsAgo]) => ({ status, at: at(secondsAgo) })),
    });
    const [live, ended] = await t.ctx.db
      .insert(calls)
      .values([
        // agent2 is on it: Started (1), Received (6), Connected (12).
        answeredCall('+13125550199', agent2, [
          [1, 60],
          [6, 55],
          [12, 50],
        ]),
        // agent's has ended: Started, Connected, Hangup (3).
        answeredCall('+13125550198', agent, [
          [1, 60],
          [12, 50],
          [3, 10],
        ]),
      ])
      .returning();
    try {
      const response = await t.as('agent@demo.test', { method: 'GET', url: url(motors, 'users') });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = E.users.response.parse(response.json());
      const byEmail = (email: string) => data.find((user) => user.id === t.ids.users[email]);
      expect(byEmail('agent@demo.test')).toEqual({
        id: agent,
        name: 'Aria Agent',
        status: 'active',
        on_call: false,
      });
      expect(byEmail('agent2@demo.test')).toEqual({
        id: agent2,
        name: 'Andre Agent',
        status: 'active',
        on_call: true,
      });
      expect(byEmail('owner@demo.test')).toMatchObject({ status: 'away', on_call: false });
      expect(byEmail('admin@demo.test')).toMatchObject({ status: 'away', on_call: false });
      // Roles that do not take calls, the deactivated, and non-members are not listed.
      for (const email of [
        'billing@demo.test',
        'reporting@demo.test',
        'deactivated@demo.test',
        'orgadmin@demo.test',
      ])
        expect(byEmail(email), email).toBeUndefined();
      expect(data.map((user) => user.name)).toEqual([...data.map((user) => user.name)].sort());

      // The call ends: agent2 is free again.
      await t.ctx.db
        .update(calls)
        .set({ events: [...(live?.events ?? []), { status: 3, at: at(0) }] })
        .where(eq(calls.id, live?.id ?? 0));
      const after = E.users.response.parse(
        (await t.as('agent@demo.test', { method: 'GET', url: url(motors, 'users') })).json(),
      );
      expect(after.data.find((user) => user.id === agent2)?.on_call).toBe(false);
    } finally {
      for (const call of [live, ended]) await t.ctx.db.delete(calls).where(eq(calls.id, call?.id ?? 0));
    }
  });

  it('leaves out a member without all three SIP fields', async () => {
    const owner = t.ids.users['owner@demo.test'] ?? 0;
    await t.ctx.db.update(users).set({ sip_user: null }).where(eq(users.id, owner));
    await t.ctx.callers.usersChanged([owner]);
    try {
      const { data } = E.users.response.parse(
        (await t.as('agent@demo.test', { method: 'GET', url: url(motors, 'users') })).json(),
      );
      expect(data.some((user) => user.id === owner)).toBe(false);
    } finally {
      await t.ctx.db.update(users).set({ sip_user: 'owner' }).where(eq(users.id, owner));
      await t.ctx.callers.usersChanged([owner]);
    }
  });
});

describe('the caller’s status: GET and POST …/in-app-calling/status', () => {
  /** `email` sets their own status in Demo Motors. */
  const setStatus = (email: string, payload: Record<string, unknown>) =>
    t.as(email, { method: 'POST', url: url(motors, 'status'), payload });

  it('reads, sets away and active with the §8 messages, and publishes on the user’s and the company’s channels', async () => {
    const read = await t.as('agent@demo.test', { method: 'GET', url: url(motors, 'status') });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ status: 'active', message: SUCCESS_MESSAGES.inAppCallingActive });

    published.length = 0;
    const away = await setStatus('agent@demo.test', { status: 'away' });
    expect(away.statusCode, away.body).toBe(200);
    expect(away.json()).toEqual({
      status: 'away',
      message: 'You will not receive notifications for incoming calls.',
    });
    const payload = { user_id: agent, company_id: motors, status: 'away' };
    expect(published).toEqual([
      { channel: channels.users(agent), event: EVENTS.presenceChanged, payload },
      { channel: channels.companies(motors), event: EVENTS.presenceChanged, payload },
    ]);
    expect(
      (await t.as('agent@demo.test', { method: 'GET', url: url(motors, 'status') })).json(),
    ).toMatchObject({
      status: 'away',
    });
    const listed = E.users.response.parse(
      (await t.as('agent2@demo.test', { method: 'GET', url: url(motors, 'users') })).json(),
    );
    expect(listed.data.find((user) => user.id === agent)?.status).toBe('away');
    // Another company's status is its own.
    const realty = await t.as('owner@demo.test', {
      method: 'GET',
      url: url(t.ids.companies.demoRealty, 'status'),
    });
    expect(realty.json()).toMatchObject({ status: 'away' });

    published.length = 0;
    const active = await setStatus('agent@demo.test', { status: 'active' });
    expect(active.json()).toEqual({
      status: 'active',
      message: 'You will receive notifications for incoming calls.',
    });
    expect(published.map((event) => [event.channel, (event.payload as { status: string }).status])).toEqual([
      [channels.users(agent), 'active'],
      [channels.companies(motors), 'active'],
    ]);
  });

  it('refuses anything but active or away (422)', async () => {
    for (const payload of [{ status: 'busy' }, {}, { status: 'active', extra: 1 }]) {
      const response = await setStatus('agent@demo.test', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('a non-member acting through the organization reads away and cannot set a status (409)', async () => {
    const read = await t.as('orgadmin@demo.test', { method: 'GET', url: url(motors, 'status') });
    expect(read.json()).toEqual({ status: 'away', message: SUCCESS_MESSAGES.inAppCallingAway });
    published.length = 0;
    const set = await setStatus('orgadmin@demo.test', { status: 'active' });
    expect(set.statusCode).toBe(409);
    expect(set.json().message).toBe(NOT_A_MEMBER);
    expect(published).toEqual([]);
  });
});

describe('roles and companies', () => {
  const routes = [
    { method: 'POST' as const, rest: 'token', payload: undefined },
    { method: 'GET' as const, rest: 'users', payload: undefined },
    { method: 'GET' as const, rest: 'status', payload: undefined },
    { method: 'POST' as const, rest: 'status', payload: { status: 'away' } },
  ];

  it.each(routes)(
    '$method …/$rest: 403 for roles that do not take calls',
    async ({ method, rest, payload }) => {
      for (const email of ['billing@demo.test', 'reporting@demo.test']) {
        const response = await t.as(email, { method, url: url(motors, rest), payload });
        expect(response.statusCode, email).toBe(403);
      }
    },
  );

  it.each(routes)('$method …/$rest: 404 for another company or none', async ({ method, rest, payload }) => {
    for (const companyId of [t.ids.companies.otherCo, 999_999]) {
      const response = await t.as('agent@demo.test', { method, url: url(companyId, rest), payload });
      expect(response.statusCode, String(companyId)).toBe(404);
    }
  });

  it.each(routes)('$method …/$rest: 401 when signed out', async ({ method, rest, payload }) => {
    const response = await t.app.inject({ method, url: url(motors, rest), payload });
    expect(response.statusCode).toBe(401);
  });
});
