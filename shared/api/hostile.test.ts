/**
 * Field names from outside are data: a body or query with a `__proto__` or `constructor` key still gets a 422
 * envelope naming it, and never changes an object's prototype.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationEnvelope } from './errors';
import { parseQuery } from './query';

describe('validationEnvelope with hostile field names', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('names %s', (key) => {
    const body = JSON.parse(`{"name":"x","${key}":1}`);
    const result = z.strictObject({ name: z.string() }).safeParse(body);
    expect(result.success).toBe(false);
    if (result.success) return;
    const envelope = validationEnvelope(result.error);
    expect(Object.keys(envelope.errors)).toEqual([key]);
    expect(Object.getOwnPropertyDescriptor(envelope.errors, key)?.value).toEqual([
      `${key} is not a field of this request.`,
    ]);
    expect(JSON.parse(JSON.stringify(envelope)).errors[key]).toHaveLength(1);
  });
});

describe('parseQuery with hostile keys', () => {
  it('keeps __proto__ as a field, not as the prototype', () => {
    const query = parseQuery('__proto__=1&constructor=2&a=3');
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(Object.keys(query)).toEqual(['__proto__', 'constructor', 'a']);
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });

  it('keeps a malformed escape as written', () => {
    expect(parseQuery('q=%E0%A4%A')).toEqual({ q: '%E0%A4%A' });
  });
});
