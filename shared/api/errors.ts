/**
 * The error contract (ARCHITECTURE "Errors", spec §8): one envelope on every failed response, and the rules by
 * which a client decides what a failure means.
 */
import { z } from 'zod';
import { DELAYS_MS } from '../domain/limits';
import { unknownErrorMessage } from '../domain/messages';

/** `{ message, errors: { field: [text] } }` — `errors` is empty when no field is to blame. */
export const ErrorEnvelopeSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const VALIDATION_MESSAGE = 'The given data was invalid.';

export function errorEnvelope(message: string, errors: Record<string, string[]> = {}): ErrorEnvelope {
  return { message, errors };
}

/**
 * A zod failure as a 422 envelope: one entry per field (dotted path, `contacts.2.number`), each with its
 * messages; unknown fields are named one by one with "is not a field of this request". Problems with the whole
 * body sit under the empty key.
 */
export function validationEnvelope(error: z.ZodError, prefix = ''): ErrorEnvelope {
  // A Map, not an object literal: a field may be named `__proto__` or `constructor` (a hostile or careless body),
  // and `errors['__proto__']` on a plain object reads Object.prototype instead of a list of messages.
  const errors = new Map<string, string[]>();
  const add = (field: string, text: string) => {
    errors.set(field, [...(errors.get(field) ?? []), text]);
  };
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        add([path, key].filter(Boolean).join('.'), `${key} is not a field of this request.`);
    } else {
      add(path, issue.message);
    }
  }
  return errorEnvelope(VALIDATION_MESSAGE, Object.fromEntries(errors));
}

/** §8 "Generic client codes", each said in words. */
export const NETWORK_ERROR_MESSAGES = Object.freeze({
  ERR_NETWORK: 'Cannot reach the server. Check your connection; we will keep trying.',
  ECONNABORTED: 'The connection to the server was interrupted.',
  ETIMEDOUT: 'The server took too long to answer.',
  ERR_BAD_REQUEST: 'The server could not accept this request.',
  ERR_BAD_RESPONSE: 'The server answered with an error.',
  ERR_CANCELED: 'The request was canceled.',
} as const);
export type NetworkErrorCode = keyof typeof NETWORK_ERROR_MESSAGES;

/** What a client does with a failed response (§8). */
export type FailureHandling =
  /** 401, or 500 mentioning Unauthenticated: sign out, clear the session, after-logout step in 500 ms. */
  | 'sign-out'
  /** 400/403/422: show the titles and details or messages for 10 s. */
  | 'show-errors'
  /** 429: wait Retry-After (default 5000 ms) and retry, up to 3 times. */
  | 'retry-later'
  /** Anything else: hand `{ status, errors }` to the caller. */
  | 'return';

function messageOf(body: unknown): string {
  if (typeof body === 'string') return body;
  if (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
  ) {
    return (body as { message: string }).message;
  }
  return '';
}

/** §8: which of the four ways a failure is handled. `optOutOfSignOut` is the request's opt-out. */
export function classifyFailure(status: number, body: unknown, optOutOfSignOut = false): FailureHandling {
  const unauthenticated = status === 401 || (status === 500 && messageOf(body).includes('Unauthenticated'));
  if (unauthenticated && !optOutOfSignOut) return 'sign-out';
  if (status === 400 || status === 403 || status === 422) return 'show-errors';
  if (status === 429) return 'retry-later';
  return 'return';
}

/**
 * §8 "Other errors return status and errors (the response's errors field, else the body, else a message under
 * an empty key)." The message under the empty key is the fallback text with the support email.
 */
export function normalizeFailure(
  status: number,
  body: unknown,
  supportEmail: string,
): { status: number; errors: Record<string, unknown> } {
  if (typeof body === 'object' && body !== null) {
    const errors = (body as { errors?: unknown }).errors;
    if (typeof errors === 'object' && errors !== null)
      return { status, errors: errors as Record<string, unknown> };
    if (Object.keys(body).length > 0) return { status, errors: body as Record<string, unknown> };
  }
  return { status, errors: { '': [unknownErrorMessage(supportEmail)] } };
}

/**
 * The lines a 400/403/422 toast shows (§8 "show error titles and details or messages"): JSON:API-style
 * `errors[].title`/`detail`, else every field message, else the envelope's message.
 */
export function failureLines(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return typeof body === 'string' && body ? [body] : [];
  const { errors, message } = body as { errors?: unknown; message?: unknown };
  if (Array.isArray(errors)) {
    const lines = errors.flatMap((entry: { title?: unknown; detail?: unknown }) =>
      [entry?.title, entry?.detail].filter((text): text is string => typeof text === 'string' && text !== ''),
    );
    if (lines.length) return lines;
  } else if (typeof errors === 'object' && errors !== null) {
    const lines = Object.values(errors).flatMap((texts) =>
      (Array.isArray(texts) ? texts : [texts]).filter(
        (text): text is string => typeof text === 'string' && text !== '',
      ),
    );
    if (lines.length) return lines;
  }
  return typeof message === 'string' && message ? [message] : [];
}

/**
 * §8 "wait for the retry-after value (default 5000 ms)". `Retry-After` is seconds or an HTTP date; anything
 * unreadable, or a date already past, gives the default.
 */
export function retryAfterMs(header: string | null | undefined, now: Date = new Date()): number {
  if (header === null || header === undefined || header.trim() === '') return DELAYS_MS.rateLimitDefaultWait;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  if (!Number.isNaN(date) && date > now.getTime()) return date - now.getTime();
  return DELAYS_MS.rateLimitDefaultWait;
}
