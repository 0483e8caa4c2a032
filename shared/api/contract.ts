/**
 * The API contract (ARCHITECTURE "Contract first"): for each call of §7, its method, path and the zod schemas of
 * its params, body and response. The server validates with these, the renderer's calls are typed by them and
 * forms reuse them. Each product area adds its own table (see auth.ts) and lists it in `CONTRACT`.
 */
import { z } from 'zod';
import { type CodeTable, valuesOf } from '../domain/codes';
import { isKnownTimeZone } from '../domain/time';

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
  /** The success body; `null` for an empty answer (204). */
  response: Response | null;
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

/** §5 "User timezone is used only if a known zone name": anything else is refused by name. */
export const TimeZoneSchema = z.string().trim().refine(isKnownTimeZone, {
  message: 'Choose a time zone from the list (an IANA name such as America/Chicago).',
});
