/**
 * One way to declare a route: its contract endpoint (method, path, zod schemas), the one permission it needs,
 * and where its company comes from. The wrapper validates input (422 with per-field messages), resolves the
 * company, and checks the caller's role before the handler runs, so no handler checks roles by hand.
 * A record of another company answers 404, as if it did not exist; a forbidden action in one's own company 403.
 * A change replayed from offline onto a record changed since is refused with 409 (http/conflicts.ts).
 */
import { type Endpoint, ID_MAX, IdParamSchema, successStatus } from '@shared/api/contract';
import { VALIDATION_MESSAGE, validationEnvelope } from '@shared/api/errors';
import { activityOf } from '@shared/domain/billing';
import { effectiveRole, type Permission, roleCan } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/users';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { companies, organizations } from '../db/schema';
import { HttpError, notFound } from '../lib/errors';
import type { Caller } from './caller';
import {
  guardFormCompany,
  type NamedCompany,
  normaliseCompanyNaming,
  readFormCompany,
} from './companyNaming';
import { refuseStaleChange } from './conflicts';
import type { AppContext } from './context';
import { hostileInputErrors } from './hostileInput';
import { foreignReferences } from './references';
import { responseChecker } from './responseCheck';

/** `public`: anyone; `authenticated`: any signed-in user, about themselves; else a permission of the matrix. */
export type Access = 'public' | 'authenticated' | Permission;

type Input<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

export interface CompanyAccess {
  id: number;
  organizationId: number | null;
  role: Role;
}

export interface HandlerInput<E extends Endpoint> {
  params: Input<E, 'params'>;
  query: Input<E, 'query'>;
  body: Input<E, 'body'>;
  caller: E extends unknown ? Caller | null : never;
  company: CompanyAccess | null;
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** With a signed-in caller guaranteed (every access but `public`). */
export type SignedIn<E extends Endpoint> = Omit<HandlerInput<E>, 'caller'> & { caller: Caller };
/** With a company guaranteed (routes that declare where their company comes from). */
export type InCompany<E extends Endpoint> = SignedIn<E> & {
  company: CompanyAccess;
  organization: { id: number };
};

/**
 * Where the company a request acts on comes from. `query` and `body` are the company the request names: either
 * spelling (`company_id`, `companyId`) in the query or the body is taken (http/companyNaming.ts), and put where
 * the route's schemas read it — in the query or the body, under the name given here.
 */
export type CompanyFrom<E extends Endpoint> =
  | { param: string }
  | { query: string }
  | { body: string }
  /** A route about one record by its id: the record's company, or null when there is no such record (→ 404). */
  | { record: (input: SignedIn<E>) => Promise<number | null> };

/** Where the organization (business unit) an `organization.manage` route acts on comes from. */
export type OrganizationFrom<E extends Endpoint> =
  | { param: string }
  | { query: string }
  | { record: (input: SignedIn<E>) => Promise<number | null> };

export interface RouteSpec<E extends Endpoint> {
  endpoint: E;
  access: Access;
  company?: CompanyFrom<E>;
  organization?: OrganizationFrom<E>;
  /**
   * A public route's own allowance per client address (@fastify/rate-limit's route config), when the app-wide one
   * does not fit it: the tracking script's calls come from every visitor of a customer's site.
   */
  rateLimit?: { max: number; timeWindow: number };
  /**
   * Answers the endpoint's response shape (checked by tsc against the contract), nothing for an empty answer, or
   * the reply itself when the handler has sent its own (a file, a stream, TwiML).
   */
  handler: (input: InCompany<E>) => Promise<HandlerAnswer<E>>;
}

/** What a handler may answer: its contract's response (as sent), nothing, or the reply it sent itself. */
export type HandlerAnswer<E extends Endpoint> =
  // biome-ignore lint/suspicious/noConfusingVoidType: an empty answer's handler is `async () => { … }`, a Promise<void>
  (E extends { response: infer R extends z.ZodType } ? z.input<R> : undefined | void) | FastifyReply;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route declares its access; a route without one fails at start-up (see app.ts). */
    access?: Access;
    contract?: Endpoint;
    /** Where the route's company comes from: `param:<name>`, `query:<name>`, `body:<name>` or `record`; none when not scoped. */
    companyFrom?: string;
    /** Where an organization route's organization comes from: `param:<name>` or `record`. */
    organizationFrom?: string;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** `/companies/{companyId}/tags` → `/companies/:companyId/tags`. */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** 422 when any part of the input holds what no route accepts (http/hostileInput.ts). */
function refuseHostile(value: unknown, where: 'params' | 'query' | 'body'): void {
  const hostile = hostileInputErrors(value, where === 'body' ? '' : where);
  if (Object.keys(hostile).length > 0) throw new HttpError(422, VALIDATION_MESSAGE, hostile);
}

/** The schema's answer for the input, or 422 with per-field messages (`where` prefixes them, but not a body's). */
function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'params' | 'query' | 'body',
): z.output<S> {
  const result = schema.safeParse(value ?? (where === 'body' ? {} : value));
  if (!result.success) {
    const envelope = validationEnvelope(result.error, where === 'body' ? '' : where);
    throw new HttpError(422, envelope.message, envelope.errors);
  }
  return result.data;
}

