/**
 * The mutation layer: from a route's valid input (arbitrary.ts) to a hostile request. One case changes one thing
 * (a body field, a key, the whole body, a path segment, the query, the content type, a header, the cookies), so
 * a 5xx names what caused it; a share of cases stays valid so handlers see real work too.
 *
 * Requests are described as data (`FuzzCase`) and turned into `app.inject` options by the suite. JSON bodies are
 * written by `toJsonText`, not `JSON.stringify`, so that `__proto__` travels as an own key (an object made by
 * `JSON.parse('{"__proto__":…}')` has it as an own key; `toJsonText` keeps it) and numbers JavaScript cannot hold
 * (9007199254740993, 1e309, -0) are sent exactly as written (`RawJson`).
 */
import { serializeQuery } from '@shared/api/query';
import fc from 'fast-check';
import type { z } from 'zod';
import { defOf } from '../../lib/zodDef';
import type { Part } from '../../modules/messaging/testing';
import { arbitraryFor, type Hint } from './arbitrary';

// ───────────────────────────── JSON text ─────────────────────────────

/** JSON text sent as written (a number JavaScript would round, Infinity by overflow). */
export class RawJson {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** JSON text of a value, keeping own `__proto__` keys and `RawJson` as written. Iterative: nesting is deep. */
export function toJsonText(value: unknown): string {
  const out: string[] = [];
  // A stack of work: values to write, or literal text.
  const stack: ({ text: string } | { value: unknown })[] = [{ value }];
  while (stack.length) {
    const item = stack.pop() as { text: string } | { value: unknown };
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const v = item.value;
    if (v instanceof RawJson) out.push(v.text);
    else if (v === undefined || typeof v === 'function' || typeof v === 'symbol') out.push('null');
    else if (typeof v === 'bigint') out.push(v.toString());
    else if (typeof v === 'number') out.push(Number.isFinite(v) ? String(v) : 'null');
    else if (v === null || typeof v !== 'object') out.push(JSON.stringify(v));
    else if (v instanceof Date) out.push(JSON.stringify(v.toISOString()));
    else if (Array.isArray(v)) {
      const work: ({ text: string } | { value: unknown })[] = [{ text: '[' }];
      v.forEach((element, index) => {
        if (index) work.push({ text: ',' });
        work.push({ value: element });
      });
      work.push({ text: ']' });
      stack.push(...work.reverse());
    } else {
      const work: ({ text: string } | { value: unknown })[] = [{ text: '{' }];
      const entries = Object.keys(v).filter((key) => (v as Record<string, unknown>)[key] !== undefined);
      entries.forEach((key, index) => {
        if (index) work.push({ text: ',' });
        work.push({ text: `${JSON.stringify(key)}:` }, { value: (v as Record<string, unknown>)[key] });
      });
      work.push({ text: '}' });
      stack.push(...work.reverse());
    }
  }
  return out.join('');
}

/** Sets an own property, even `__proto__` (plain assignment would change the prototype instead). */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

// ───────────────────────────── hostile values ─────────────────────────────

const nest = (depth: number, leaf: unknown, kind: 'object' | 'array'): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = kind === 'object' ? { a: value } : [value];
  return value;
};

/** Made once: big values are shared, not rebuilt per case. */
const HUGE_STRING = 'a'.repeat(100_000);
const DEEP_OBJECT = nest(1000, 1, 'object');
const DEEPER_ARRAY = nest(5000, 1, 'array');
const MANY_NUMBERS = Array.from({ length: 10_000 }, (_, i) => i);
const MANY_STRINGS = Array.from({ length: 10_000 }, () => 'a');
const MANY_OBJECTS = Array.from({ length: 10_000 }, () => ({}));

/** Objects whose own keys are the ones prototype pollution goes through. */
const PROTOTYPE_OBJECTS: unknown[] = [
  JSON.parse('{"__proto__":{"polluted":true}}'),
  JSON.parse('{"__proto__":null}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  JSON.parse('{"prototype":{"polluted":true}}'),
  JSON.parse('{"toString":"x","valueOf":1,"hasOwnProperty":null}'),
];

export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  'a\u0000b',
  '\u0000',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1',
  '2147483648',
  '9007199254740993',
  '0x10',
  ' 12 ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '😀👍🏽👨‍👩‍👧‍👦',
  'مرحبا\u202Eevil\u202C',
  'e\u0301\u0301\u0301\u0301',
  '\u200B\u200C\u200D\uFEFF',
  '\uD800',
  'x\uDFFFy',
  '𝕳𝖊𝖑𝖑𝖔',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%s%n%x',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text.
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '=cmd|" /C calc"!A0',
  '\\',
  '%E0%A4%A',
  '__proto__',
  'constructor',
];

