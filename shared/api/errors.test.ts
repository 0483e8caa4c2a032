import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  classifyFailure,
  ErrorEnvelopeSchema,
  failureLines,
  normalizeFailure,
  retryAfterMs,
  VALIDATION_MESSAGE,
  validationEnvelope,
} from './index';

describe('validationEnvelope: 422 with per-field messages (ARCHITECTURE "Errors")', () => {
  const schema = z.strictObject({
    email: z.email({ message: 'Enter a valid email address.' }),
    contacts: z.array(z.object({ number: z.string().min(1, 'Enter a number.') })),
  });

  it('names each field, dotted for nested ones, and each unknown field', () => {
    const result = schema.safeParse({
      email: 'nope',
      contacts: [{ number: 'ok' }, { number: '' }],
      role: 'owner',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const envelope = validationEnvelope(result.error);
    expect(ErrorEnvelopeSchema.parse(envelope)).toEqual({
      message: VALIDATION_MESSAGE,
      errors: {
        email: ['Enter a valid email address.'],
        'contacts.1.number': ['Enter a number.'],
        role: ['role is not a field of this request.'],
      },
    });
  });

  it('puts problems with the whole body under the empty key, or under a prefix', () => {
    const result = z.object({ a: z.string() }).safeParse('text');
    if (result.success) throw new Error('expected a failure');
    expect(Object.keys(validationEnvelope(result.error).errors)).toEqual(['']);
    expect(Object.keys(validationEnvelope(result.error, 'query').errors)).toEqual(['query']);
  });
});

describe('classifyFailure: §8', () => {
  it.each<[number, unknown, boolean, string]>([
    [401, {}, false, 'sign-out'],
    [500, { message: 'Unauthenticated.' }, false, 'sign-out'],
    [500, 'Unauthenticated', false, 'sign-out'],
    [401, {}, true, 'return'],
    [500, { message: 'Unauthenticated.' }, true, 'return'],
    [500, { message: 'Server Error' }, false, 'return'],
    [400, {}, false, 'show-errors'],
    [403, {}, false, 'show-errors'],
    [422, {}, false, 'show-errors'],
    [429, {}, false, 'retry-later'],
    [404, {}, false, 'return'],
    [409, {}, false, 'return'],
    [503, {}, false, 'return'],
  ])('%i %j (opt out %s) → %s', (status, body, optOut, expected) => {
    expect(classifyFailure(status, body, optOut)).toBe(expected);
  });
});

describe('normalizeFailure: §8 "the response\'s errors field, else the body, else a message under an empty key"', () => {
  const fallback =
    'An unknown error has occurred, please try again or contact support by emailing us at help@demo.test';
  it.each<[string, unknown, Record<string, unknown>]>([
    ['errors field', { message: 'x', errors: { name: ['Taken'] } }, { name: ['Taken'] }],
    ['else the body', { message: 'Conflict' }, { message: 'Conflict' }],
    ['else the fallback', '', { '': [fallback] }],
    ['empty body', {}, { '': [fallback] }],
    ['no body', undefined, { '': [fallback] }],
  ])('%s', (_name, body, errors) => {
    expect(normalizeFailure(409, body, 'help@demo.test')).toEqual({ status: 409, errors });
  });
});

describe('failureLines: §8 "show error titles and details or messages"', () => {
  it.each<[unknown, string[]]>([
    [{ errors: [{ title: 'Forbidden', detail: 'Owners only' }] }, ['Forbidden', 'Owners only']],
    [
      { message: 'The given data was invalid.', errors: { a: ['A is bad'], b: ['B1', 'B2'] } },
      ['A is bad', 'B1', 'B2'],
    ],
    [{ message: 'This action is unauthorized.', errors: {} }, ['This action is unauthorized.']],
    ['Bad Request', ['Bad Request']],
    [null, []],
  ])('%j → %j', (body, expected) => {
    expect(failureLines(body)).toEqual(expected);
  });
});

describe('retryAfterMs: §8 "wait for the retry-after value (default 5000 ms)"', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each<[string | null | undefined, number]>([
    ['2', 2000],
    ['0', 0],
    ['1.5', 1500],
    [null, 5000],
    [undefined, 5000],
    ['', 5000],
    ['soon', 5000],
    ['-3', 5000],
    ['Sun, 22 Nov 2026 12:00:07 GMT', 7000],
    ['Sun, 22 Nov 2026 11:00:00 GMT', 5000],
  ])('%j → %i ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});
