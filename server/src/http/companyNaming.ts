/**
 * One rule for naming the company a request acts on, whatever route it is (docs/decisions.md "One company rule"):
 * a route whose company is named in the request (not in its path, not a record's) takes it as `company_id` or
 * `companyId`, in the query or in the body — a JSON body or a multipart form's fields. §7 uses both spellings and
 * both places, and a client cannot know which one a route reads. Two that name different companies are refused
 * with 422 naming both fields; a request never acts on one of them at random.
 *
 * The route wrapper (http/route.ts) normalises before anything reads the input: the company ends up where the
 * route's schemas read it (the route's `{ query: name }` or `{ body: name }`) under that one spelling, and the other
 * namings are removed, so handlers and schemas keep one spelling each (and strict bodies do not refuse the other).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { IdParamSchema } from '@shared/api/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, invalid } from '../lib/errors';
import { type FieldPart, multipartParts } from '../lib/multipart';

/** The two spellings §7 names a company by. */
export const COMPANY_SPELLINGS = ['company_id', 'companyId'] as const;

/** Where a route's schemas read the company its request names, and under which spelling. */
export interface NamedCompany {
  place: 'query' | 'body';
  name: string;
}

/** One naming of the company in the request. `form`: a multipart field. */
interface Naming {
  place: 'query' | 'body' | 'form';
  spelling: string;
  value: unknown;
}

/** What a 422 names the field by: `query.companyId` in the query, the bare name in a body or a form. */
function fieldKey(naming: Naming): string {
  return naming.place === 'query' ? `query.${naming.spelling}` : naming.spelling;
}

/** How the message calls a naming: its spelling, or its place too when both have the same spelling. */
function called(naming: Naming, other: Naming): string {
  if (naming.spelling !== other.spelling) return naming.spelling;
  return naming.place === 'query' ? `the query’s ${naming.spelling}` : `the body’s ${naming.spelling}`;
}

/** Whether two namings name the same company: the same id, as text (a query) or as a number (JSON). */
function sameCompany(a: unknown, b: unknown): boolean {
  const first = IdParamSchema.safeParse(a);
  const second = IdParamSchema.safeParse(b);
  if (first.success && second.success) return first.data === second.data;
  return a === b;
}