export const NASTY_NUMBERS: readonly unknown[] = [
  -1,
  0,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  9007199254740991,
  new RawJson('9007199254740993'),
  new RawJson('123456789012345678901234567890'),
  1e308,
  -1e308,
  5e-324,
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('-0'),
  new RawJson('1E400'),
];

/** A value of any hostile kind: wrong type, oversized, odd text, odd number, deep or wide structure. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]], { a: 1 }, ['a', 1]),
  },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_OBJECTS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(HUGE_STRING, DEEP_OBJECT, DEEPER_ARRAY) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(MANY_NUMBERS, MANY_STRINGS, MANY_OBJECTS) },
  // Random text of every kind of code point, lone surrogates and control characters included.
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 10 }).map((s) => `${s}\u0000${s}`) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer().map((n) => String(n)) },
);

/** What a hostile value is, in a few words, for the report. */
export function describeValue(value: unknown): string {
  if (value === HUGE_STRING) return '"a"×100000';
  if (value === DEEP_OBJECT) return '{a:{a:…}} 1000 deep';
  if (value === DEEPER_ARRAY) return '[[[…]]] 5000 deep';
  if (value === MANY_NUMBERS) return '[0…9999]';
  if (value === MANY_STRINGS) return '["a"×10000]';
  if (value === MANY_OBJECTS) return '[{}×10000]';
  const text = toJsonText(value);
  return text.length > 80 ? `${text.slice(0, 77)}…(${text.length} chars)` : text;
}

// ───────────────────────────── path and query pieces ─────────────────────────────

/** Path segments as sent (already percent-encoded where they are encoded). */
export const HOSTILE_SEGMENTS: readonly string[] = [
  '2147483648',
  '2147483647',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '0x10',
  'abc',
  'NaN',
  'Infinity',
  'null',
  '%00',
  '1%00',
  '..%2F..',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%20',
  '%201',
  '%E0%A4%A',
  '%F0%9F%98%80',
  '%D9%A1%D9%A2',
  '__proto__',
  'constructor',
  '1'.repeat(400),
];

/** Query values as sent (percent-encoded). */
const HOSTILE_QUERY_VALUES: readonly string[] = [
  ...HOSTILE_SEGMENTS,
  '',
  encodeURIComponent('{"__proto__":{"polluted":true}}'),
  encodeURIComponent('{"constructor":{"prototype":{"polluted":true}}}'),
  encodeURIComponent('{"a":'),
  encodeURIComponent('{}'),
  encodeURIComponent('{"search":"\u0000"}'),
  encodeURIComponent('[1,2]'),
  encodeURIComponent('a\u0000b'),
  encodeURIComponent(HUGE_STRING.slice(0, 20_000)),
  encodeURIComponent(toJsonText(nest(500, 1, 'object'))),
  '%',
  '%%',
  'a+b',
];

// ───────────────────────────── the case ─────────────────────────────

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  /** Bytes as given, with this content type (none: no header). */
  | { kind: 'raw'; contentType?: string; text: string | Buffer }
  /** `boundary`: how the multipart framing is sent ('ok', left out of the header, or cut short). */
  | { kind: 'multipart'; parts: Part[]; boundary: 'ok' | 'missing' | 'truncated' };

export type Auth = 'bearer' | 'session' | 'none';

export interface FuzzCase {
  /** What was changed, for the report. */
  label: string;
  /** Path param name → segment as sent. */
  segments: Record<string, string>;
  /** The query string as sent, without `?`. */
  query: string;
  body: BodySpec;
  headers: Record<string, string>;
  auth: Auth;
  /** Session auth only: how the XSRF cookie and header are sent. */
  xsrf?: 'ok' | 'malformed-cookie' | 'mismatch' | 'missing';
}

