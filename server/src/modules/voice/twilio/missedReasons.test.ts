/**
 * Issue 22 through Twilio's voice webhooks (signed, against the real app): the missed reason routing knew lands on
 * the call however Twilio reports its end (a status callback while the menu played or it rang, a dial that ended
 * unanswered), and `answered_at` is the moment someone picked up: an agent's app at its claim, a forwarded-to
 * phone DialCallDuration seconds before its dial ended.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../../testing/testApp';
import {
  TWILIO_ACCOUNT as ACCOUNT,
  callOfSid,
  IN_APP_LINE,
  postSigned,
  ringLog,
  TWILIO_SETTINGS,
} from '../testing';

const t = sharedTestApp(TWILIO_SETTINGS);
ringLog(t);
const MAIN_LINE = '+13125550100';
/** Friday 20 November 2026, 10:00 in Chicago: Demo Motors is open, the main line plays its menu. */
const FRIDAY_MORNING = new Date('2026-11-20T16:00:00Z');
let agent: number;
beforeAll(() => {
  agent = t.ids.users['agent@demo.test'] ?? 0;
});

let clock = FRIDAY_MORNING;
const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
  t.setNow(clock);
};
beforeEach(() => {
  clock = FRIDAY_MORNING;
  t.setNow(clock);
});
afterEach(() => t.setNow(new Date()));

let seq = 0;
const voice = (query: string, params: Record<string, string>) =>
  postSigned(t, `/webhooks/twilio/voice${query}`, { AccountSid: ACCOUNT, ...params });
/** Twilio's first webhook of a new call to `to`; answers its CallSid. */
async function arrive(to: string): Promise<string> {
  const CallSid = `CA${String(++seq).padStart(30, '9')}`;
  const response = await voice('', {
    CallSid,
    From: `+1202555${String(4100 + seq)}`,
    To: to,
    FromState: 'DC',
    Direction: 'inbound',
    CallStatus: 'ringing',
  });
  expect(response.statusCode, response.body).toBe(200);
  return CallSid;
}
/** Twilio's status callback: the call is over (the caller hung up). */
const finished = (CallSid: string) =>
  postSigned(t, '/webhooks/twilio/voice/status', { CallSid, AccountSid: ACCOUNT, CallStatus: 'completed' });

describe('missed reasons from Twilio calls', () => {
  it.each([
    {
      rule: 'the caller hung up 12 s into the main line’s menu: menu abandoned',
      drive: async () => {
        const sid = await arrive(MAIN_LINE);
        later(12);
        await finished(sid);
        return sid;
      },
      reason: 'menu_abandoned',
    },
    {
      rule: 'the caller hung up 3 s into the ring: short abandon',
      drive: async () => {
        const sid = await arrive(IN_APP_LINE);
        later(3);
        await finished(sid);
        return sid;
      },
      reason: 'short_abandon',
    },
    {
      rule: 'the ring ended unanswered, and the caller hung up at the tone: not answered',
      drive: async () => {
        const sid = await arrive(IN_APP_LINE);
        later(20);
        await voice('?step=after-dial&ext=1&attempt=0', { CallSid: sid, DialCallStatus: 'no-answer' });
        later(8);
        await voice('?step=after-voicemail&ext=1', {
          CallSid: sid,
          RecordingUrl: '',
          RecordingDuration: '0',
        });
        return sid;
      },
      reason: 'not_answered',
    },
  ])('$rule', async ({ drive, reason }) => {
    const sid = await drive();
    expect(await callOfSid(t, sid)).toMatchObject({
      outcome: 2,
      live: null,
      missed_reason: reason,
      answered_at: null,
    });
  });
});

describe('answered_at from Twilio calls', () => {
  it('an agent’s app claims the call 6 s in: answered then, however long they talk', async () => {
    const sid = await arrive(IN_APP_LINE);
    later(6);
    const answeredAt = clock;
    await voice('?step=whisper&ext=1', {
      CallSid: `CA${String(++seq).padStart(30, '8')}`,
      ParentCallSid: sid,
      To: `client:user-${agent}`,
    });
    later(90);
    await voice('?step=after-dial&ext=1&attempt=0', {
      CallSid: sid,
      DialCallStatus: 'completed',
      DialCallDuration: '90',
    });
    expect(await callOfSid(t, sid)).toMatchObject({
      outcome: 1,
      user_id: agent,
      answered_at: answeredAt,
      missed_reason: null,
    });
  });

  it('a forwarded-to phone picked up: its dial ends after DialCallDuration seconds of talk, answered that long before', async () => {
    const sid = await arrive(MAIN_LINE);
    later(5);
    const chose = await voice('?step=after-gather&attempt=1', { CallSid: sid, Digits: '1' });
    expect(chose.body).toContain('<Number');
    later(100);
    await voice('?step=after-dial&ext=1&attempt=0', {
      CallSid: sid,
      DialCallStatus: 'completed',
      DialCallDuration: '85',
    });
    const call = await callOfSid(t, sid);
    expect(call).toMatchObject({ outcome: 1, missed_reason: null });
    // Arrived at 0 s, chose at 5 s, the forward picked up at 20 s (105 − 85).
    expect(call.answered_at?.getTime()).toBe(FRIDAY_MORNING.getTime() + 20_000);
  });
});
