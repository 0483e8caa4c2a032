/**
 * The voice webhook's query and Twilio's fields ↔ routing steps: every resume state survives the round trip,
 * Twilio's statuses map to dial outcomes, and a query routing did not write is refused.
 */
import { describe, expect, it } from 'vitest';
import { parseStep, type RoutingUrls, routingUrls } from './callbacks';
import type { Resume, RoutingStep } from './types';

const VOICE = 'https://pbx.test/api/webhooks/twilio/voice';
const urls: RoutingUrls = routingUrls(VOICE);

/** The query Twilio sends back: the action URL's own. */
function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

describe('routingUrls', () => {
  it.each<[string, Resume, string]>([
    ['menu', { kind: 'after-gather', attempt: 2 }, `${VOICE}?step=after-gather&attempt=2`],
    [
      'dial',
      { kind: 'after-dial', extension: 3, attempt: 1, tried: [] },
      `${VOICE}?step=after-dial&ext=3&attempt=1`,
    ],
    [
      'rotation',
      { kind: 'after-dial', extension: 65535, attempt: 1, tried: [11, 12] },
      `${VOICE}?step=after-dial&ext=65535&attempt=1&tried=11%2C12`,
    ],
    ['number voicemail', { kind: 'after-voicemail', extension: null }, `${VOICE}?step=after-voicemail`],
    ['whisper confirm', { kind: 'whisper-confirm', extension: 1 }, `${VOICE}?step=whisper-confirm&ext=1`],
  ])('the %s action URL carries its resume state', (_name, resume, url) => {
    expect(urls.action(resume)).toBe(url);
  });

  it('a voice URL that already has a query keeps it', () => {
    expect(routingUrls(`${VOICE}?company=4`).whisper(2)).toBe(`${VOICE}?company=4&step=whisper&ext=2`);
  });
});

describe('parseStep', () => {
  it.each<[string, string, Record<string, string>, RoutingStep]>([
    ['a call with no step is a new call', VOICE, { CallSid: 'CA1' }, { kind: 'start' }],
    [
      'the menu answer reads Digits',
      urls.action({ kind: 'after-gather', attempt: 1 }),
      { Digits: '*' },
      { kind: 'after-gather', attempt: 1, digits: '*' },
    ],
    [
      'no digits is an empty answer',
      urls.action({ kind: 'after-gather', attempt: 2 }),
      {},
      { kind: 'after-gather', attempt: 2, digits: '' },
    ],
    [
      'a dial reads DialCallStatus',
      urls.action({ kind: 'after-dial', extension: 2, attempt: 1, tried: [] }),
      { DialCallStatus: 'no-answer' },
      { kind: 'after-dial', extension: 2, attempt: 1, tried: [], outcome: 'no-answer' },
    ],
    [
      'the agents offered come back from the query',
      urls.action({ kind: 'after-dial', extension: 1, attempt: 1, tried: [11, 12] }),
      { DialCallStatus: 'busy' },
      { kind: 'after-dial', extension: 1, attempt: 1, tried: [11, 12], outcome: 'busy' },
    ],
    [
      'Twilio "answered" is a completed call',
      urls.action({ kind: 'after-dial', extension: 1, attempt: 0, tried: [] }),
      { DialCallStatus: 'answered' },
      { kind: 'after-dial', extension: 1, attempt: 0, tried: [], outcome: 'completed' },
    ],
    [
      'an unknown dial status counts as failed',
      urls.action({ kind: 'after-dial', extension: 1, attempt: 0, tried: [] }),
      { DialCallStatus: 'exploded' },
      { kind: 'after-dial', extension: 1, attempt: 0, tried: [], outcome: 'failed' },
    ],
    [
      'Twilio "canceled": the caller hung up while it rang',
      urls.action({ kind: 'after-dial', extension: 1, attempt: 0, tried: [] }),
      { DialCallStatus: 'canceled' },
      { kind: 'caller-hangup' },
    ],
    [
      'a recording with a duration is a message left',
      urls.action({ kind: 'after-voicemail', extension: 1 }),
      { RecordingUrl: 'https://api.twilio.com/rec/RE1', RecordingDuration: '12' },
      { kind: 'after-voicemail', extension: 1, recorded: true },
    ],
    [
      'a zero-second recording is none',
      urls.action({ kind: 'after-voicemail', extension: null }),
      { RecordingUrl: 'https://api.twilio.com/rec/RE1', RecordingDuration: '0' },
      { kind: 'after-voicemail', extension: null, recorded: false },
    ],
    [
      'the Redirect after an empty Record brings no recording',
      urls.action({ kind: 'after-voicemail', extension: null }),
      {},
      { kind: 'after-voicemail', extension: null, recorded: false },
    ],
    ['the whisper URL', urls.whisper(4), {}, { kind: 'whisper', extension: 4 }],
    [
      'the whisper confirmation reads Digits',
      urls.action({ kind: 'whisper-confirm', extension: 4 }),
      { Digits: '1' },
      { kind: 'whisper-confirm', extension: 4, digits: '1' },
    ],
  ])('%s', (_rule, url, body, step) => {
    expect(parseStep(queryOf(url), body)).toEqual(step);
  });

  it.each<[string, Record<string, string>]>([
    ['an unknown step', { step: 'teleport' }],
    ['a dial without its extension', { step: 'after-dial', attempt: '0' }],
    ['agents that are not ids', { step: 'after-dial', ext: '1', attempt: '0', tried: '11,<script>' }],
    ['a menu answer without its attempt', { step: 'after-gather' }],
    ['a whisper without its extension', { step: 'whisper' }],
  ])('refuses %s', (_rule, query) => {
    expect(parseStep(query, { DialCallStatus: 'completed' })).toBeNull();
  });
});