/** A route as the fuzzer sees it: the contract's schemas, and where its company and records come from. */
export interface FuzzRoute {
  method: string;
  /** Fastify form: `/api/contacts/:id`. */
  url: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Multipart routes: the fields' schema (if known) and the file part's name. */
  multipart?: { fields?: z.ZodType; file: string; extra?: Part[] };
  /** The param or query key naming the company (or organization), if any. */
  scope?: { in: 'param' | 'query'; name: string; kind: 'company' | 'organization' };
}

/** Ids and values that exist in the seeded database, so valid inputs reach handlers rather than 404. */
export interface FuzzWorld {
  ownCompany: number;
  otherCompanies: number[];
  organizations: number[];
  /** Ids of seeded records (any table; small ids hit something in most). */
  recordIds: number[];
  phones: string[];
  emails: string[];
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The type a schema reads once optional/nullable/default/pipe wrappers are peeled off. */
function baseType(schema: z.ZodType): string {
  let def = defOf(schema);
  for (let i = 0; i < 10; i++) {
    if (def.innerType) def = defOf(def.innerType);
    else if (def.type === 'pipe' && def.in) {
      const first = defOf(def.in);
      def = first.type === 'transform' && def.out ? defOf(def.out) : first;
    } else break;
  }
  return def.type;
}

/** Field names that carry a phone number somewhere in the contract. */
const PHONE_KEYS =
  /^(number|to|from|target|destination|recipient|caller|called|phone|phone_number|forward_to)$/i;

/** The hints: real company ids, record ids, phone numbers and emails by field name. */
export function worldHint(world: FuzzWorld, scope?: FuzzRoute['scope']): Hint {
  const company = fc.oneof(
    { weight: 8, arbitrary: fc.constant(world.ownCompany) },
    { weight: 1, arbitrary: fc.constantFrom(...world.otherCompanies) },
  );
  const organization = fc.constantFrom(...world.organizations);
  const record = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }) },
    { weight: 2, arbitrary: fc.constantFrom(...world.recordIds) },
  );
  const phone = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...world.phones) },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 9999 }).map((n) => `+1312555${n}`) },
  );
  const timeZone = fc.constantFrom(
    'America/Chicago',
    'Europe/Paris',
    'UTC',
    'Asia/Kolkata',
    'Pacific/Chatham',
  );
  return (key, schema) => {
    const type = baseType(schema);
    const numeric = type === 'number' || type === 'int' || type === 'bigint';
    if (scope && key === scope.name) return scope.kind === 'company' ? company : organization;
    if (numeric && /^(companyId|company_id)$/.test(key)) return company;
    if (numeric && /^(organizationId|organization_id)$/.test(key)) return organization;
    if (numeric && /(^id$|_id$|Id$)/.test(key)) return record;
    if (type === 'array' && /(_ids$|Ids$|^ids$|^groups$|^labels$|^contacts$)/.test(key)) {
      const element = defOf(schema).element;
      if (element && baseType(element) === 'number') return fc.array(record, { minLength: 1, maxLength: 4 });
    }
    if (type === 'string' && PHONE_KEYS.test(key)) return phone;
    // Refinements the converter cannot see: a known time zone, an entity type of the custom-field table.
    if (type === 'string' && /^(timezone|tz)$/.test(key)) return timeZone;
    if (numeric && /^(type|entityType|entity_type)$/.test(key)) return fc.integer({ min: 1, max: 8 });
    if (type === 'string' && /^email$/.test(key)) {
      return fc.oneof(fc.constantFrom(...world.emails), arbitraryFor(schema));
    }
    return undefined;
  };
}

/** `{ id: 3 }` → segments `{ id: '3' }`; a `:name` the schema does not give gets a record id. */
function pathSegments(route: FuzzRoute, world: FuzzWorld, hint: Hint): fc.Arbitrary<Record<string, string>> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const shape = (route.params && defOf(route.params).shape) || {};
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) {
    const schema = shape[name];
    fields[name] =
      (schema && hint(name, schema)) ??
      (schema ? arbitraryFor(schema, { hint }) : fc.constantFrom(...world.recordIds));
  }
  return fc
    .record(fields)
    .map((values) =>
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeURIComponent(String(v ?? ''))])),
    );
}

