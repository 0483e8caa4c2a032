import { describe, expect, it } from 'vitest';
import {
  canPlaceCalls,
  NUMBER_CATEGORIES,
  NUMBER_SEARCH_MODES,
  NUMBER_TYPES,
  PORT_NUMBER_TYPES,
  PORT_SERVICES,
  PORT_STATUSES,
  PROVIDERS,
  planNumberActivation,
  valuesOf,
} from './index';

describe('planNumberActivation: §4 "chosen numbers become active with removal date cleared; unchosen become inactive with removal scheduled 30 days ahead"', () => {
  const numbers = [
    { id: 1, number: '+12015550101', active: false, removal_date: '2026-12-01T00:00:00.000Z' },
    { id: 2, number: '+12015550102', active: true, removal_date: null },
    { id: 3, number: '+12015550103', active: true, removal_date: null },
  ];

  it.each<[string, (number | string)[], [boolean, string | null][]]>([
    [
      'some chosen',
      [1, 3],
      [
        [true, null],
        [false, '2026-12-22T12:00:00.000Z'],
        [true, null],
      ],
    ],
    [
      'none chosen',
      [],
      [
        [false, '2026-12-22T12:00:00.000Z'],
        [false, '2026-12-22T12:00:00.000Z'],
        [false, '2026-12-22T12:00:00.000Z'],
      ],
    ],
    [
      'ids as strings',
      ['2'],
      [
        [false, '2026-12-22T12:00:00.000Z'],
        [true, null],
        [false, '2026-12-22T12:00:00.000Z'],
      ],
    ],
  ])('%s', (_name, chosen, expected) => {
    const plan = planNumberActivation(numbers, chosen, new Date('2026-11-22T12:00:00.000Z'));
    expect(plan.map((n) => [n.active, n.removal_date])).toEqual(expected);
    expect(plan.map((n) => n.number)).toEqual(numbers.map((n) => n.number));
  });

  it('accepts now as an ISO string, and leaves the input untouched', () => {
    const plan = planNumberActivation(numbers, [], '2026-01-31T00:00:00Z');
    expect(plan[0]?.removal_date).toBe('2026-03-02T00:00:00.000Z');
    expect(numbers[1]?.active).toBe(true);
  });
});

describe('number code lists (§3, §5)', () => {
  it('§3 "Number-type codes: 1 Toll-Free Voice & SMS, 2 Local Voice & SMS, 3 Fax number, 4 Bulk numbers"', () => {
    expect(NUMBER_TYPES.map((t) => [t.value, t.label])).toEqual([
      [1, 'Toll-Free Voice & SMS'],
      [2, 'Local Voice & SMS'],
      [3, 'Fax number'],
      [4, 'Bulk numbers'],
    ]);
  });

  it('§3 "Number categories: Voice & SMS 1, International 2, Fax 3"', () => {
    expect(NUMBER_CATEGORIES.map((t) => [t.value, t.label])).toEqual([
      [1, 'Voice & SMS'],
      [2, 'International'],
      [3, 'Fax'],
    ]);
  });

  it('§3 "Provider codes 1 to 4"', () => {
    expect(valuesOf(PROVIDERS)).toEqual([1, 2, 3, 4]);
  });

  it('§5 "Number search modes: Contains, Starts with, Ends with"', () => {
    expect(NUMBER_SEARCH_MODES.map((m) => m.label)).toEqual(['Contains', 'Starts with', 'Ends with']);
  });

  it('§3 "Port status: pending, documentsRequested. Port number type: 1 local, 2 toll free, 3 Canadian. Port service: 1 voice and SMS, 2 fax."', () => {
    expect(valuesOf(PORT_STATUSES)).toEqual(['pending', 'documentsRequested']);
    expect(PORT_NUMBER_TYPES.map((t) => [t.value, t.label])).toEqual([
      [1, 'Local'],
      [2, 'Toll free'],
      [3, 'Canadian'],
    ]);
    expect(PORT_SERVICES.map((t) => [t.value, t.label])).toEqual([
      [1, 'Voice and SMS'],
      [2, 'Fax'],
    ]);
  });
});

describe('canPlaceCalls: §3 "Fax number" takes and places no voice calls', () => {
  it.each(NUMBER_TYPES.map((type) => [type.value, type.label, type.value !== 3] as const))(
    'type %i (%s) → %s',
    (type, _label, expected) => {
      expect(canPlaceCalls(type)).toBe(expected);
    },
  );
});
