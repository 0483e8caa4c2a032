/**
 * The OpenAPI 3.1 document of the API, generated from the route table and the contract's zod schemas (never
 * written by hand), served at `{API_PREFIX}/docs/json`. Each operation is named after its contract entry
 * (`CONTRACT.blocks.list` → operationId `blocks.list`) and lists the client errors its route can answer, read from
 * what the route declares: its access, where its company comes from and the input it takes. It lints clean with
 * Redocly's recommended rules (openapi.test.ts holds it to that).
 */
import { CONTRACT } from '@shared/api';
import { type Endpoint, successStatus } from '@shared/api/contract';
import { ErrorEnvelopeSchema } from '@shared/api/errors';
import { z } from 'zod';
import type { RouteInfo } from '../app';

type JsonSchema = Record<string, unknown>;

const DESCRIPTION = [
  'The Switchboard platform API. Every failed answer is the error envelope `{ message, errors }`; on a 422 `errors`',
  'names each refused field with its messages. Permissions are those of docs/permissions.md.',
  'Where a company is named in the query or the body, `company_id` and `companyId` are both accepted in either place;',
  'two that name different companies are refused (422).',
].join(' ');

const ACCESS_TEXT: Record<string, string> = {
  public: 'Public.',
  authenticated: 'Any signed-in user.',
  'platform.admin': 'Platform administrators only.',
};

export function openApiDocument(
  routes: RouteInfo[],
  options: { title: string; version: string; prefix: string },
) {
  const operationIds = contractNames();
  const templates = new PathTemplates();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const contract = route.contract;
    if (!contract) continue;
    const { path, rename } = templates.of(route.url);
    const access =
      ACCESS_TEXT[route.access ?? ''] ?? `Needs the permission ${route.access} (docs/permissions.md).`;
    const success = contract.response
      ? {
          description: 'Success',
          content: { 'application/json': { schema: toSchema(contract.response, 'output') } },
        }
      : { description: 'Success, no content' };
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: operationIds.get(contract),
      summary: contract.summary,
      description: access,
      parameters: [...pathParameters(contract.params, rename), ...queryParameters(contract.query)],
      ...(contract.body
        ? {
            requestBody: {
              required: true,
              content: {
                [contract.multipart ? 'multipart/form-data' : 'application/json']: {
                  schema: toSchema(contract.body, 'input'),
                },
              },
            },
          }
        : {}),
      responses: {
        [String(successStatus(contract))]: success,
        ...clientErrors(route, contract),
        '4XX': { $ref: '#/components/responses/OtherClientError' },
        '5XX': { $ref: '#/components/responses/ServerError' },
      },
      security: route.access === 'public' ? [] : [{ bearer: [] }, { session: [] }],
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, description: DESCRIPTION },
    servers: [{ url: options.prefix || '/' }],
    components: {
      schemas: { ErrorEnvelope: toSchema(ErrorEnvelopeSchema, 'output') },
      responses: ERROR_RESPONSES,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An access token or an API key.' },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'switchboard_session',
          description: 'Same-origin browsers; writes echo XSRF-TOKEN in X-XSRF-TOKEN.',
        },
      },
    },
    paths,
  };
}

/* ----------------------------------------------- operation ids ----------------------------------------------- */

/**
 * Each endpoint's name in the contract, `area.name`: the name the renderer calls it by (`CONTRACT.area.name`), so
 * it is unique and stays put when a path changes. Every route's endpoint is listed in `CONTRACT` once
 * (openapi.test.ts checks every operation has its name).
 */
function contractNames(): Map<Endpoint, string> {
  const names = new Map<Endpoint, string>();
  for (const [area, table] of Object.entries(CONTRACT)) {
    for (const [name, endpoint] of Object.entries(table)) names.set(endpoint, `${area}.${name}`);
  }
  return names;
}

/* -------------------------------------------------- paths -------------------------------------------------- */

/**
 * OpenAPI names each path segment once for every call on that path, while the spec's paths may name the same
 * segment differently per method (`GET /blocks/{companyId}` lists a company's blocks, `DELETE /blocks/{id}` lifts
 * one block). Two templates that differ only in their names are one path to OpenAPI (two would be the error
 * `no-identical-paths`), so the later route is filed under the first one's template, its parameter renamed.
 */
class PathTemplates {
  private readonly byShape = new Map<string, string[]>();