function queryObject(route: FuzzRoute, hint: Hint): fc.Arbitrary<Record<string, unknown>> {
  if (!route.query) return fc.constant({});
  return arbitraryFor(route.query, { hint }).map((value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {},
  );
}

/** Every path into a JSON value (to objects, arrays and leaves), for choosing what to replace. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (prefix.length) out.push(prefix);
  if (out.length > 200 || prefix.length > 6) return out;
  if (Array.isArray(value)) {
    for (const [index, item] of value.slice(0, 5).entries()) pathsOf(item, [...prefix, index], out);
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value))
      pathsOf((value as Record<string, unknown>)[key], [...prefix, key], out);
  }
  return out;
}

/** A copy of `value` with the thing at `path` replaced (copies only along the path). */
function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value as object))
    defineOwn(copy, key, (value as Record<string, unknown>)[key]);
  defineOwn(copy, String(head), setAt(copy[String(head)], rest, replacement));
  return copy;
}

/** The objects inside a value (itself included), for adding keys to. */
function objectPaths(value: unknown): (string | number)[][] {
  const all = [[], ...pathsOf(value)] as (string | number)[][];
  return all.filter((path) => {
    let node: unknown = value;
    for (const step of path) node = (node as Record<string | number, unknown>)[step];
    return typeof node === 'object' && node !== null && !Array.isArray(node);
  });
}

const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isAdmin',
];

/** Content types and bodies that are not the JSON the route expects. */
function wrongContentType(value: unknown): fc.Arbitrary<{ label: string; body: BodySpec }> {
  const jsonText = toJsonText(value);
  // The same fields as well-formed multipart, where JSON is expected.
  const fields: Part[] =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : toJsonText(v)] as Part)
      : [['value', jsonText]];
  const raw = (label: string, contentType: string | undefined, text: string | Buffer) => ({
    label,
    body: { kind: 'raw', contentType, text } as BodySpec,
  });
  return fc.constantFrom(
    raw('text/plain', 'text/plain', jsonText),
    raw('application/xml', 'application/xml', '<?xml version="1.0"?><a>1</a>'),
    raw('multipart without boundary', 'multipart/form-data', jsonText),
    raw('multipart with a bogus boundary', 'multipart/form-data; boundary=zzz', jsonText),
    {
      label: 'well-formed multipart',
      body: { kind: 'multipart', parts: fields, boundary: 'ok' } as BodySpec,
    },
    raw('form-urlencoded', 'application/x-www-form-urlencoded', 'a=1&__proto__[polluted]=1&constructor=x'),
    raw('octet-stream', 'application/octet-stream', Buffer.from([0, 1, 2, 255])),
    raw('no content type', undefined, jsonText),
    raw('json: truncated', 'application/json', jsonText.slice(0, Math.max(1, jsonText.length - 1))),
    raw('json: "{"', 'application/json', '{'),
    raw('json: trailing comma', 'application/json', '[1,]'),
    raw('json: single quotes', 'application/json', "{'a':1}"),
    raw('json: garbage after', 'application/json', `${jsonText}garbage`),
    raw('json: NUL', 'application/json', '\u0000'),
    raw('json: BOM', 'application/json', `\uFEFF${jsonText}`),
    raw('json: a string', 'application/json', '"just a string"'),
    raw('json: a number', 'application/json', '123'),
    raw('json: null', 'application/json', 'null'),
    raw('json: []', 'application/json', '[]'),
    raw('json: blank', 'application/json', '   '),
    raw('json: lone surrogate escape', 'application/json', '{"a":"\\ud800"}'),
    raw('json: \\u0000 escape', 'application/json', '{"name":"a\\u0000b","body":"\\u0000"}'),
    raw('json: duplicate keys', 'application/json', '{"a":1,"a":2}'),
    raw('json; charset=utf-16le', 'application/json; charset=utf-16le', Buffer.from(jsonText, 'utf16le')),
    raw('json; charset=latin1', 'application/json; charset=latin1', jsonText),
    raw('+json type', 'application/vnd.api+json', jsonText),
    raw('content type ";;;"', ';;;', jsonText),
    raw('content type "application/"', 'application/', jsonText),
    raw('content type "*/*"', '*/*', jsonText),
    raw('two content types', 'application/json, text/plain', jsonText),
    raw('huge content type', `application/json; x=${'a'.repeat(10_000)}`, jsonText),
    raw('body over the 1 MB limit', 'application/json', `{"a":"${'x'.repeat(1_100_000)}"}`),
  );
}

