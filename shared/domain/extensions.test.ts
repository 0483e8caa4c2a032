import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXTENSION_CONFIG,
  deriveRoutingType,
  EXTENSION_KEY_CODES,
  extensionKeyLabel,
  FORWARD_TYPES,
  newExtensionConfig,
  nextExtension,
  normalizeRoutes,
  prepareForwardsForSave,
  valuesOf,
} from './index';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('nextExtension: §5 "highest existing plus 1. If that exceeds 25 and fewer than 25 exist, the lowest unused from 0 to 24 is used. With none, 0."', () => {
  it.each<[string, number[], number]>([
    ['none → 0', [], 0],
    ['one → highest + 1', [1], 2],
    ['unordered → highest + 1', [3, 1, 2], 4],
    ['gaps do not matter below the cap', [0, 5], 6],
    ['24 → 25 (25 does not exceed 25)', [24], 25],
    ['0..24, 25 of them → 25', range(0, 24), 25],
    ['25 exceeds with 1 existing → lowest unused 0', [25], 0],
    ['0 and 25 → 1', [0, 25], 1],
    ['0..10 and 25 → 11', [...range(0, 10), 25], 11],
    ['0..23 and 25 (25 exist, not fewer) → 26', [...range(0, 23), 25], 26],
    ['1..24 and 25 (25 exist) → 26', range(1, 25), 26],
    ['0..22 and 25 (24 exist) → 23', [...range(0, 22), 25], 23],
    ['all 0..25 → 26', range(0, 25), 26],
    ['duplicates count once: [25, 25] → 0', [25, 25], 0],
  ])('%s', (_name, existing, expected) => {
    expect(nextExtension(existing)).toBe(expected);
  });
});

describe('DEFAULT_EXTENSION_CONFIG: §3 "Default extension config"', () => {
  it('has every default the spec lists, and nothing else', () => {
    expect(DEFAULT_EXTENSION_CONFIG).toEqual({
      extension: 1,
      label: '',
      forwards: [],
      stagger: false,
      caller_id_pass_thru: true,
      type: 'standard',
      confirm_key: false,
      confirm_key_wait: 10,
      timeout: 20,
      onhold_music_id: null,
      geo_by_state_enabled: false,
      geo_by_state_static_fallback: true,
      confirm_whisper: '',
      email_alert_address: '',
      voicemail_enabled: false,
      round_robin: 'none',
    });
  });

  it('cannot be changed by accident; newExtensionConfig gives a mutable copy', () => {
    expect(Object.isFrozen(DEFAULT_EXTENSION_CONFIG)).toBe(true);
    const copy = newExtensionConfig(3);
    copy.forwards.push({ number: '+12015550123' });
    expect(copy.extension).toBe(3);
    expect(DEFAULT_EXTENSION_CONFIG.forwards).toEqual([]);
    expect(newExtensionConfig().extension).toBe(1);
  });
});

describe('prepareForwardsForSave: §3 "entries with an empty number are dropped and the last three fields are cleared"', () => {
  it.each([
    ['empty list', [], []],
    [
      'drops empty and blank numbers',
      [{ number: '' }, { number: '   ' }, { number: '+12015550123' }],
      [{ number: '+12015550123' }],
    ],
    [
      'clears isValid, usingIntNumber, updated_at',
      [{ number: '+12015550123', isValid: true, usingIntNumber: false, updated_at: '2026-01-01 00:00:00' }],
      [{ number: '+12015550123' }],
    ],
    [
      'keeps other fields and the order',
      [
        { number: '2', label: 'b', isValid: false },
        { number: '1', label: 'a', updated_at: null },
      ],
      [
        { number: '2', label: 'b' },
        { number: '1', label: 'a' },
      ],
    ],
  ])('%s', (_name, input, expected) => {
    const result = prepareForwardsForSave(input as { number: string }[]);
    expect(result).toEqual(expected);
    for (const forward of result) {
      expect(Object.keys(forward)).not.toContain('isValid');
      expect(Object.keys(forward)).not.toContain('usingIntNumber');
      expect(Object.keys(forward)).not.toContain('updated_at');
    }
  });

  it('does not modify the entries it was given', () => {
    const input = [{ number: '1', isValid: true }];
    prepareForwardsForSave(input);
    expect(input).toEqual([{ number: '1', isValid: true }]);
  });
});

describe('normalizeRoutes: §3 "Entries are sorted by extension. A missing extension becomes 1."', () => {
  it.each([
    ['empty', [], []],
    ['sorted by extension', [{ extension: 3 }, { extension: 0 }, { extension: 2 }], [0, 2, 3]],
    ['missing becomes 1 and sorts there', [{ extension: 2 }, {}, { extension: 0 }], [0, 1, 2]],
    ['null becomes 1', [{ extension: null }], [1]],
    [
      'key codes sort after digits',
      [{ extension: 65535 }, { extension: 5 }, { extension: 65534 }],
      [5, 65534, 65535],
    ],
  ])('%s', (_name, input, expectedExtensions) => {
    const routes = (input as { extension?: number | null }[]).map((route) => ({ ...route, forwards: [] }));
    expect(normalizeRoutes(routes).map((route) => route.extension)).toEqual(expectedExtensions);
  });

  it('keeps equal extensions in their order and carries the forwards along', () => {
    const routes = [{ extension: 1, forwards: [{ number: 'a' }] }, { forwards: [{ number: 'b' }] }];
    expect(normalizeRoutes(routes)).toEqual([
      { extension: 1, forwards: [{ number: 'a' }] },
      { extension: 1, forwards: [{ number: 'b' }] },
    ]);
  });
});

describe('§3 "Extension key choices: * (65535), # (65534)"', () => {
  it('has the codes', () => {
    expect(EXTENSION_KEY_CODES).toEqual({ '*': 65535, '#': 65534 });
  });

  it.each([
    [65535, '*'],
    [65534, '#'],
    [0, '0'],
    [25, '25'],
  ])('extension %i is pressed as %j', (extension, key) => {
    expect(extensionKeyLabel(extension)).toBe(key);
  });
});

describe('§3 "Forward types: standard, simultaneous, sequential, geo, voicemail, in-app-calling"', () => {
  it('lists them in order', () => {
    expect(valuesOf(FORWARD_TYPES)).toEqual([
      'standard',
      'simultaneous',
      'sequential',
      'geo',
      'voicemail',
      'in-app-calling',
    ]);
  });

  it.each([
    [{ forwardCount: 0, stagger: false }, 'standard'],
    [{ forwardCount: 1, stagger: true }, 'standard'],
    [{ forwardCount: 2, stagger: false }, 'simultaneous'],
    [{ forwardCount: 3, stagger: true }, 'sequential'],
    [{ forwardCount: 3, stagger: true, schedulePreset: 5 }, 'voicemail'],
    [{ forwardCount: 1, stagger: false, voicemail: true }, 'voicemail'],
  ])(
    'routing type of %j is %s (§3 "derived from forward count, staggered and hours preset")',
    (input, expected) => {
      expect(deriveRoutingType(input)).toBe(expected);
    },
  );
});
