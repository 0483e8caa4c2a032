/**
 * Twilio's voice webhooks against the real app, with payloads signed by the `twilio` SDK: signature checks
 * (missing 400, forged 403, and refused when Twilio is not configured), a call to the in-app line ringing both
 * agents' apps, a replayed webhook changing nothing, the first app to answer claiming the call, statuses out of
 * order, voicemail with its recording and transcription, declines, blocks, live transcription, and an outbound
 * call from an agent's app.
 */
import { VOICE_ENDPOINTS as E } from '@shared/api/voice';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, numbers, voicemails } from '../../../db/schema';
import { createTestApp, sharedTestApp } from '../../../testing/testApp';
import {
  TWILIO_ACCOUNT as ACCOUNT,
  TWILIO_AUTH_TOKEN as AUTH_TOKEN,
  callOfSid,
  dialOut,
  IN_APP_LINE,
  PUBLIC_URL,
  postSigned as post,
  ringLog,
  statusesOfSid,
  TWILIO_SETTINGS,
} from '../testing';

const t = sharedTestApp(TWILIO_SETTINGS);
const { rings } = ringLog(t);
let agent: number;
let agent2: number;
let seq = 0;
beforeAll(() => {
  agent = t.ids.users['agent@demo.test'] ?? 0;
  agent2 = t.ids.users['agent2@demo.test'] ?? 0;
});

const voice = (query: string, params: Record<string, string>) =>
  post(t, `/webhooks/twilio/voice${query}`, params);

const newCall = (from = '+12125550188') => ({
  CallSid: `CA${String(++seq).padStart(32, '0')}`,
  AccountSid: ACCOUNT,
  From: from,
  To: IN_APP_LINE,
  FromState: 'NY',
  Direction: 'inbound',
  CallStatus: 'ringing',
});
const record = (sid: string) => callOfSid(t, sid);
const statuses = (sid: string) => statusesOfSid(t, sid);
const dialEnded = (sid: string, status: string) =>
  voice('?step=after-dial&ext=1&attempt=1', { CallSid: sid, AccountSid: ACCOUNT, DialCallStatus: status });