/** Headers a client may get wrong (the bearer token stays unless the case is about it). */
function wrongHeaders(): fc.Arbitrary<{ label: string; headers: Record<string, string>; auth?: Auth }> {
  const nasty = fc.constantFrom(...NASTY_STRINGS.filter((s) => s !== '' && !/[\uD800-\uDFFF]/.test(s)));
  return fc.oneof(
    fc
      .constantFrom(
        'Bearer',
        'Bearer ',
        'Bearer a b',
        'Basic dXNlcjpwYXNz',
        `Bearer ${'a'.repeat(10_000)}`,
        'Bearer 1|abcdef',
        'Bearer %00',
        'Bearer \u00e9\u00e8',
        'Token abc',
      )
      .map((value) => ({
        label: `authorization: ${describeValue(value)}`,
        headers: { authorization: value },
        auth: 'none' as Auth,
      })),
    nasty.map((value) => ({
      label: `idempotency-key: ${describeValue(value)}`,
      headers: { 'idempotency-key': value },
    })),
    fc.constant({
      label: 'idempotency-key: 10000 chars',
      headers: { 'idempotency-key': 'k'.repeat(10_000) },
    }),
    nasty.map((value) => ({
      label: `x-admin-session: ${describeValue(value)}`,
      headers: { 'x-admin-session': value },
    })),
    fc
      .constantFrom('text/html', '*/*;q=abc', 'application/json;q=0', '\u00ff')
      .map((value) => ({ label: `accept: ${value}`, headers: { accept: value } })),
    fc
      .constantFrom(
        '%',
        'a=%',
        '=;;=;',
        'switchboard_session=%00',
        'XSRF-TOKEN=%E0%A4%A',
        `a=${'b'.repeat(8000)}`,
      )
      .map((value) => ({ label: `cookie: ${describeValue(value)}`, headers: { cookie: value } })),
    fc.constant({
      label: 'x-forwarded-for: garbage',
      headers: { 'x-forwarded-for': '999.1.1.1, ::g, \u00e9' },
    }),
    fc.constant({ label: 'content-length: wrong', headers: { 'content-length': '5' } }),
  );
}

/** The multipart parts of a valid send for a multipart route. */
function multipartParts(route: FuzzRoute, hint: Hint): fc.Arbitrary<Part[]> {
  const mp = route.multipart as NonNullable<FuzzRoute['multipart']>;
  const fields = mp.fields
    ? arbitraryFor(mp.fields, { hint }).map((value) =>
        Object.entries((value ?? {}) as Record<string, unknown>)
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)] as Part),
      )
    : fc.constant([] as Part[]);
  const file = fc.option(
    fc.constantFrom<Part>(
      [mp.file, 'name,number\nBob,+13125550111\nAmy,+13125550112\n', 'contacts.csv', 'text/csv'],
      [
        mp.file,
        Buffer.from('PK\u0003\u0004not really a zip'),
        'contacts.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      [mp.file, Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt '), 'greeting.wav', 'audio/wav'],
      [
        mp.file,
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          'base64',
        ),
        'pixel.png',
        'image/png',
      ],
      [mp.file, '', 'empty.csv', 'text/csv'],
    ),
    { nil: undefined },
  );
  return fc
    .tuple(fields, file)
    .map(([parts, filePart]) => [...(mp.extra ?? []), ...parts, ...(filePart ? [filePart] : [])]);
}