  /** The document's path for a Fastify url (`/blocks/:id`), and the route's names that it spells otherwise. */
  of(url: string): { path: string; rename: Map<string, string> } {
    const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
    const shape = url.replace(/:\w+/g, ':');
    const first = this.byShape.get(shape) ?? names;
    this.byShape.set(shape, first);
    const rename = new Map(
      names.flatMap((name, at) => (first[at] === name ? [] : [[name, first[at] as string] as const])),
    );
    let at = 0;
    return { path: url.replace(/:\w+/g, () => `{${first[at++]}}`), rename };
  }
}

function pathParameters(schema: z.ZodType | undefined, rename: Map<string, string>) {
  return Object.entries(objectOf(schema).properties).map(([name, property]) => {
    const documented = rename.get(name);
    return {
      name: documented ?? name,
      in: 'path',
      required: true,
      schema: property,
      ...(documented
        ? { description: `This call's ${name} (other calls on this path name the segment ${documented}).` }
        : {}),
    };
  });
}

function queryParameters(schema: z.ZodType | undefined) {
  const { properties, required } = objectOf(schema);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema: property,
  }));
}

/** The fields of a params or query schema (always an object), each a JSON schema, and which are required. */
function objectOf(schema: z.ZodType | undefined) {
  const json = (schema ? toSchema(schema, 'input') : {}) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return { properties: json.properties ?? {}, required: json.required ?? [] };
}

/* ---------------------------------------------- client errors ---------------------------------------------- */

const errorAnswer = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

/** One description per answer, referenced by every operation that can give it. */
const ERROR_RESPONSES = {
  Unauthenticated: errorAnswer('Not signed in, or the token or session is no longer valid.'),
  Forbidden: errorAnswer(
    'Signed in but not allowed: platform administrators only, a role in the company without the permission, or an account whose standing does not allow it.',
  ),
  NotFound: errorAnswer(
    'No such record, or one of a company or organization the caller has no access to: both answer alike, so nothing is learnt about other companies.',
  ),
  Invalid: errorAnswer(
    'The input was refused: `errors` names each field (dotted path, `query.` or `params.` before a query or path value) with its messages.',
  ),
  TooManyRequests: errorAnswer('Too many requests from this token, session or address.', {
    'Retry-After': { description: 'Seconds until a request is allowed again.', schema: { type: 'integer' } },
  }),
  OtherClientError: errorAnswer(
    'Another client error: a malformed or oversized body, a body that is not JSON, a conflict, a refusal of the handler.',
  ),
  ServerError: errorAnswer('The server failed.'),
};

/** What the route wrapper (http/route.ts) and the app-wide rate limit can answer before the handler runs. */
function clientErrors(route: RouteInfo, contract: Endpoint): Record<string, { $ref: string }> {
  const answer = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });
  const scoped = !!route.companyFrom || !!route.organizationFrom;
  const takesInput = !!(contract.params || contract.query || contract.body);
  return {
    ...(route.access !== 'public' ? { '401': answer('Unauthenticated') } : {}),
    ...(route.access === 'platform.admin' || route.companyFrom ? { '403': answer('Forbidden') } : {}),
    ...(scoped || contract.params ? { '404': answer('NotFound') } : {}),
    ...(takesInput || scoped ? { '422': answer('Invalid') } : {}),
    '429': answer('TooManyRequests'),
  };
}

/* ------------------------------------------------- schemas ------------------------------------------------- */

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }) => plainer(jsonSchema as JsonSchema),
  }) as JsonSchema;
  return rest;
};

/** Rewrites two of zod's shapes into equal ones that OpenAPI tools read without a warning. */
function plainer(json: JsonSchema): void {
  // `z.unknown().nullable()` is `anyOf: [{}, {type: null}]`: anything or null, which is anything.
  if (Array.isArray(json.anyOf) && json.anyOf.some((one) => Object.keys(one as object).length === 0)) {
    delete json.anyOf;
  }
  // `z.record(z.enum([...]), value)` has every key of the enum: said as properties, tools see what is required.
  const keys = (json.propertyNames as JsonSchema | undefined)?.enum;
  if (Array.isArray(keys) && json.additionalProperties && !json.properties) {
    json.properties = Object.fromEntries(keys.map((key) => [String(key), json.additionalProperties]));
    json.additionalProperties = false;
    delete json.propertyNames;
  }
}