/** 422 naming both fields when the request names two different companies. */
function refuseDisagreeing(namings: readonly Naming[]): void {
  const [first, ...rest] = namings;
  const other = first && rest.find((naming) => !sameCompany(naming.value, first.value));
  if (!first || !other) return;
  // Names are written as sent (`company_id`); only "the query’s …" begins the sentence with a capital.
  const a = called(first, other).replace(/^the /, 'The ');
  const message = `${a} and ${called(other, first)} name different companies.`;
  throw invalid({ [fieldKey(first)]: [message], [fieldKey(other)]: [message] });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Normalises the request's naming of its company (its query and a JSON body) to the one place and spelling the
 * route reads, after refusing two that disagree. Answers what names the company, or undefined when nothing does
 * (the wrapper then says which field is missing).
 */
export function normaliseCompanyNaming(request: FastifyRequest, named: NamedCompany): unknown {
  const query: Record<string, unknown> = { ...(request.query as Record<string, unknown> | undefined) };
  const body = isPlainObject(request.body) ? { ...request.body } : undefined;
  const namings: Naming[] = [];
  for (const spelling of COMPANY_SPELLINGS) {
    if (query[spelling] !== undefined) namings.push({ place: 'query', spelling, value: query[spelling] });
    if (body?.[spelling] !== undefined) namings.push({ place: 'body', spelling, value: body[spelling] });
  }
  refuseDisagreeing(namings);
  const chosen =
    namings.find((naming) => naming.place === named.place && naming.spelling === named.name) ?? namings[0];
  if (!chosen) return undefined;
  for (const naming of namings) delete (naming.place === 'query' ? query : (body ?? {}))[naming.spelling];
  if (named.place === 'query') {
    // A query's values are text (a JSON body's id arrives as a number); its schema coerces either.
    query[named.name] = typeof chosen.value === 'number' ? String(chosen.value) : chosen.value;
  } else if (body || request.body === undefined || request.body === null) {
    // A body's id is a number (a query's arrives as text); what is no id stays as sent, for the 422 to name.
    const id = IdParamSchema.safeParse(chosen.value);
    request.body = { ...body, [named.name]: id.success ? id.data : chosen.value };
  }
  request.query = query;
  if (body && named.place === 'query') request.body = body;
  return chosen.value;
}

/* ------------------------------------------- multipart forms -------------------------------------------- */

/** Every part a form may have while it is read for its company (the route's own limits apply when it reads it). */
const SCAN_LIMITS = { files: 100, fields: 1000, parts: 1100, fieldSize: 1024 * 1024 };

/** The most a form read for its company may carry in all (as the app's largest upload, app.ts). */
export const FORM_SCAN_MAX_BYTES = 50 * 1024 * 1024;

/** A multipart request's body is a stream the handler reads once: its company fields are read as it arrives. */
function requestOn(request: FastifyRequest, raw: NodeJS.ReadableStream): FastifyRequest {
  return Object.create(request, { raw: { value: raw } }) as FastifyRequest;
}

/**
 * A multipart form that names its company only in its fields (§7 "POST /campaigns multipart (…, media[],
 * company_id)", in any order, files first or last): the form is read once for its company fields while it is
 * kept in a temporary file, and the handler then reads it from there as if it were arriving, with its own limits.
 * Answers the company (the wrapper puts it in the query, where the route reads it), or undefined when the form
 * names none. The temporary file goes when the answer has been sent.
 */
export async function readFormCompany(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const kept = join(tmpdir(), `switchboard-form-${randomUUID()}`);
  reply.raw.once('close', () => void rm(kept, { force: true }));
  const file = createWriteStream(kept);
  // Listened to at once: a disk failure is this request's 500, never an unhandled error.
  const written = finished(file);
  written.catch(() => undefined);
  const scanned = Object.assign(new PassThrough(), { headers: request.raw.headers });
  let size = 0;
  request.raw.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= FORM_SCAN_MAX_BYTES || scanned.destroyed) return;
    request.raw.unpipe(file);
    request.raw.unpipe(scanned);
    file.end();
    scanned.destroy(new HttpError(413, 'The upload is too large.'));
  });
  // A client that goes away mid-upload ends the reading (as the multipart plugin does for a request).
  request.raw.once('close', () => {
    if (!request.raw.complete) scanned.destroy();
  });
  request.raw.pipe(file);
  request.raw.pipe(scanned);
  const namings: Naming[] = [];
  for await (const part of multipartParts(requestOn(request, scanned), { limits: SCAN_LIMITS })) {
    if (part.type === 'file') {
      part.file.resume();
      continue;
    }
    const { fieldname, value } = part as FieldPart;
    if ((COMPANY_SPELLINGS as readonly string[]).includes(fieldname))
      namings.push({ place: 'form', spelling: fieldname, value });
  }
  await written;
  refuseDisagreeing(namings);
  const replay = Object.assign(createReadStream(kept), { headers: request.raw.headers });
  const original = request.parts;
  Object.defineProperty(request, 'parts', {
    configurable: true,
    value: (options?: Parameters<FastifyRequest['parts']>[0]) =>
      original.call(requestOn(request, replay), options),
  });
  return namings[0]?.value;
}

/**
 * A multipart form on a route whose company the query names: its company fields, read by the handler as they
 * arrive, must name the same one (422 naming both otherwise), so the form can never say another company.
 */
export function guardFormCompany(request: FastifyRequest, companyId: number, queryName: string): void {
  const query: Naming = { place: 'query', spelling: queryName, value: companyId };
  const original = request.parts;
  async function* guarded(options?: Parameters<FastifyRequest['parts']>[0]) {
    for await (const part of original.call(request, options)) {
      const { type, fieldname, value } = part as FieldPart;
      if (type === 'field' && (COMPANY_SPELLINGS as readonly string[]).includes(fieldname))
        refuseDisagreeing([query, { place: 'form', spelling: fieldname, value }]);
      yield part;
    }
  }
  Object.defineProperty(request, 'parts', { configurable: true, value: guarded });
}