/**
 * Validates input a handler reads itself (multipart fields, a record's company read from the raw body), holding it
 * to the same rules as the input the route wrapper validates: hostile input refused, then the schema.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'params' | 'query' | 'body',
): z.output<S> {
  refuseHostile(value, where);
  return validate(schema, value, where);
}

/** An id read from raw input before validation (to find a record's company): the id, or null when it is none. */
export function idOrNull(value: unknown): number | null {
  const parsed = IdParamSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The route's own input, already checked for hostile input: its schema's answer, or undefined without one. */
function parse<S extends z.ZodType>(
  schema: S | undefined,
  value: unknown,
  where: 'params' | 'query' | 'body',
): z.output<S> | undefined {
  return schema ? validate(schema, value, where) : undefined;
}

const COMPANY_PERMISSION_FREE: readonly Access[] = [
  'public',
  'authenticated',
  'platform.admin',
  'organization.manage',
];

/**
 * Whether the caller administers an organization (a platform admin administers every one that exists). From what
 * the caller was resolved with (http/caller.ts `CallerAccess`); only a platform admin's needs a query.
 */
export async function administersOrganization(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
): Promise<boolean> {
  if (caller.access.administers.includes(organizationId)) return true;
  if (!caller.user.is_platform_admin) return false;
  const [organization] = await ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return !!organization;
}

/**
 * The caller's role in a company, or null when they have none there (not a member, not its org's admin). From
 * what the caller was resolved with: their membership, or the company among their organizations' companies;
 * only a platform admin acting in a company of neither needs a query (does it exist?).
 */
export async function roleInCompany(
  ctx: AppContext,
  caller: Caller,
  companyId: number,
): Promise<CompanyAccess | null> {
  const { access } = caller;
  const membership = access.memberships.find((one) => one.companyId === companyId);
  let organizationId: number | null;
  if (membership) organizationId = membership.organizationId;
  else {
    const viaOrganization = access.organizationCompanies.find((one) => one.id === companyId);
    if (viaOrganization) organizationId = viaOrganization.organizationId;
    else if (caller.user.is_platform_admin) {
      const [company] = await ctx.db
        .select({ organizationId: companies.organization_id })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      if (!company) return null;
      organizationId = company.organizationId;
    } else return null;
  }
  const role = effectiveRole({
    membershipRole: membership?.role ?? null,
    isOrganizationAdmin: organizationId !== null && access.administers.includes(organizationId),
    isPlatformAdmin: caller.user.is_platform_admin,
  });
  return role ? { id: companyId, organizationId, role } : null;
}

/** Where a route reads the company its request names, when it is named (not a path's, not a record's). */
function namedCompany<E extends Endpoint>(from: CompanyFrom<E> | undefined): NamedCompany | undefined {
  if (!from) return undefined;
  if ('query' in from) return { place: 'query', name: from.query };
  if ('body' in from) return { place: 'body', name: from.body };
  return undefined;
}

/** 422 when the request names no company where the route needs one named. */
function refuseUnnamed(named: NamedCompany): never {
  const key = named.place === 'query' ? `query.${named.name}` : named.name;
  throw new HttpError(422, VALIDATION_MESSAGE, {
    [key]: ['Say which company this is for: company_id (or companyId), in the query or the body.'],
  });
}

function idFrom(value: unknown, name: string): number {
  // Text (a path, a query) or a number (a JSON body); anything else names no record (and may not even convert).
  const id = typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
  if (!Number.isInteger(id) || id <= 0 || id > ID_MAX) {
    throw new HttpError(422, 'The given data was invalid.', {
      [name]: [`${name} must be a whole number from 1 to ${ID_MAX}.`],
    });
  }
  return id;
}

export function registerRoute<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: RouteSpec<E>,
): void {
  const { endpoint, access } = spec;
  if (access === 'organization.manage' && !spec.organization) {
    throw new Error(
      `${endpoint.method} ${endpoint.path}: organization.manage needs the route to say where its organization comes from`,
    );
  }
  if (!COMPANY_PERMISSION_FREE.includes(access) && !spec.company) {
    throw new Error(
      `${endpoint.method} ${endpoint.path}: permission ${access} needs the route to say where its company comes from`,
    );
  }
  // The API tests hold every answer to the contract (http/responseCheck.ts); production sends it as it is.
  const checkAnswer = ctx.config.checkResponses ? responseChecker(endpoint) : undefined;
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    config: {
      access,
      contract: endpoint,
      ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}),
      companyFrom: !spec.company
        ? undefined
        : 'param' in spec.company
          ? `param:${spec.company.param}`
          : 'query' in spec.company
            ? `query:${spec.company.query}`
            : 'body' in spec.company
              ? `body:${spec.company.body}`
              : 'record',
      organizationFrom: !spec.organization
        ? undefined
        : 'param' in spec.organization
          ? `param:${spec.organization.param}`
          : 'query' in spec.organization
            ? `query:${spec.organization.query}`
            : 'record',
    },
    handler: async (request, reply) => {
      // Order matters: who you are (401), then whether you may (404 across companies, 403 by role), and only
      // then what you sent (422), so a caller without access learns nothing from validation messages.
      const caller = request.caller;
      if (access !== 'public') {
        if (!caller) throw request.callerError ?? new HttpError(401, 'Unauthenticated.');
        if (access === 'platform.admin' && !caller.user.is_platform_admin) {
          throw new HttpError(403, 'Only a platform administrator may do this.');
        }
      }
      // What no schema may accept (NUL in text, `__proto__` keys) is refused before anything reads the input,
      // including the functions below that find a record's company from the raw body. It says nothing about
      // any record, so it may come before the 404 and 403.
      refuseHostile(request.params, 'params');
      refuseHostile(request.query, 'query');
      refuseHostile(request.body, 'body');
      // The company the request names, however it names it (http/companyNaming.ts), goes where the route's schemas
      // read it before they do. Naming none, or two different ones, is refused here: that says nothing of any record.
      const named = caller ? namedCompany(spec.company) : undefined;
      let namedValue: unknown;
      let formRead = false;
      if (named) {
        namedValue = normaliseCompanyNaming(request, named);
        if (namedValue === undefined && request.isMultipart()) {
          namedValue = await readFormCompany(request, reply);
          formRead = true;
          if (named.place === 'query' && namedValue !== undefined)
            request.query = { ...(request.query as object), [named.name]: namedValue };
        }
        if (namedValue === undefined) refuseUnnamed(named);
      }
      const input = {
        params: parse(endpoint.params, request.params, 'params'),
        query: parse(endpoint.query, request.query, 'query'),
        body: undefined,
        caller,
        company: null as CompanyAccess | null,
        ctx,
        request,
        reply,
      } as HandlerInput<E>;

      if (caller && spec.company) {
        const from = spec.company;
        let companyId: number | null;
        if ('param' in from)
          companyId = idFrom((request.params as Record<string, unknown>)[from.param], from.param);
        else if ('record' in from) companyId = await from.record(input as SignedIn<E>);
        else companyId = idFrom(namedValue, 'query' in from ? from.query : from.body);
        const company = companyId === null ? null : await roleInCompany(ctx, caller, companyId);
        if (!company || company.role === 'deactivated') throw notFound();
        if (
          access !== 'public' &&
          access !== 'authenticated' &&
          access !== 'platform.admin' &&
          !roleCan(company.role, access)
        ) {
          throw new HttpError(403, 'Your role in this company does not allow this.');
        }
        // The account's standing (past due, parked, deactivated) decides what it may still do: one rule for every
        // route (shared/domain/billing.ts STANDING_ALLOWS), answering 402/403 with the §8 text.
        await ctx.standing.refuseUnlessAllowed(company.id, activityOf(endpoint, access));
        input.company = company;
        // A form the handler reads as it arrives may name the company too: the same one, or 422.
        if (named && !formRead && request.isMultipart()) guardFormCompany(request, company.id, named.name);
      }
      if (caller && spec.organization) {
        const from = spec.organization;
        const organizationId =
          'param' in from
            ? idFrom((request.params as Record<string, unknown>)[from.param], from.param)
            : 'query' in from
              ? idFrom((request.query as Record<string, unknown>)[from.query], from.query)
              : await from.record(input as SignedIn<E>);
        if (organizationId === null || !(await administersOrganization(ctx, caller, organizationId)))
          throw notFound();
        (input as unknown as { organization: { id: number } }).organization = { id: organizationId };
      }
      input.body = parse(endpoint.body, request.body, 'body') as HandlerInput<E>['body'];
      // Ids in the body that name records must name the company's own (shared/api/contract.ts `reference`).
      if (endpoint.body && input.company) {
        const foreign = await foreignReferences(ctx, input.company.id, endpoint.body, input.body);
        if (Object.keys(foreign).length > 0) throw new HttpError(422, VALIDATION_MESSAGE, foreign);
      }
      // A change replayed from offline whose record someone else changed meanwhile is refused (http/conflicts.ts).
      await refuseStaleChange(ctx, endpoint, {
        headers: request.headers,
        params: input.params,
        userId: caller?.user.id ?? null,
        companyId: input.company?.id ?? null,
      });

      const result = await spec.handler(input as InCompany<E>);
      // A handler that answered itself (a streamed CSV download) has set its own status and headers. Its answer
      // may have started without finishing (the client hung up part-way): sending ours as well would write the
      // headers twice (ERR_HTTP_HEADERS_SENT).
      if (reply.sent || reply.raw.headersSent) return reply;
      const status = successStatus(endpoint);
      if (status !== 204 && result !== reply) checkAnswer?.(result);
      reply.status(status);
      if (status === 204 || result === undefined) return reply.send();
      return result;
    },
  });
}