/** Hostile multipart: odd file names and types, a field replaced, too many parts, broken framing. */
function wrongMultipart(parts: Part[], file: string): fc.Arbitrary<{ label: string; body: BodySpec }> {
  const mp = (label: string, list: Part[], boundary: 'ok' | 'missing' | 'truncated' = 'ok') => ({
    label,
    body: { kind: 'multipart', parts: list, boundary } as BodySpec,
  });
  const fieldIndexes = parts.map((p, i) => (p.length === 2 ? i : -1)).filter((i) => i >= 0);
  return fc.oneof(
    fc
      .constantFrom(
        '../../etc/passwd',
        'a\u0000.csv',
        '😀.csv',
        `${'x'.repeat(300)}.csv`,
        '',
        'CON',
        '.htaccess',
      )
      .map((name) =>
        mp(`file name ${describeValue(name)}`, [
          ...parts,
          [file, 'name,number\nA,+13125550113\n', name, 'text/csv'],
        ]),
      ),
    fc
      .constantFrom('', 'text/html', 'image/png', 'application/x-msdownload', 'a/b/c', '\u00ff')
      .map((type) =>
        mp(`file type ${describeValue(type)}`, [...parts, [file, 'garbage\u0000bytes', 'f.bin', type]]),
      ),
    fc
      .tuple(
        fc.constantFrom(...(fieldIndexes.length ? fieldIndexes : [-1])),
        fc.constantFrom(...NASTY_STRINGS),
      )
      .map(([index, value]) => {
        if (index < 0)
          return mp(`extra field __proto__=${describeValue(value)}`, [...parts, ['__proto__', value]]);
        const copy = [...parts];
        const name = (copy[index] as Part)[0];
        copy[index] = [name, value];
        return mp(`field ${name}=${describeValue(value)}`, copy);
      }),
    fc.constant(
      mp('field "__proto__" and "constructor"', [
        ['__proto__', '{"polluted":true}'],
        ['constructor', 'x'],
        ...parts,
      ]),
    ),
    fc.constant(mp('60 fields', [...Array.from({ length: 60 }, (_, i) => [`f${i}`, 'x'] as Part), ...parts])),
    fc.constant(
      mp('two files', [...parts, [file, 'a', 'a.csv', 'text/csv'], [file, 'b', 'b.csv', 'text/csv']]),
    ),
    fc.constant(mp('no boundary in the header', parts, 'missing')),
    fc.constant(mp('cut short', parts, 'truncated')),
  );
}

/**
 * The arbitrary of cases for one route. Each case: a valid base (path, query, body), then one mutation chosen
 * among those that apply to the route.
 */
