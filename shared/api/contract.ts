/**
 * The API contract (ARCHITECTURE "Contract first"): for each call of §7, its method, path and the zod schemas of
 * its params, body and response. The server validates with these, the renderer's calls are typed by them and
 * forms reuse them. Each product area adds its own table (see auth.ts) and lists it in `CONTRACT`.
 */
import { z } from 'zod';
import { type CodeTable, valuesOf } from '../domain/codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path below the API prefix, with `{name}` segments (`/campaigns/{id}`) and `{companyId}` for the company. */
  path: string;
  /** One line for the API docs. */
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** `multipart/form-data` instead of JSON (§7 says which calls are multipart). */
  multipart?: boolean;
  /**
   * The JSON body may also come as `text/plain` (a CORS "simple" request, no preflight): only for calls a script on
   * another site makes (the tracking script). Everywhere else text/plain is refused with 415.
   */
  textBody?: boolean;
  /** The success body; `null` for an empty answer (204). */
  response: Response | null;
  /** The success status when it is neither 200 nor an empty answer's 204: 201 created, 202 accepted to run later. */
  status?: 201 | 202;
  /** A write that may be queued offline and replayed (see `Replay` below); unmarked writes are never queued. */
  replay?: Replay;
}

/** The status a successful call answers: the endpoint's own, 204 for an empty answer, else 200. */
export function successStatus(endpoint: Endpoint): number {
  return endpoint.status ?? (endpoint.response === null ? 204 : 200);
}

/** Declares an endpoint, keeping its exact schema types (a declared body is known to be there). */
export function endpoint<const D extends Endpoint>(definition: D): Readonly<D> {
  return Object.freeze(definition);
}

export type BodyOf<E> = E extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type QueryOf<E> = E extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
export type ParamsOf<E> = E extends { params: infer P extends z.ZodType } ? z.input<P> : never;
export type ResponseOf<E> = E extends { response: infer R extends z.ZodType } ? z.output<R> : undefined;

/** A zod enum of a code table's values, keeping their literal types. */
export function enumOf<V extends string>(table: CodeTable<V>) {
  return z.enum(valuesOf(table) as [V, ...V[]]);
}

/* ------------------------------------------ ids and references ------------------------------------------- */

/**
 * Every id is a PostgreSQL `integer`, so nothing above this names a record — and such a number must never reach a
 * query, where it fails as "out of range" instead of meaning "no such record".
 */
export const ID_MAX = 2_147_483_647;
const ID_RANGE_MESSAGE = `No record has this id (ids are whole numbers from 1 to ${ID_MAX}).`;

/** An id in a JSON body: a whole number in the database's range. */
export function idNumber() {
  return z
    .number()
    .int('An id is a whole number.')
    .positive('An id is a whole number from 1 up.')
    .max(ID_MAX, ID_RANGE_MESSAGE);
}

/** An id in a path or query string (text there, so coerced), in the database's range. */
export const IdParamSchema = z.coerce
  .number()
  .int('An id is a whole number.')
  .positive('An id is a whole number from 1 up.')
  .max(ID_MAX, ID_RANGE_MESSAGE);

/** A page number (1 up); a page past the last answers an empty page, but one beyond any table is refused. */
export const PageNumberSchema = z.coerce
  .number()
  .int('The page is a whole number.')
  .min(1, 'Pages are numbered from 1.')
  .max(ID_MAX, `The page is at most ${ID_MAX}.`)
  .default(1);

/**
 * What an id in a body may refer to. Every such id must name a record of the caller's company: the server checks
 * them all in one place (server/src/http/references.ts) before the handler runs, and answers 422 naming each field
 * whose record is not the company's (or does not exist) — so a body can never point at another company's record.
 * (Custom values name their custom field by `attribute_id`; that is checked with the value itself, against the
 * field's type and the kind of record it belongs to — a stricter check that also covers another company's field.)
 */
export const REFERENCE_KINDS = [
  'contact',
  'conversation',
  'dniSource',
  'greeting',
  'group',
  'label',
  'member',
  'number',
  'trigger',
] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** The schemas that are references, and to what: the server walks a body's schema to find them. */
export const references = z.registry<{ kind: ReferenceKind }>();

/** An id in a body that must name a record of the caller's company (`member`: an active member's user id). */
export function reference(kind: ReferenceKind) {
  const schema = idNumber();
  references.add(schema, { kind });
  return schema;
}

/* ------------------------------------------- offline replay --------------------------------------------- */

/**
 * The kinds of record a replayable write changes: every kind a body may reference, and those only a path names
 * (a note, a custom field, the company's hours schedule, the caller's own user).
 */
export const RECORD_KINDS = [
  ...REFERENCE_KINDS,
  'customField',
  'message',
  'note',
  'schedule',
  'user',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * Marks a write as safe to replay: the renderer may queue it while offline and send it when the connection is
 * back, with the `Idempotency-Key` it was made with (the server applies a key once, server/src/http/idempotency.ts)
 * and, for a change to an existing record, that record's `updated_at` as the person last saw it
 * (`VERSION_HEADER`): the server then refuses with 409 rather than overwrite a record someone else changed
 * meanwhile (server/src/http/conflicts.ts). Only writes of one record of `record`'s kind are marked, not bulk
 * actions over a selection, and JSON ones but for one: `POST /message`, whose text the renderer queues only when it
 * has no files (features/inbox/outbox.ts: files are not kept on the device).
 */
export interface Replay {
  /** The kind of record the write creates, changes or deletes. */
  record: RecordKind;
  /** The path value naming that record; `id` unless said. A create names none (nothing to be stale). */
  param?: string;
  /** The record is the caller's own (`PUT /user`), named by no path value. */
  self?: true;
}

/**
 * The header a replayed change sends with the record's `updated_at` as last seen: the ISO time with milliseconds,
 * as every view answers it. Not `If-Unmodified-Since` (HTTP dates have whole seconds: two edits in one second
 * would look the same) and not `If-Match` (it compares ETags, which the API does not send, and a failed one means
 * 412; a change someone else made is a conflict of state, 409 with the §8 envelope, like the API's other ones).
 */
export const VERSION_HEADER = 'X-If-Updated-At';

/** The field of a 409 envelope that says the record changed after the client saw it (vs. other 409s). */
export const STALE_FIELD = 'updated_at';

/** What a record of each kind is called in messages. */
export const RECORD_NOUNS: Record<RecordKind, string> = {
  contact: 'contact',
  conversation: 'conversation',
  customField: 'custom field',
  dniSource: 'source',
  greeting: 'greeting',
  group: 'group',
  label: 'label',
  member: 'member',
  message: 'text',
  note: 'note',
  number: 'number',
  schedule: 'hours schedule',
  trigger: 'trigger',
  user: 'profile',
};

/** What the 409 says when a replayed change meets a record someone else changed since it was made. */
export function staleRecordMessage(kind: RecordKind): string {
  return `${subjectOf(kind)} was changed by someone else after you edited it offline; your change was not saved.`;
}

/** How that message names the record: "This contact", "Your profile". */
function subjectOf(kind: RecordKind): string {
  if (kind === 'user') return 'Your profile';
  if (kind === 'schedule') return 'The hours schedule';
  return `This ${RECORD_NOUNS[kind]}`;
}
