/**
 * Routing decisions as Twilio TwiML (through the SDK's VoiceResponse), one case per kind of action and per
 * setting that changes the markup. Decisions are written out here, so these cases test only the translation.
 */
import { describe, expect, it } from 'vitest';
import { routingUrls } from './callbacks';
import { decide } from './ring';
import { toTwiml } from './twiml';
import type { DialAction, GatherAction, RoutingAction, VoicemailAction } from './types';

const VOICE = 'https://pbx.test/api/webhooks/twilio/voice';
const urls = routingUrls(VOICE);
const XML = '<?xml version="1.0" encoding="UTF-8"?>';

const menu: GatherAction = {
  type: 'play-greeting-and-gather',
  greeting: null,
  choices: [
    { key: '1', label: 'Sales' },
    { key: '2', label: '' },
  ],
  notice: null,
  timeout: 5,
  numDigits: 1,
  finishOnKey: '#',
  resume: { kind: 'after-gather', attempt: 1 },
};
const menuGather = (attempt: number, attributes = 'numDigits="1" timeout="5" finishOnKey="#"') =>
  `<Gather input="dtmf" ${attributes} action="${VOICE}?step=after-gather&amp;attempt=${attempt}" method="POST" actionOnEmptyResult="true">`;

const ring: DialAction = {
  type: 'dial',
  greeting: null,
  mode: 'simultaneous',
  targets: [{ kind: 'number', number: '+13125550111' }],
  timeout: 20,
  callerId: '+17135550142',
  whisper: null,
  record: false,
  transcribe: false,
  holdMusicId: null,
  resume: { kind: 'after-dial', extension: 1, attempt: 0, tried: [] },
};
const dialOpen = (extra = '', query = 'ext=1&amp;attempt=0') =>
  `<Dial action="${VOICE}?step=after-dial&amp;${query}" method="POST" timeout="20" callerId="+17135550142" answerOnBridge="true"${extra}>`;

const mailbox: VoicemailAction = {
  type: 'voicemail',
  greeting: { audioUrl: 'https://media.test/vm.mp3' },
  maxLength: 300,
  transcribe: false,
  alertEmail: 'desk@demo.test',
  resume: { kind: 'after-voicemail', extension: 1 },
};
const recordVoicemail = (extra = '') =>
  `<Record action="${VOICE}?step=after-voicemail&amp;ext=1" method="POST" maxLength="300" finishOnKey="#" playBeep="true" trim="trim-silence" recordingStatusCallback="${VOICE}/recording"${extra}/>` +
  `<Redirect method="POST">${VOICE}?step=after-voicemail&amp;ext=1</Redirect>`;

const cases: [string, RoutingAction, string][] = [
  ['a blocked caller is rejected', { type: 'reject' }, '<Reject reason="rejected"/>'],
  [
    'a menu without a greeting reads out its choices (an unlabelled one by its key)',
    menu,
    `${menuGather(1)}<Say>For Sales, press 1.</Say><Say>For extension 2, press 2.</Say></Gather>`,
  ],
  [
    'the menu greeting audio plays inside the gather, so a key interrupts it; URLs are escaped',
    { ...menu, greeting: { audioUrl: 'https://media.test/w.mp3?sig=a&x=1' } },
    `${menuGather(1)}<Play>https://media.test/w.mp3?sig=a&amp;x=1</Play></Gather>`,
  ],
  [
    'a retry after an invalid key says so before the menu plays again',
    {
      ...menu,
      notice: 'invalid',
      greeting: { text: 'Welcome to Demo Motors.' },
      resume: { kind: 'after-gather', attempt: 2 },
    },
    `<Say>Sorry, that is not a valid choice.</Say>${menuGather(2)}<Say>Welcome to Demo Motors.</Say></Gather>`,
  ],
  [
    'a retry after no key says it got none',
    { ...menu, notice: 'no-input', greeting: { text: 'Welcome.' } },
    `<Say>Sorry, we did not get your choice.</Say>${menuGather(1)}<Say>Welcome.</Say></Gather>`,
  ],
  [
    'a menu with # as a key and two-digit extensions: no finish key, two digits',
    { ...menu, numDigits: 2, finishOnKey: '', greeting: { text: 'Welcome.' } },
    `${menuGather(1, 'numDigits="2" timeout="5" finishOnKey=""')}<Say>Welcome.</Say></Gather>`,
  ],
  [
    'a forward rings with its timeout and caller ID, ringback kept until the answer',
    ring,
    `${dialOpen()}<Number>+13125550111</Number></Dial>`,
  ],
  [
    'a greeting before ringing plays first',
    { ...ring, greeting: { text: 'Thanks for calling.' } },
    `<Say>Thanks for calling.</Say>${dialOpen()}<Number>+13125550111</Number></Dial>`,
  ],
  [
    'a whisper sends the forwarded-to party to the whisper URL before connecting',
    { ...ring, whisper: { text: 'Sales call', confirmKey: true, waitSec: 10 } },
    `${dialOpen()}<Number url="${VOICE}?step=whisper&amp;ext=1" method="POST">+13125550111</Number></Dial>`,
  ],
  [
    'recording: from the answer, two channels, reported to the recording callback',
    { ...ring, record: true },
    `${dialOpen(` record="record-from-answer-dual" recordingStatusCallback="${VOICE}/recording"`)}<Number>+13125550111</Number></Dial>`,
  ],
  [
    'transcription starts before the first ring, both tracks labelled by speaker',
    { ...ring, transcribe: true },
    `<Start><Transcription statusCallbackUrl="${VOICE}/transcription" track="both_tracks" inboundTrackLabel="client" outboundTrackLabel="agent"/></Start>${dialOpen()}<Number>+13125550111</Number></Dial>`,
  ],
  [
    'agents in the app ring as clients; the agents offered so far ride in the action URL',
    {
      ...ring,
      mode: 'sequential-step',
      targets: [{ kind: 'client', identity: 'user-12', userId: 12 }],
      resume: { kind: 'after-dial', extension: 1, attempt: 1, tried: [11, 12] },
    },
    `${dialOpen('', 'ext=1&amp;attempt=1&amp;tried=11%2C12')}<Client>user-12</Client></Dial>`,
  ],
  [
    'voicemail: the greeting, a Record reporting to the action, and a Redirect when nothing was recorded',
    mailbox,
    `<Play>https://media.test/vm.mp3</Play>${recordVoicemail()}`,
  ],
  [
    'voicemail without a greeting prompts for the message',
    { ...mailbox, greeting: null },
    `<Say>Please leave a message after the tone. Press the pound key when you are finished.</Say>${recordVoicemail()}`,
  ],
  [
    'voicemail transcription asks Twilio to transcribe to the voicemail transcription callback',
    { ...mailbox, transcribe: true },
    `<Play>https://media.test/vm.mp3</Play>${recordVoicemail(` transcribe="true" transcribeCallback="${VOICE}/voicemail-transcription"`)}`,
  ],
  [
    'after a message, goodbye',
    { type: 'hangup', goodbye: true },
    '<Say>Thank you for your message. Goodbye.</Say><Hangup/>',
  ],
  ['the end of a call hangs up', { type: 'hangup', goodbye: false }, '<Hangup/>'],
  [
    'the whisper with a confirm key: said inside a one-key gather that waits confirm_key_wait',
    {
      type: 'whisper',
      whisper: { text: 'Sales call', confirmKey: true, waitSec: 8 },
      resume: { kind: 'whisper-confirm', extension: 1 },
    },
    `<Gather input="dtmf" numDigits="1" timeout="8" action="${VOICE}?step=whisper-confirm&amp;ext=1" method="POST" actionOnEmptyResult="true"><Say>Sales call</Say><Say>Press any key to accept this call.</Say></Gather>`,
  ],
  [
    'a whisper without a confirm key is only said',
    {
      type: 'whisper',
      whisper: { text: 'Sales call', confirmKey: false, waitSec: 10 },
      resume: { kind: 'whisper-confirm', extension: 1 },
    },
    '<Say>Sales call</Say>',
  ],
];

