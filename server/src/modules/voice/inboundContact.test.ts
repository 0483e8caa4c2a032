/**
 * A call from a number the company has no contact for creates the contact a text from it would
 * (modules/inbound/service.ts `contactOfSender`): named by the formatted number, source Manual — spec §3 Contact:
 * "Sources: Manual, Import, keyword, Migration", and a caller, like a texter, is added one at a time. Both
 * carriers, against the real app and database: the sandbox's `POST /sandbox/calls` and Twilio's voice webhook.
 * A known number's call links its contact and makes none; a caller ID that is no phone number makes none.
 */
import { formatPhone } from '@shared/domain/phone';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema';
import { sharedTestApp, type TestApp } from '../../testing/testApp';
import { receiveMessage } from '../inbound/service';
import { type CallRow, callById } from './records';
import { manualTimers } from './sandbox/timers';
import { callOfSid, IN_APP_LINE, postSigned, TWILIO_ACCOUNT, TWILIO_SETTINGS } from './testing';

// The sandbox's waits (ring timeouts, voicemail) never fire: a test reads the call as it arrived.
const sandbox = sharedTestApp({}, { voiceTimers: manualTimers() });
const twilio = sharedTestApp(TWILIO_SETTINGS);
let sid = 0;

/** A call from `from` to the in-app line, placed in the sandbox; answers its record. */
async function sandboxCall(from: string): Promise<CallRow> {
  const response = await sandbox.as('owner@demo.test', {
    method: 'POST',
    url: '/api/sandbox/calls',
    payload: { from, to: IN_APP_LINE },
  });
  expect(response.statusCode, response.body).toBe(201);
  const call = await callById(sandbox.ctx, response.json<{ id: number }>().id);
  if (!call) throw new Error('the sandbox call was not recorded');
  return call;
}

/** A call from `from` to the in-app line, as Twilio's first voice webhook announces it; answers its record. */
async function twilioCall(from: string): Promise<CallRow> {
  const CallSid = `CA${String(++sid).padStart(32, '0')}`;
  const response = await postSigned(twilio, '/webhooks/twilio/voice', {
    CallSid,
    AccountSid: TWILIO_ACCOUNT,
    From: from,
    To: IN_APP_LINE,
    Direction: 'inbound',
    CallStatus: 'ringing',
  });
  expect(response.statusCode, response.body).toBe(200);
  return callOfSid(twilio, CallSid);
}

const CARRIERS = [
  { carrier: 'the sandbox', app: sandbox, call: sandboxCall },
  { carrier: 'Twilio', app: twilio, call: twilioCall },
];

/** Demo Motors' contacts with that number (the in-app line is Demo Motors'). */
const contactsWith = (t: TestApp, number: string) =>
  t.ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.company_id, t.ids.companies.demoMotors), eq(contacts.number, number)));

/** A text from `from` to the in-app line, through the one function both carriers' texts arrive by. */
const text = (t: TestApp, from: string) =>
  receiveMessage(t.ctx, {
    from,
    to: IN_APP_LINE,
    body: 'hello',
    media: [],
    carrierSid: `SM${String(++sid).padStart(32, '0')}`,
  });

describe.each(CARRIERS)('a call through $carrier', ({ app, call }) => {
  it('from an unknown number creates its contact: named by the formatted number, source Manual', async () => {
    const number = '+12025550171';
    expect(await contactsWith(app, number)).toEqual([]);
    const row = await call(number);
    const made = await contactsWith(app, number);
    expect(made).toEqual([
      expect.objectContaining({ id: row.contact_id, name: formatPhone(number), number, source: 'Manual' }),
    ]);
  });

  it.each([
    {
      rule: 'a second call from that number links the contact the first made',
      before: (number: string) => call(number),
    },
    {
      rule: 'a call from a number that texted before links the contact the text made',
      before: (number: string) => text(app, number),
    },
  ])('$rule, and makes no other', async ({ before }) => {
    const number = `+1202555${String(100 + ++sid).padStart(4, '0')}`;
    await before(number);
    const [known] = await contactsWith(app, number);
    // The earlier call or text made the contact of that number.
    expect(known).toMatchObject({ number });
    const row = await call(number);
    expect(row.contact_id).toBe(known?.id);
    expect(await contactsWith(app, number)).toHaveLength(1);
  });

  it('a text after the call links the contact the call made', async () => {
    const number = '+12025550172';
    const row = await call(number);
    const received = await text(app, number);
    const [made] = await contactsWith(app, number);
    expect(made?.id).toBe(row.contact_id);
    expect(received?.conversation.recipient).toBe(number);
    expect(await contactsWith(app, number)).toHaveLength(1);
  });
});

describe('a Twilio call whose caller ID is no phone number', () => {
  it.each([
    ['a withheld caller ID', 'anonymous'],
    ['a short code', '22395'],
  ])('%s makes no contact', async (_what, from) => {
    const row = await twilioCall(from);
    expect(row.contact_id).toBeNull();
    expect(await contactsWith(twilio, from)).toEqual([]);
  });
});
