/**
 * A call of the API contract (shared/api) as the client sends it: `api.call(CONTACT_ENDPOINTS.update, { params,
 * query, body })`. This file types a call's input by the endpoint's zod schemas and turns it into a request —
 * the method, the path with its `{name}` segments filled, the query, and the body as JSON or, for a multipart
 * endpoint, as FormData. Pure (no sending), so tests and a layer that queues calls can read a call without
 * making it; client.ts sends it.
 */
import { fillPath } from '@shared/api/company';
import type { BodyOf, Endpoint, HttpMethod, ParamsOf, QueryOf } from '@shared/api/contract';
import type { z } from 'zod';

/** Path values: the contract coerces them from text, so ids may be numbers or strings. */
type PathValue<V> = unknown extends V ? string | number : V;

/**
 * An endpoint's `{name}` values. `companyId` may be left out: the client then fills in the selected company
 * (spec §7 "A company-id placeholder … is replaced by the selected company id").
 */
export type PathParams<E> = {
  [K in keyof ParamsOf<E> as K extends 'companyId' ? never : K]: PathValue<ParamsOf<E>[K]>;
} & ('companyId' extends keyof ParamsOf<E> ? { companyId?: string | number } : unknown);

/** One multipart field: text, a number, a file, a list (sent as `name[]`), or an object (sent as JSON). */
export type MultipartValue =
  | string
  | number
  | boolean
  | Blob
  | readonly (string | number | Blob)[]
  | { readonly [key: string]: unknown };

/**
 * A multipart body, in the order its parts are sent (the server reads some in order: an import's mapping must
 * come before its file). `null` and `undefined` fields are left out. The contract declares no schema for these
 * fields (the server reads them part by part), so they are typed here by shape only.
 */
export type MultipartFields = { readonly [name: string]: MultipartValue | null | undefined };

type Declares<E, Slot extends string> = E extends { [K in Slot]: z.ZodType } ? true : false;

/** A slot (`params`, `query`, `body`): required when its schema has a required field, absent when undeclared. */
type Slot<Name extends string, Value, Declared extends boolean> = Declared extends true
  ? // biome-ignore lint/complexity/noBannedTypes: `{}` asks "may every field be left out?"
    {} extends Value
    ? { [K in Name]?: Value }
    : { [K in Name]: Value }
  : { [K in Name]?: never };

type BodySlot<E> = E extends { multipart: true }
  ? { body: MultipartFields }
  : Slot<'body', BodyOf<E>, Declares<E, 'body'>>;

/** What a call of endpoint `E` takes: its path values, query and body, each typed by the contract. */
export type CallInput<E> = Slot<'params', PathParams<E>, Declares<E, 'params'>> &
  Slot<'query', QueryOf<E>, Declares<E, 'query'>> &
  BodySlot<E>;

/** The call's input as an argument: optional when the endpoint needs nothing. */
export type CallArgs<E, Options> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` asks "may the whole input be left out?"
  {} extends CallInput<E>
    ? [input?: CallInput<E>, options?: Options]
    : [input: CallInput<E>, options?: Options];

/** A call made concrete: what goes on the wire, before the selected company is filled in. */
export interface ContractRequest {
  method: HttpMethod;
  /** The path with its values filled (URL-encoded); `{companyId}` stays when the call left it to the client. */
  url: string;
  query: Record<string, unknown> | undefined;
  /** JSON, or FormData for a multipart endpoint. */
  body: unknown;
  /** The content type a multipart body needs (the browser adds the boundary). */
  headers: Record<string, string>;
}

/** The loose view of a call's input the request is built from (the types above have checked it already). */
interface AnyInput {
  params?: Record<string, string | number | undefined>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Turns a call of `endpoint` into its request. */
export function contractRequest(endpoint: Endpoint, input: unknown): ContractRequest {
  const { params, query, body } = (input ?? {}) as AnyInput;
  const values = Object.fromEntries(
    Object.entries(params ?? {}).filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined,
    ),
  );
  return {
    method: endpoint.method,
    url: fillPath(endpoint.path, values),
    query,
    body: endpoint.multipart ? toFormData((body ?? {}) as MultipartFields) : body,
    // The client's JSON content type is replaced so the browser writes the multipart boundary itself.
    headers: endpoint.multipart ? { 'Content-Type': 'multipart/form-data' } : {},
  };
}

function appendPart(form: FormData, name: string, value: string | number | boolean | Blob): void {
  if (value instanceof File) form.append(name, value, value.name);
  else if (value instanceof Blob) form.append(name, value);
  else form.append(name, String(value));
}

/**
 * The multipart body of `fields`, part by part in their order: a list as `name[]` parts, an object as JSON, a
 * file with its name. The same parts the screens built by hand before (`media[]`, `groups[]`, `mapping`, `file`).
 */
export function toFormData(fields: MultipartFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number | Blob)[]) appendPart(form, `${name}[]`, item);
    } else if (typeof value === 'object' && !(value instanceof Blob)) {
      form.append(name, JSON.stringify(value));
    } else {
      appendPart(form, name, value as string | number | boolean | Blob);
    }
  }
  return form;
}