describe('signatures', () => {
  const path = '/webhooks/twilio/voice';
  it.each([
    ['missing: 400', null, 400],
    ['forged: 403', 'c2lnbmF0dXJl', 403],
    [
      'signed for other parameters: 403',
      twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${PUBLIC_URL}/api${path}`, { CallSid: 'CAother' }),
      403,
    ],
  ])('%s', async (_rule, signature, status) => {
    const response = await post(t, path, newCall(), signature);
    expect(response.statusCode).toBe(status);
  });

  it('every voice webhook is there but refuses everything when Twilio is not configured', async () => {
    const sandbox = await createTestApp({ publicUrl: PUBLIC_URL });
    try {
      for (const endpoint of [
        E.twilioVoice,
        E.twilioVoiceStatus,
        E.twilioVoiceRecording,
        E.twilioVoiceTranscription,
        E.twilioVoicemailTranscription,
        E.twilioVoiceConference,
      ]) {
        expect((await post(sandbox, endpoint.path, newCall(), null)).statusCode, endpoint.path).toBe(400);
        expect((await post(sandbox, endpoint.path, newCall())).statusCode, endpoint.path).toBe(403);
      }
    } finally {
      await sandbox.close();
    }
  });
});

describe('a call to the in-app line', () => {
  it('rings both agents’ apps with the call id and join token, and a replay (×3) changes nothing', async () => {
    const call = newCall();
    const first = await voice('', call);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toContain('text/xml');
    const row = await record(call.CallSid);
    const token = row.live?.join_token ?? '';
    expect(first.body).toContain(`<Identity>user-${agent}</Identity>`);
    expect(first.body).toContain(`<Identity>user-${agent2}</Identity>`);
    expect(first.body).toContain(`<Parameter name="call_id" value="${row.id}"/>`);
    expect(first.body).toContain(`<Parameter name="join_token" value="${token}"/>`);
    expect(first.body).toContain(`url="${PUBLIC_URL}/api/webhooks/twilio/voice?step=whisper&amp;ext=1"`);
    expect(rings.filter((ring) => ring.event.type === 'ringing')).toHaveLength(2);

    for (let replay = 0; replay < 3; replay++) expect((await voice('', call)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(calls).where(eq(calls.carrier_sid, call.CallSid))).toHaveLength(1);
    expect(await statuses(call.CallSid)).toEqual([1, 6]);
    expect(rings.filter((ring) => ring.event.type === 'ringing')).toHaveLength(2);
  });

  it('a greeting audio address stored before the contract refused it is never played: its text is said instead', async () => {
    // Issue 33: any scheme was stored and written into <Play>; the contract takes https only now, and what was
    // stored before must not reach the carrier either.
    const [line] = await t.ctx.db.select().from(numbers).where(eq(numbers.number, IN_APP_LINE));
    const restore = line?.greeting ?? null;
    try {
      await t.ctx.db
        .update(numbers)
        .set({ greeting: { audio_url: 'file:///etc/passwd', text: 'Welcome to Demo Motors.' } })
        .where(eq(numbers.number, IN_APP_LINE));
      const answer = await voice('', newCall());
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).not.toContain('<Play>');
      expect(answer.body).not.toContain('file:');
      expect(answer.body).toContain('<Say>Welcome to Demo Motors.</Say>');
    } finally {
      await t.ctx.db.update(numbers).set({ greeting: restore }).where(eq(numbers.number, IN_APP_LINE));
    }
  });

  it('the first app to answer claims the call; the other stops ringing; the dial’s end hangs up answered', async () => {
    const call = newCall();
    await voice('', call);
    // The whisper callback runs on the agent's (child) leg: its CallSid is that leg, the caller's is the parent.
    const leg = `CA${String(++seq).padStart(32, '0')}`;
    const answered = await voice('?step=whisper&ext=1', {
      CallSid: leg,
      ParentCallSid: call.CallSid,
      AccountSid: ACCOUNT,
      To: `client:user-${agent2}`,
    });
    expect(answered.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await record(call.CallSid)).toMatchObject({
      user_id: agent2,
      carrier_status: 'in-progress',
      live: { phase: 'connected', agent_leg_sid: leg },
    });
    expect(rings).toContainEqual({
      userId: agent,
      event: {
        type: 'stopped',
        call_id: (await record(call.CallSid)).id,
        reason: 'answered-elsewhere',
        answered_by: { id: agent2, name: 'Andre Agent' },
      },
    });

    const ended = await dialEnded(call.CallSid, 'completed');
    expect(ended.body).toContain('<Hangup/>');
    for (let replay = 0; replay < 3; replay++) await dialEnded(call.CallSid, 'completed');
    expect(await statuses(call.CallSid)).toEqual([1, 6, 12, 3]);
    expect(await record(call.CallSid)).toMatchObject({ outcome: 1, live: null, user_id: agent2 });
  });

  it('statuses only move forward: completed, then a late ringing and in-progress, stays completed', async () => {
    const call = newCall();
    await voice('', call);
    await post(t, '/webhooks/twilio/voice/status', { ...call, CallStatus: 'completed', CallDuration: '12' });
    await post(t, '/webhooks/twilio/voice/status', { ...call, CallStatus: 'ringing' });
    await post(t, '/webhooks/twilio/voice/status', { ...call, CallStatus: 'in-progress' });
    // The caller hung up while it rang: missed, and the apps stop ringing.
    expect(await record(call.CallSid)).toMatchObject({ carrier_status: 'completed', outcome: 2, live: null });
    expect(await statuses(call.CallSid)).toEqual([1, 6, 10, 11]);
    expect(rings.some((ring) => ring.event.type === 'stopped' && ring.event.reason === 'caller-hangup')).toBe(
      true,
    );
  });

  it('nobody answers: voicemail, the message filed with its recording and transcription', async () => {
    const call = newCall('+13125550177');
    await voice('', call);
    const overflow = await dialEnded(call.CallSid, 'no-answer');
    expect(overflow.body).toContain('<Record');
    expect(overflow.body).toContain('step=after-voicemail');
    const left = await voice('?step=after-voicemail&ext=1', {
      CallSid: call.CallSid,
      AccountSid: ACCOUNT,
      RecordingUrl: 'https://api.twilio.com/recordings/RE1',
      RecordingDuration: '14',
      RecordingSid: 'RE1',
    });
    expect(left.body).toContain('Thank you for your message');
    // Replayed: still one voicemail.
    await voice('?step=after-voicemail&ext=1', {
      CallSid: call.CallSid,
      AccountSid: ACCOUNT,
      RecordingUrl: 'https://api.twilio.com/recordings/RE1',
      RecordingDuration: '14',
      RecordingSid: 'RE1',
    });
    const row = await record(call.CallSid);
    expect(row).toMatchObject({ outcome: 3, live: null });
    const messages = await t.ctx.db.select().from(voicemails).where(eq(voicemails.call_id, row.id));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      duration: 14,
      recording_url: 'https://api.twilio.com/recordings/RE1',
    });

    await post(t, '/webhooks/twilio/voice/voicemail-transcription', {
      CallSid: call.CallSid,
      AccountSid: ACCOUNT,
      TranscriptionStatus: 'completed',
      TranscriptionText: 'Please call me back about the truck.',
    });
    const [transcribed] = await t.ctx.db.select().from(voicemails).where(eq(voicemails.call_id, row.id));
    expect(transcribed?.transcription).toBe('Please call me back about the truck.');
  });

  it('every agent declined: Twilio reports busy, routing records Rejected (7) and takes a message', async () => {
    const call = newCall();
    await voice('', call);
    const row = await record(call.CallSid);
    for (const email of ['agent@demo.test', 'agent2@demo.test']) {
      const declined = await t.as(email, {
        method: 'POST',
        url: `/api/companies/${row.company_id}/in-app-calling/calls/${row.id}/reject`,
        payload: { joinToken: row.live?.join_token },
      });
      expect(declined.statusCode, declined.body).toBe(200);
    }
    const next = await dialEnded(call.CallSid, 'busy');
    expect(next.body).toContain('<Record');
    expect(await statuses(call.CallSid)).toEqual([1, 6, 7, 4]);
  });

  it('a blocked caller is rejected: outcome blocked (4), Blocked (13)', async () => {
    await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/blocks',
      payload: { company_id: t.ids.companies.demoMotors, target: '+17025550111', global: true },
    });
    const call = newCall('+17025550111');
    const rejected = await voice('', call);
    expect(rejected.body).toContain('<Reject reason="rejected"/>');
    expect(await record(call.CallSid)).toMatchObject({ outcome: 4, live: null });
    expect(await statuses(call.CallSid)).toEqual([1, 13]);
    expect(rings).toHaveLength(0);
  });

  it('live transcription pieces build the transcript per speaker, once each, complete when stopped', async () => {
    const call = newCall();
    await voice('', call);
    const piece = (track: string, transcript: string, at: string) =>
      post(t, '/webhooks/twilio/voice/transcription', {
        CallSid: call.CallSid,
        AccountSid: ACCOUNT,
        TranscriptionEvent: 'transcription-content',
        Track: track,
        Timestamp: at,
        TranscriptionData: JSON.stringify({ transcript, confidence: 0.9 }),
      });
    const started = (await record(call.CallSid)).started_at.getTime();
    await piece('inbound_track', 'Hi, is the truck still for sale?', new Date(started + 2000).toISOString());
    await piece('outbound_track', 'Yes it is.', new Date(started + 5000).toISOString());
    await piece('outbound_track', 'Yes it is.', new Date(started + 5000).toISOString());
    await post(t, '/webhooks/twilio/voice/transcription', {
      CallSid: call.CallSid,
      AccountSid: ACCOUNT,
      TranscriptionEvent: 'transcription-stopped',
    });
    expect((await record(call.CallSid)).transcription).toMatchObject({
      state: 'complete',
      text: 'Hi, is the truck still for sale? Yes it is.',
      segments: [
        { speaker: 2, start: 2 },
        { speaker: 1, start: 5 },
      ],
    });
    await post(t, '/webhooks/twilio/voice/status', { ...call, CallStatus: 'completed' });
  });
});

describe('an outbound call from an agent’s app', () => {
  it('is recorded at once, then dialled from the tracked number when Twilio asks', async () => {
    const placed = await dialOut(t, '(312) 555-0133');
    expect(placed.statusCode, placed.body).toBe(201);
    const body = E.outboundToken.response.parse(placed.json());
    expect(body).toMatchObject({
      kind: 'twilio',
      params: { To: '+13125550133', call_id: String(body.call_id) },
    });
    const sid = `CA${String(++seq).padStart(32, '0')}`;
    const twiml = await voice('', {
      CallSid: sid,
      AccountSid: ACCOUNT,
      From: `client:user-${agent}`,
      To: '+13125550133',
      call_id: String(body.call_id),
    });
    expect(twiml.body).toContain(
      '<Dial callerId="+13125550100" answerOnBridge="true"><Number>+13125550133</Number></Dial>',
    );
    const forged = await voice('', {
      CallSid: `CA${String(++seq).padStart(32, '0')}`,
      AccountSid: ACCOUNT,
      From: `client:user-${agent2}`,
      To: '+13125550133',
      call_id: String(body.call_id),
    });
    expect(forged.body).toContain('not placed from the app');
    await post(t, '/webhooks/twilio/voice/status', {
      CallSid: sid,
      AccountSid: ACCOUNT,
      CallStatus: 'in-progress',
    });
    await post(t, '/webhooks/twilio/voice/status', {
      CallSid: sid,
      AccountSid: ACCOUNT,
      CallStatus: 'completed',
    });
    expect(await record(sid)).toMatchObject({ is_inbound: false, outcome: 1, user_id: agent, live: null });
    expect(await statuses(sid)).toEqual([1, 12, 3]);
  });
});