describe('toTwiml', () => {
  it.each(cases)('%s', (_rule, action, body) => {
    expect(toTwiml(decide(action), urls)).toBe(`${XML}<Response>${body}</Response>`);
  });

  it('a live call hands its agents the call id and join token, and hears their answer at the whisper URL', () => {
    const action: DialAction = { ...ring, targets: [{ kind: 'client', identity: 'user-12', userId: 12 }] };
    expect(toTwiml(decide(action), urls, { clientParameters: { call_id: '7', join_token: 'abc' } })).toBe(
      `${XML}<Response>${dialOpen()}<Client url="${VOICE}?step=whisper&amp;ext=1" method="POST"><Identity>user-12</Identity><Parameter name="call_id" value="7"/><Parameter name="join_token" value="abc"/></Client></Dial></Response>`,
    );
  });

  it('connect is an empty response, which bridges the whisper leg', () => {
    expect(toTwiml(decide({ type: 'connect' }), urls)).toBe(`${XML}<Response/>`);
  });
});

/**
 * Issue 33: a greeting's audio address of any scheme was written into <Play>. The contract refuses all but https
 * now; what was stored before is still never played — only https, or our own origin (signed links to greetings
 * uploaded to us, plain http on a development server) — and the greeting's text is spoken instead.
 */
describe('toTwiml plays greeting audio only from https or our own origin', () => {
  const voicemailWith = (audioUrl: string): VoicemailAction => ({
    ...mailbox,
    greeting: { audioUrl, text: 'Leave a message for Demo Motors.' },
  });
  const spoken = '<Say>Leave a message for Demo Motors.</Say>';

  it.each([
    ['https', 'https://media.example.com/vm.mp3', 'plays'],
    [
      'our own signed link, over http on a development server',
      'http://127.0.0.1:8080/api/greetings/4/audio?company=1&expires=9&sig=x',
      'plays',
    ],
    ['plain http elsewhere', 'http://media.example.com/vm.mp3', 'speaks'],
    ['a local file', 'file:///etc/passwd', 'speaks'],
    ['javascript', 'javascript:alert(1)', 'speaks'],
    ['gopher', 'gopher://127.0.0.1:6379/_FLUSHALL', 'speaks'],
    ['a look-alike of our origin', 'http://127.0.0.1:8080@evil.example/vm.mp3', 'speaks'],
    ['https without a host', 'https:///etc/passwd', 'speaks'],
  ])('%s: %s → %s', (_what, audioUrl, outcome) => {
    const own = routingUrls('http://127.0.0.1:8080/api/webhooks/twilio/voice');
    const twiml = toTwiml(decide(voicemailWith(audioUrl)), own);
    const first = outcome === 'plays' ? `<Play>${audioUrl.replaceAll('&', '&amp;')}</Play>` : spoken;
    expect(twiml).toContain(`<Response>${first}<Record `);
  });

  it('a menu whose only greeting is an address it may not play reads out its choices', () => {
    expect(toTwiml(decide({ ...menu, greeting: { audioUrl: 'file:///etc/passwd' } }), urls)).toBe(
      `${XML}<Response>${menuGather(1)}<Say>For Sales, press 1.</Say><Say>For extension 2, press 2.</Say></Gather></Response>`,
    );
  });
});
