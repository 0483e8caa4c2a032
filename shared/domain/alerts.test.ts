/** Each monitor's settings: the ranges the server enforces name exactly the kind's defaults, which lie within them. */
import { describe, expect, it } from 'vitest';
import { MONITOR_DEFAULTS, MONITOR_KINDS, MONITOR_SETTING_RANGES } from './alerts';

describe.each(MONITOR_KINDS.map(({ value }) => value))('monitor %s', (kind) => {
  it('has a range for each of its settings and no other', () => {
    expect(Object.keys(MONITOR_SETTING_RANGES[kind]).sort()).toEqual(
      Object.keys(MONITOR_DEFAULTS[kind]).sort(),
    );
  });

  it('defaults within its ranges', () => {
    for (const [name, value] of Object.entries(MONITOR_DEFAULTS[kind] as Record<string, number>)) {
      const range = MONITOR_SETTING_RANGES[kind][name];
      expect(value, name).toBeGreaterThanOrEqual(range?.min ?? Number.POSITIVE_INFINITY);
      expect(value, name).toBeLessThanOrEqual(range?.max ?? Number.NEGATIVE_INFINITY);
    }
  });
});