export function fuzzCases(route: FuzzRoute, world: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const hint = worldHint(world, route.scope);
  const hasBody = METHODS_WITH_BODY.has(route.method);
  const jsonBody = hasBody && !route.multipart;
  const base = fc.record({
    segments: pathSegments(route, world, hint),
    query: queryObject(route, hint),
    body: route.body ? arbitraryFor(route.body, { hint }) : fc.constant(jsonBody ? {} : undefined),
    parts: route.multipart ? multipartParts(route, hint) : fc.constant([] as Part[]),
  });

  return base.chain((valid) => {
    const bodyOf = (value: unknown): BodySpec =>
      route.multipart
        ? { kind: 'multipart', parts: valid.parts, boundary: 'ok' }
        : hasBody && value !== undefined
          ? { kind: 'json', value }
          : { kind: 'none' };
    const start: FuzzCase = {
      label: 'valid',
      segments: valid.segments,
      query: serializeQuery(valid.query),
      body: bodyOf(valid.body),
      headers: {},
      auth: 'bearer',
    };
    const withQuery = (query: string, label: string): FuzzCase => ({ ...start, query, label });
    const mutations: fc.WeightedArbitrary<FuzzCase>[] = [{ weight: 2, arbitrary: fc.constant(start) }];

    const segmentNames = Object.keys(valid.segments);
    if (segmentNames.length) {
      mutations.push({
        weight: 3,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...segmentNames),
            fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
              { weight: 1, arbitrary: fc.bigInt({ min: 2n ** 31n, max: 2n ** 70n }).map(String) },
              { weight: 1, arbitrary: fc.integer({ min: -(2 ** 31), max: -1 }).map(String) },
              { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent) },
            ),
          )
          .map(([name, segment]) => ({
            ...start,
            segments: { ...valid.segments, [name]: segment },
            label: `path :${name}=${segment.length > 60 ? `${segment.slice(0, 57)}…` : segment}`,
          })),
      });
    }

    // The query: a known key given a hostile value, an array where one value is expected, odd keys.
    const queryKeys = [
      ...new Set([
        ...Object.keys(valid.query),
        ...Object.keys((route.query && defOf(route.query).shape) || {}),
      ]),
    ];
    const otherPairs = (key: string) =>
      serializeQuery(Object.fromEntries(Object.entries(valid.query).filter(([k]) => k !== key)));
    const join = (...parts: string[]) => parts.filter(Boolean).join('&');
    mutations.push({
      weight: route.method === 'GET' ? 4 : 2,
      arbitrary: fc.oneof(
        fc
          .tuple(
            fc.constantFrom(...(queryKeys.length ? queryKeys : ['page'])),
            fc.constantFrom(...HOSTILE_QUERY_VALUES),
          )
          .map(([key, value]) =>
            withQuery(
              join(otherPairs(key), `${key}=${value}`),
              `query ${key}=${value.length > 60 ? `${value.slice(0, 57)}…` : value}`,
            ),
          ),
        fc
          .constantFrom(...(queryKeys.length ? queryKeys : ['page']))
          .map((key) =>
            withQuery(join(otherPairs(key), `${key}[]=1&${key}[]=2`), `query ${key}[]=1&${key}[]=2`),
          ),
        fc
          .constantFrom(
            '__proto__=1',
            '__proto__[polluted]=1',
            `__proto__=${encodeURIComponent('{"polluted":true}')}`,
            'constructor=1',
            'constructor[prototype][polluted]=1',
            'hasOwnProperty=1',
            '=1',
            '&&&',
            '[]=1',
            'a[=1',
            `${'k'.repeat(5000)}=1`,
            Array.from({ length: 2000 }, (_, i) => `k${i}=1`).join('&'),
          )
          .map((extra) =>
            withQuery(
              join(start.query, extra),
              `query +${extra.length > 60 ? `${extra.slice(0, 57)}…` : extra}`,
            ),
          ),
      ),
    });

    if (jsonBody) {
      const paths = pathsOf(valid.body);
      if (paths.length) {
        mutations.push({
          weight: 5,
          arbitrary: fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, value]) => ({
            ...start,
            body: { kind: 'json', value: setAt(valid.body, path, value) },
            label: `body.${path.join('.')} ← ${describeValue(value)}`,
          })),
        });
      }
      const objects = objectPaths(valid.body);
      mutations.push({
        weight: 3,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...(objects.length ? objects : [[]])),
            fc.constantFrom(...PROTOTYPE_KEYS),
            fc.constantFrom<unknown>({ polluted: true }, 1, 'x', null, [], { prototype: { polluted: true } }),
          )
          .map(([path, key, value]) => {
            let target: unknown = valid.body;
            for (const step of path) target = (target as Record<string | number, unknown>)[step];
            const object: Record<string, unknown> = {};
            if (typeof target === 'object' && target !== null && !Array.isArray(target))
              for (const k of Object.keys(target))
                defineOwn(object, k, (target as Record<string, unknown>)[k]);
            defineOwn(object, key, value);
            return {
              ...start,
              body: { kind: 'json', value: setAt(valid.body, path, object) },
              label: `body${path.length ? `.${path.join('.')}` : ''} + own key "${key}": ${describeValue(value)}`,
            };
          }),
      });
      mutations.push({
        weight: 2,
        arbitrary: hostileValue.map((value) => ({
          ...start,
          body: { kind: 'json', value },
          label: `body ← ${describeValue(value)}`,
        })),
      });
      mutations.push({
        weight: 3,
        arbitrary: wrongContentType(valid.body ?? {}).map(({ label, body }) => ({
          ...start,
          body,
          label: `content: ${label}`,
        })),
      });
    }

    if (route.multipart) {
      mutations.push({
        weight: 6,
        arbitrary: wrongMultipart(valid.parts, route.multipart.file).map(({ label, body }) => ({
          ...start,
          body,
          label: `multipart: ${label}`,
        })),
      });
      mutations.push({
        weight: 2,
        arbitrary: fc
          .oneof(
            fc.constant({
              label: 'JSON instead of multipart',
              body: { kind: 'json', value: {} } as BodySpec,
            }),
            wrongContentType({}),
          )
          .map(({ label, body }) => ({ ...start, body, label: `content: ${label}` })),
      });
    }

    mutations.push({
      weight: 2,
      arbitrary: wrongHeaders().map(({ label, headers, auth }) => ({
        ...start,
        headers,
        auth: auth ?? start.auth,
        label: `header ${label}`,
      })),
    });
    // A browser's session cookie instead of the bearer token, with the XSRF cookie right or wrong.
    mutations.push({
      weight: 2,
      arbitrary: fc.constantFrom('ok', 'malformed-cookie', 'mismatch', 'missing').map((xsrf) => ({
        ...start,
        auth: 'session' as Auth,
        xsrf: xsrf as FuzzCase['xsrf'],
        label: `session cookie, xsrf ${xsrf}`,
      })),
    });
    mutations.push({
      weight: 1,
      arbitrary: fc.constant({ ...start, auth: 'none' as Auth, label: 'anonymous' }),
    });

    return fc.oneof(...mutations);
  });
}
