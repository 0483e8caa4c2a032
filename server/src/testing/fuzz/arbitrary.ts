/**
 * `arbitraryFor(schema)`: a fast-check arbitrary of plausible *valid inputs* for a zod 4 schema, read from the
 * schema's definition (`schema._zod.def`). No published package does this for zod 4 (zod-fast-check stops at
 * zod 3 and fast-check 3), and the fuzz suite only needs inputs that usually pass validation, so that its
 * mutations (mutate.ts) start from something the route would accept and reach the handler.
 *
 * What it honours: types, optional/nullable/default, enums and literals, min/max/length of strings and arrays,
 * bounds and integer-ness of numbers, the formats the contract uses (email, url, ISO date and date-time, uuid,
 * regex). What it ignores: `.refine`/`.superRefine` and transforms' own rules, so a share of the values fail
 * validation; that is fine here. A kind it does not know becomes `fc.anything()`.
 *
 * `hint(key, schema)` lets the caller swap in its own arbitrary for an object property by name (the fuzz suite
 * uses it to give `companyId`, `*_id` and phone-number fields values that exist in the seeded database).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { type CheckDef, type Def, defOf } from '../../lib/zodDef';

export type Hint = (key: string, schema: z.ZodType) => fc.Arbitrary<unknown> | undefined;

export interface ArbitraryOptions {
  hint?: Hint;
  /** Nesting past which recursive schemas (z.lazy) stop growing. */
  maxDepth?: number;
}

/** Whether an object property may be left out (`.optional()`, `.default()`, `.prefault()`...). */
export function isOptionalKey(schema: z.ZodType): boolean {
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
}

function checksOf(def: Def): CheckDef[] {
  return (def.checks ?? []).map((check) => check._zod.def);
}

/** Sizes are kept small: valid inputs only need to be plausible; huge ones are the mutation layer's job. */
const EXTRA_LENGTH = 24;
const EXTRA_ITEMS = 4;

export function arbitraryFor(schema: z.ZodType, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return build(schema, options, 0);
}

function build(schema: z.ZodType, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const maxDepth = options.maxDepth ?? 6;
  const inner = (next: z.ZodType) => build(next, options, depth + 1);

  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
    case 'boolean':
      // `z.coerce.boolean()` takes anything; send real booleans either way.
      return fc.boolean();
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'nan':
      return fc.constant(Number.NaN);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'any':
    case 'unknown':
      // Sent as JSON, so JSON values.
      return fc.jsonValue({ maxDepth: 2 });

    case 'optional':
      return fc.option(inner(def.innerType as z.ZodType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType as z.ZodType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      // Left out, the default applies; sent, it must be valid.
      return fc.option(inner(def.innerType as z.ZodType), { nil: undefined, freq: 3 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
    case 'promise':
      return inner(def.innerType as z.ZodType);

    case 'pipe': {
      // `z.preprocess(fn, s)` is pipe(transform, s) and `a.transform(f).pipe(b)` is pipe(pipe(a, transform), b):
      // the input is what the first stage reads, unless that stage is a bare transform (then the second's).
      // A pipe between two schemas of one type (`z.string().trim().pipe(z.email())`) is generated from the
      // second, the stricter; a value it accepts passes the first as well.
      const first = def.in as z.ZodType;
      const second = def.out as z.ZodType;
      const firstType = defOf(first).type;
      return firstType === 'transform' || firstType === defOf(second).type ? inner(second) : inner(first);
    }
    case 'transform':
      // A bare transform accepts anything its function does; we cannot know what.
      return fc.jsonValue({ maxDepth: 1 });

    case 'object':
      return objectArbitrary(def.shape ?? {}, options, depth);
    case 'array': {
      if (depth >= maxDepth) return fc.constant([]);
      const { min, max } = lengthBounds(def, 0);
      return fc.array(inner(def.element as z.ZodType), {
        minLength: min,
        maxLength: Math.max(min, Math.min(max, min + EXTRA_ITEMS)),
      });
    }
    case 'tuple': {
      const items = (def.items ?? []).map(inner);
      const rest = def.rest ? fc.array(inner(def.rest), { maxLength: EXTRA_ITEMS }) : fc.constant([]);
      return fc.tuple(fc.tuple(...items), rest).map(([head, tail]) => [...head, ...tail]);
    }
    case 'record': {
      const keyDef = defOf(def.keyType as z.ZodType);
      const value = inner(def.valueType as z.ZodType);
      // An enum-keyed record needs every key (zod 4 records are exhaustive over enums).
      if (keyDef.type === 'enum') {
        const keys = Object.values(keyDef.entries ?? {}).map(String);
        return fc.record(Object.fromEntries(keys.map((key) => [key, value])));
      }
      const key = fc.string({ minLength: 1, maxLength: 12 });
      return fc.dictionary(key, value, { maxKeys: depth >= maxDepth ? 0 : EXTRA_ITEMS });
    }
    case 'map':
    case 'set':
      return fc.constant({});

    case 'union':
      // Discriminated unions are unions in zod 4 (with `discriminator` set); any option will do.
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'intersection':
      return fc
        .tuple(inner(def.left as z.ZodType), inner(def.right as z.ZodType))
        .map(([a, b]) => merge(a, b));
    case 'lazy':
      return depth >= maxDepth ? fc.constant(null) : inner((def.getter as () => z.ZodType)());

    default:
      return fc.anything();
  }
}

function objectArbitrary(
  shape: Record<string, z.ZodType>,
  options: ArbitraryOptions,
  depth: number,
): fc.Arbitrary<unknown> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, value] of Object.entries(shape)) {
    fields[key] = options.hint?.(key, value) ?? build(value, options, depth + 1);
    if (!isOptionalKey(value)) requiredKeys.push(key);
  }
  return fc.record(fields, { requiredKeys });
}

