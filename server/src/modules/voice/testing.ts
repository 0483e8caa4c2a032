/**
 * Helpers the voice tests share (sandbox and Twilio; the inbound texts' Twilio webhooks too): the seeded in-app
 * line, the Twilio settings they run with, a log of the in-app calling events each user was sent, every agent made
 * active again, an agent dialling out, a webhook posted signed as Twilio signs it, and the call a Twilio webhook
 * made.
 */
import type { IncomingCall } from '@shared/api/voice';
import { EVENTS, type InAppCallingEvent } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { beforeAll, beforeEach } from 'vitest';
import type { ServerConfig } from '../../config';
import { calls, memberships } from '../../db/schema';
import type { TestApp } from '../../testing/testApp';

/** The seeded Demo Motors number that rings the agents' apps. */
export const IN_APP_LINE = '+13125550104';

export const TWILIO_AUTH_TOKEN = 'test-twilio-auth-token';
export const PUBLIC_URL = 'https://switchboard.example.test';
export const TWILIO_ACCOUNT = 'AC00000000000000000000000000000000';
/** The settings of an app whose carrier is Twilio (webhooks signed with the token above, for the public URL). */
export const TWILIO_SETTINGS: Partial<ServerConfig> = {
  twilio: { accountSid: TWILIO_ACCOUNT, authToken: TWILIO_AUTH_TOKEN },
  publicUrl: PUBLIC_URL,
};

/** One in-app calling event, and the user whose private channel it went to. */
export interface Ring {
  userId: number;
  event: InAppCallingEvent;
}

/**
 * A log of the in-app calling events the app sends to users, heard from its `beforeAll` on (declare it after the
 * app). Before each test the log is emptied and every agent takes calls again (`activateAgents`), so each test
 * starts from there. `ringsOf` and `eventsOf` pick one user's events about one call.
 */
export function ringLog(t: TestApp) {
  const rings: Ring[] = [];
  beforeAll(() => {
    t.ctx.realtime.listen((channel, event, payload) => {
      const match = /^private-users\.(\d+)$/.exec(channel);
      if (match && event === EVENTS.inAppCalling)
        rings.push({ userId: Number(match[1]), event: payload as InAppCallingEvent });
    });
  });
  beforeEach(async () => {
    rings.length = 0;
    await activateAgents(t);
  });
  return {
    rings,
    /** The call cards the user's app was rung with for the call. */
    ringsOf: (userId: number, callId: number) =>
      rings
        .filter(
          (ring) =>
            ring.userId === userId && ring.event.type === 'ringing' && ring.event.call.call_id === callId,
        )
        .map((ring) => (ring.event as { call: IncomingCall }).call),
    /** Every event the user was sent about the call. */
    eventsOf: (userId: number, callId: number) =>
      rings
        .filter((ring) => ring.userId === userId && 'call_id' in ring.event && ring.event.call_id === callId)
        .map((ring) => ring.event),
  };
}

/** Every Demo Motors member takes calls in the app again (tests start from there). */
export const activateAgents = async (t: TestApp) => {
  await t.ctx.db
    .update(memberships)
    .set({ in_app_calling_status: 'active' })
    .where(eq(memberships.company_id, t.ids.companies.demoMotors));
  // Written behind the services' back: the cache of callers must hear of it as from them.
  await t.ctx.callers.everyoneChanged();
};

/** agent@demo.test dials `destination` from the app, calling from the number `numberId` (the main line by default). */
export const dialOut = (t: TestApp, destination: string, numberId = t.ids.numbers.motorsMain) =>
  t.as('agent@demo.test', {
    method: 'POST',
    url: '/api/v1/calls/token',
    payload: { number_id: numberId, destination },
  });

/**
 * Posts a form to a Twilio webhook path (with its query), signed as Twilio signs it; `signature` sends that
 * one instead, and null none at all.
 */
export const postSigned = (
  t: TestApp,
  path: string,
  params: Record<string, string>,
  signature?: string | null,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null
        ? {}
        : {
            'x-twilio-signature':
              signature ??
              twilio.getExpectedTwilioSignature(TWILIO_AUTH_TOKEN, `${PUBLIC_URL}/api${path}`, params),
          }),
    },
    payload: new URLSearchParams(params).toString(),
  });

/** The call Twilio's webhooks made, by its CallSid (throws when there is none). */
export async function callOfSid(t: TestApp, sid: string) {
  const [row] = await t.ctx.db.select().from(calls).where(eq(calls.carrier_sid, sid));
  if (!row) throw new Error(`no call ${sid}`);
  return row;
}

/** The statuses of the events that call has recorded, in order. */
export const statusesOfSid = async (t: TestApp, sid: string) =>
  (await callOfSid(t, sid)).events.map((event) => event.status);
