/**
 * Helpers the voice tests share (sandbox and Twilio): the seeded in-app line, the Twilio settings they run with,
 * a log of the in-app calling events each user was sent, every agent made active again, and a webhook posted
 * signed as Twilio signs it.
 */
import type { IncomingCall } from '@shared/api/voice';
import { EVENTS, type InAppCallingEvent } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { memberships } from '../../db/schema';
import type { TestApp } from '../../testing/testApp';

/** The seeded Demo Motors number that rings the agents' apps. */
export const IN_APP_LINE = '+13125550104';

export const TWILIO_AUTH_TOKEN = 'test-twilio-auth-token';
export const PUBLIC_URL = 'https://switchboard.example.test';
export const TWILIO_ACCOUNT = 'AC00000000000000000000000000000000';

/** One in-app calling event, and the user whose private channel it went to. */
export interface Ring {
  userId: number;
  event: InAppCallingEvent;
}

/**
 * A log of the in-app calling events sent to users: `listen` hooks it to an app (in `beforeAll`), tests empty
 * `rings` when they start; `ringsOf` and `eventsOf` pick one user's events about one call.
 */
export function ringLog() {
  const rings: Ring[] = [];
  return {
    rings,
    listen(t: TestApp) {
      t.ctx.realtime.listen((channel, event, payload) => {
        const match = /^private-users\.(\d+)$/.exec(channel);
        if (match && event === EVENTS.inAppCalling)
          rings.push({ userId: Number(match[1]), event: payload as InAppCallingEvent });
      });
    },
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
export const activateAgents = (t: TestApp) =>
  t.ctx.db
    .update(memberships)
    .set({ in_app_calling_status: 'active' })
    .where(eq(memberships.company_id, t.ids.companies.demoMotors));

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
