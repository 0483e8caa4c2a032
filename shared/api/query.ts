/**
 * §7 "Query params use bracket array format; object values are JSON-encoded."
 * `serializeQuery` is what the client sends; `parseQuery` is how the server reads it back.
 */

export type QueryParams = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function encodeValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (isPlainObject(value) || Array.isArray(value)) return JSON.stringify(value);
  return String(value);
}

/**
 * `{ ids: [1, 2], filters: { state: 'sent' }, page: 2 }` → `ids[]=1&ids[]=2&filters=%7B%22state%22%3A%22sent%22%7D&page=2`.
 * `undefined` and `null` are left out (as axios does); an empty array sends nothing; dates are ISO 8601;
 * objects inside arrays are JSON-encoded too. Keys keep their order.
 */
export function serializeQuery(params: QueryParams | undefined | null): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item === undefined || item === null) continue;
        parts.push(`${encodeURIComponent(key)}[]=${encodeURIComponent(encodeValue(item))}`);
      }
      continue;
    }
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(encodeValue(value))}`);
  }
  return parts.join('&');
}

function decodeValue(raw: string): unknown {
  if (raw.startsWith('{') && raw.endsWith('}')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

/**
 * The reverse of `serializeQuery`: `ids[]=1&ids[]=2` → `{ ids: ['1', '2'] }`, JSON objects decoded, other
 * values left as strings for the route's schema to coerce. `ids[0]=1` (indexed brackets) is read as an array too.
 * A key given twice without brackets keeps its last value.
 */
export function parseQuery(search: string): Record<string, unknown> {
  // Collected in a Map: a key such as `__proto__` must become a field (that the schema refuses), never the
  // result's prototype.
  const result = new Map<string, unknown>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const rawKey = decodeComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = decodeValue(equals === -1 ? '' : decodeComponent(pair.slice(equals + 1)));
    const arrayKey = /^(.+?)\[\d*\]$/.exec(rawKey);
    if (arrayKey?.[1]) {
      const existing = result.get(arrayKey[1]);
      result.set(arrayKey[1], Array.isArray(existing) ? [...existing, value] : [value]);
    } else {
      result.set(rawKey, value);
    }
  }
  return Object.fromEntries(result);
}

/** Form-style decoding (`+` is a space); a malformed escape is kept as written rather than failing the request. */
function decodeComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  return decodeUriComponentOrNull(spaced) ?? spaced;
}

/** `decodeURIComponent`, or null for a malformed escape (`%E0%A4%A`) instead of a thrown URIError. */
export function decodeUriComponentOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