function merge(a: unknown, b: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  return isObject(a) && isObject(b) ? { ...a, ...b } : b;
}

function lengthBounds(def: Def, defaultMin: number): { min: number; max: number } {
  let min = defaultMin;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) min = Math.max(min, check.minimum);
    if (check.check === 'max_length' && check.maximum !== undefined) max = Math.min(max, check.maximum);
    if (check.check === 'length_equals' && check.length !== undefined) {
      min = check.length;
      max = check.length;
    }
  }
  return { min, max: Math.max(min, max) };
}

/** A format the string must have: `z.email()` keeps it on the definition, `z.string().email()` in a check. */
function formatOf(def: Def): { format: string; pattern?: RegExp } | undefined {
  if (def.format) return { format: def.format, pattern: def.pattern };
  for (const check of checksOf(def)) {
    if (check.check === 'string_format' && check.format)
      return { format: check.format, pattern: check.pattern };
  }
  return undefined;
}

const word = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
    minLength: min,
    maxLength: max,
  });

function stringArbitrary(def: Def): fc.Arbitrary<unknown> {
  const { min, max } = lengthBounds(def, 0);
  const format = formatOf(def);
  const within = (arbitrary: fc.Arbitrary<string>) =>
    arbitrary.filter((text) => text.length >= min && text.length <= max);
  switch (format?.format) {
    case 'email':
      // fast-check's emailAddress() allows forms zod's stricter email pattern refuses; this shape passes both.
      return within(fc.tuple(word(1, 10), word(1, 10)).map(([local, host]) => `${local}@${host}.test`));
    case 'url':
      return within(fc.webUrl());
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'datetime':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'time':
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    case 'regex':
      if (format.pattern) return within(fc.stringMatching(format.pattern, { size: 'small' }));
      break;
  }
  if (format?.pattern) return within(fc.stringMatching(format.pattern, { size: 'small' }));
  const maxLength = Math.max(min, Math.min(max, min + EXTRA_LENGTH));
  // Mostly plain words (they pass `.trim().min(1)`), sometimes any printable text.
  return fc.oneof(
    { weight: 3, arbitrary: word(Math.max(min, 0), maxLength) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength }) },
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<unknown> {
  let min = Number.NEGATIVE_INFINITY;
  let max = Number.POSITIVE_INFINITY;
  let minExclusive = false;
  let maxExclusive = false;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format') integer = /int/.test(check.format ?? '');
    if (check.check === 'greater_than' && check.value !== undefined && Number(check.value) >= min) {
      min = Number(check.value);
      minExclusive = !check.inclusive;
    }
    if (check.check === 'less_than' && check.value !== undefined && Number(check.value) <= max) {
      max = Number(check.value);
      maxExclusive = !check.inclusive;
    }
  }
  // Plausible values are small: ids, counts, pages. Bounds past ±1e6 are clamped to it.
  if (integer) {
    const lowest = Number.isFinite(min)
      ? Math.floor(min) + (minExclusive || !Number.isInteger(min) ? 1 : 0)
      : -1000;
    const highest = Number.isFinite(max)
      ? Math.ceil(max) - (maxExclusive || !Number.isInteger(max) ? 1 : 0)
      : 1e6;
    const low = Math.max(lowest, -1e6);
    const high = Math.max(low, Math.min(highest, 1e6));
    return fc.oneof(
      // Mostly near the low end (page 1, id 3, 10 items)...
      { weight: 3, arbitrary: fc.integer({ min: low, max: Math.min(high, Math.max(low, 0) + 100) }) },
      // ...sometimes anywhere in range.
      { weight: 1, arbitrary: fc.integer({ min: low, max: high }) },
    );
  }
  const low = Number.isFinite(min) ? min : -1e6;
  const high = Number.isFinite(max) ? max : 1e6;
  return fc.double({
    min: low,
    max: Math.max(low, high),
    minExcluded: minExclusive,
    maxExcluded: maxExclusive,
    noNaN: true,
    noDefaultInfinity: true,
  });
}
