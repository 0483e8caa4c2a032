/** The fuzz suite's own parts: the zod → fast-check converter, the JSON writer and the mutation layer. */
import { CONTRACT } from '@shared/api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { arbitraryFor } from './arbitrary';
import { type FuzzRoute, fuzzCases, RawJson, toJsonText } from './mutate';

/** The share of generated values the schema accepts. */
function passRate(schema: z.ZodType, runs = 200): number {
  const values = fc.sample(arbitraryFor(schema), { numRuns: runs, seed: 7 });
  return values.filter((value) => schema.safeParse(value).success).length / values.length;
}

describe('arbitraryFor', () => {
  it('generates values a small schema accepts', () => {
    const schema = z.strictObject({
      name: z.string().trim().min(1).max(20),
      email: z.email(),
      age: z.number().int().min(18).max(120),
      ratio: z.number().gt(0).lt(1),
      role: z.enum(['owner', 'user']),
      kind: z.literal('person'),
      tags: z.array(z.string().max(5)).min(1).max(3),
      note: z.string().nullable().optional(),
      page: z.coerce.number().int().positive().default(1),
      when: z.iso.datetime(),
      zip: z.string().regex(/^\d{5}$/),
      extra: z.record(z.string(), z.boolean()),
      choice: z.discriminatedUnion('type', [
        z.object({ type: z.literal('a'), a: z.number() }),
        z.object({ type: z.literal('b'), b: z.string() }),
      ]),
      both: z.intersection(z.object({ x: z.number() }), z.object({ y: z.string() })),
      trimmed: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
      piped: z
        .string()
        .transform((s) => s.length)
        .pipe(z.number()),
      pair: z.tuple([z.string(), z.number()]),
      anything: z.unknown(),
    });
    expect(passRate(schema)).toBeGreaterThan(0.9);
  });

  it('honours bounds: every value is in range', () => {
    const values = fc.sample(arbitraryFor(z.number().int().min(5).max(7)), { numRuns: 100, seed: 1 });
    expect(values.every((v) => typeof v === 'number' && v >= 5 && v <= 7)).toBe(true);
    const texts = fc.sample(arbitraryFor(z.string().length(4)), { numRuns: 100, seed: 1 });
    expect(texts.every((v) => typeof v === 'string' && v.length === 4)).toBe(true);
  });

  it('mostly passes the real contract’s params, query and body schemas', () => {
    const rates: { where: string; rate: number }[] = [];
    for (const area of Object.values(CONTRACT)) {
      for (const endpoint of Object.values(area)) {
        for (const part of ['params', 'query', 'body'] as const) {
          const schema = endpoint[part as keyof typeof endpoint] as z.ZodType | undefined;
          if (schema)
            rates.push({ where: `${endpoint.method} ${endpoint.path} ${part}`, rate: passRate(schema, 50) });
        }
      }
    }
    const mean = rates.reduce((sum, { rate }) => sum + rate, 0) / rates.length;
    // Refinements (a password and its confirmation, "one of a or b") are not modelled: some schemas pass rarely.
    expect(mean).toBeGreaterThan(0.75);
    expect(rates.filter(({ rate }) => rate === 0).map(({ where }) => where).length).toBeLessThan(
      rates.length / 10,
    );
  });
});

describe('toJsonText', () => {
  it('keeps __proto__ and constructor as own keys', () => {
    const value = JSON.parse('{"a":{"__proto__":{"polluted":true},"constructor":1}}');
    const text = toJsonText(value);
    expect(text).toBe('{"a":{"__proto__":{"polluted":true},"constructor":1}}');
    expect(JSON.stringify(value)).toBe(text);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('writes RawJson as written and survives 5000-deep nesting', () => {
    expect(toJsonText({ id: new RawJson('9007199254740993'), n: new RawJson('1e309') })).toBe(
      '{"id":9007199254740993,"n":1e309}',
    );
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(toJsonText(deep)).toHaveLength(10_001);
  });
});

describe('fuzzCases', () => {
  it('mutates every part of a request, each case labelled', () => {
    const route: FuzzRoute = {
      method: 'POST',
      url: '/api/things/:id',
      params: z.object({ id: z.coerce.number().int().positive() }),
      query: z.object({ companyId: z.coerce.number().int().positive() }),
      body: z.object({ name: z.string(), tags: z.array(z.string()) }),
      scope: { in: 'query', name: 'companyId', kind: 'company' },
    };
    const world = {
      ownCompany: 1,
      otherCompanies: [3],
      organizations: [1],
      recordIds: [1, 2],
      phones: ['+13125550100'],
      emails: ['a@b.test'],
    };
    const cases = fc.sample(fuzzCases(route, world), { numRuns: 500, seed: 3 });
    const kinds = new Set(cases.map((c) => c.label.split(/[ :.]/)[0]));
    for (const kind of ['valid', 'path', 'query', 'body', 'content', 'header', 'session', 'anonymous'])
      expect(kinds, kind).toContain(kind);
    expect(cases.some((c) => c.label.includes('"__proto__"'))).toBe(true);
    // The company comes from the seeded world most of the time.
    expect(
      cases.filter((c) => c.query.startsWith('companyId=1&') || c.query === 'companyId=1').length,
    ).toBeGreaterThan(200);
  });
});
