import type { DniPool } from '@shared/api/dni';
import type { TrackedNumber } from '@shared/api/numbers';
import { describe, expect, it } from 'vitest';
import {
  choosableNumbers,
  fallbackChoices,
  isPoolField,
  NEW_POOL,
  pathOf,
  peakShare,
  pickNumbers,
  placePoolMessage,
  poolBody,
  poolProblems,
  poolValues,
} from './poolForm';

const number = (id: number, status: TrackedNumber['status'] = 'active'): TrackedNumber => ({
  id,
  number: `+1312555010${id}`,
  label: `Line ${id}`,
  tags: [],
  type: 2,
  sms_enabled: true,
  call_transcription_enabled: false,
  status,
  remove_at: null,
  unread_messages_count: 0,
  hasNotificationBlocks: false,
});

const pool = (id: number, numberIds: number[], fallback: number | null = null): DniPool => ({
  id,
  company_id: 1,
  name: `Pool ${id}`,
  type: 'session',
  sources: [{ id: 7, name: 'Google Ads' }],
  numbers: numberIds.map((n) => ({
    id: n,
    number: `+1312555010${n}`,
    label: null,
    source: null,
    in_use: false,
  })),
  target_numbers: ['+13125550199'],
  lease_minutes: 30,
  cooldown_minutes: 10,
  fallback_number: fallback ? { id: fallback, number: `+1312555010${fallback}`, label: null } : null,
  live_sessions: 0,
  peak_sessions_30d: 3,
  fallbacks_30d: 0,
  calls_30d: 0,
  eavAttributeValues: [{ attribute_id: 4, value: 'Q4 budget' }],
  advice: { hot: false, add: 0, message: null },
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
});

const session = {
  ...NEW_POOL,
  name: 'Google Ads',
  source_ids: ['7'],
  numbers: [{ number_id: 1, source_id: null }],
  target_numbers: ['(312) 555-0199'],
  fallback_number_id: '9',
};

describe('the pool form and the contract', () => {
  it('reads a pool into the form and sends it back as the contract takes it', () => {
    const values = poolValues(pool(3, [1, 2], 9));
    expect(values).toMatchObject({
      source_ids: ['7'],
      fallback_number_id: '9',
      target_numbers: ['(312) 555-0199'],
    });
    expect(poolBody(values)).toEqual({
      name: 'Pool 3',
      type: 'session',
      source_ids: [7],
      numbers: [
        { number_id: 1, source_id: null },
        { number_id: 2, source_id: null },
      ],
      target_numbers: ['(312) 555-0199'],
      lease_minutes: 30,
      cooldown_minutes: 10,
      fallback_number_id: 9,
      eavAttributeValues: [{ attribute_id: 4, value: 'Q4 budget' }],
    });
  });

  it('starts a new pool with the lease and cool-down defaults of shared/domain/dni.ts', () => {
    expect(poolValues(null)).toMatchObject({ type: 'session', lease_minutes: 30, cooldown_minutes: 10 });
  });

  it('sends only the choices of the type chosen: a static pool’s sources are per number', () => {
    const body = poolBody({
      ...session,
      type: 'static',
      numbers: [{ number_id: 1, source_id: '7' }],
    });
    expect(body.source_ids).toEqual([]);
    expect(body.numbers).toEqual([{ number_id: 1, source_id: 7 }]);
    // And a session pool never sends a number's source left from before the type changed.
    expect(poolBody({ ...session, numbers: [{ number_id: 1, source_id: '7' }] }).numbers).toEqual([
      { number_id: 1, source_id: null },
    ]);
  });

  it('checks the form with the contract’s own messages, each on its field', () => {
    expect(poolProblems(session)).toEqual({});
    const problems = poolProblems({
      ...session,
      name: ' ',
      source_ids: [],
      fallback_number_id: null,
      target_numbers: [],
    });
    expect(problems).toEqual({
      name: 'Name the pool.',
      source_ids: 'Choose the sources this pool serves.',
      fallback_number_id: 'Choose the number visitors see when every pool number is in use.',
      target_numbers: 'Give at least one number shown on your website, so the script knows what to replace.',
    });
  });

  it('puts a static number’s missing source beside that number', () => {
    const problems = poolProblems({
      ...session,
      type: 'static',
      numbers: [
        { number_id: 1, source_id: '7' },
        { number_id: 2, source_id: null },
      ],
    });
    expect(problems).toEqual({ 'numbers.1.source_id': 'Choose the source this number is for.' });
    expect(isPoolField('numbers.1.source_id')).toBe(true);
  });

  it('names the website number a message is about, on the one input that holds them all', () => {
    const problems = poolProblems({ ...session, target_numbers: ['(312) 555-0199', 'call us'] });
    expect(problems).toEqual({ target_numbers: 'call us: Write a phone number like (312) 555-0100.' });
  });

  it('places a server’s message on a pool number on the picker, naming the number', () => {
    const placed = placePoolMessage(
      pathOf('numbers.0.number_id'),
      'This number is in another pool.',
      session,
      (id) => `Line ${id}`,
    );
    expect(placed).toEqual({ field: 'numbers', message: 'Line 1: This number is in another pool.' });
    expect(placePoolMessage(pathOf('lease_minutes'), 'Too long.', session)).toEqual({
      field: 'lease_minutes',
      message: 'Too long.',
    });
    expect(isPoolField('company_id')).toBe(false);
  });
});

describe('which numbers a pool may take (§7: none may be in another pool)', () => {
  const numbers = [number(1), number(2), number(3), number(4, 'inactive'), number(9)];

  it('leaves out other pools’ numbers and fallbacks, numbers being released, and its own fallback', () => {
    const others = [pool(5, [2], 3)];
    const choosable = choosableNumbers(numbers, others, { numbers: [], fallback_number_id: '9' }, null);
    expect(choosable.map((n) => n.id)).toEqual([1]);
  });

  it('keeps the pool’s own numbers choosable when editing it, whatever their state', () => {
    const own = pool(5, [2, 4]);
    const choosable = choosableNumbers(
      numbers,
      [own],
      {
        numbers: [
          { number_id: 2, source_id: null },
          { number_id: 4, source_id: null },
        ],
        fallback_number_id: null,
      },
      5,
    );
    expect(choosable.map((n) => n.id)).toEqual([1, 2, 3, 4, 9]);
  });

  it('offers as fallback any active number outside the pool that no other pool lends out; pools may share one', () => {
    const others = [pool(5, [2], 9)];
    const choices = fallbackChoices(
      numbers,
      others,
      { numbers: [{ number_id: 1, source_id: null }], fallback_number_id: null },
      null,
    );
    expect(choices.map((n) => n.id)).toEqual([3, 9]);
  });
});

describe('picking numbers and reading utilisation', () => {
  it('keeps a kept number’s source and starts a new one without', () => {
    expect(pickNumbers([{ number_id: 1, source_id: '7' }], ['1', '2'])).toEqual([
      { number_id: 1, source_id: '7' },
      { number_id: 2, source_id: null },
    ]);
  });

  it('says the 30-day peak as a share of the numbers (peak sessions ÷ numbers)', () => {
    expect(peakShare(pool(1, [1, 2, 3, 4]))).toBe('75%');
    expect(peakShare(pool(1, []))).toBe('—');
  });
});