/** Where the routes of one module find their company or organization, unless a route says otherwise. */
export interface ModuleScope {
  /** For every route that needs a permission in a company. */
  company?: SharedFrom;
  /** For every `organization.manage` route. */
  organization?: SharedFrom;
}

/** A source every route of a module can use: a parameter, or a lookup of the record its `id` parameter names. */
type SharedFrom =
  | { param: string }
  | { query: string }
  | { record: (input: { params: { id: number } }) => Promise<number | null> };

/** What a route declares beyond its endpoint, access and handler: where its company comes from, when not the module's. */
export type RouteScope<E extends Endpoint> = Pick<RouteSpec<E>, 'company' | 'organization' | 'rateLimit'>;

/**
 * Declares the routes of a module one line each — `route(E.list, 'contacts.view', handler)` — after the module has
 * said once where its routes' company (or organization) comes from. A route about itself (`authenticated`,
 * `public`, `platform.admin`) takes no company; a route whose company comes from elsewhere says so last.
 */
export function moduleRoutes(app: FastifyInstance, ctx: AppContext, scope: ModuleScope = {}) {
  return function route<E extends Endpoint>(
    endpoint: E,
    access: Access,
    handler: RouteSpec<E>['handler'],
    own: RouteScope<E> = {},
  ): void {
    // The module's shared lookup reads the `id` parameter each of its routes has (a route without one says its own).
    const shared = scope as RouteScope<E>;
    const company =
      'company' in own ? own.company : COMPANY_PERMISSION_FREE.includes(access) ? undefined : shared.company;
    const organization =
      'organization' in own
        ? own.organization
        : access === 'organization.manage'
          ? shared.organization
          : undefined;
    registerRoute(app, ctx, { endpoint, access, company, organization, handler, rateLimit: own.rateLimit });
  };
}
