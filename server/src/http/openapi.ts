/**
 * The OpenAPI 3.1 document of the API, generated from the route table and the contract's zod schemas (never
 * written by hand), served at `{API_PREFIX}/docs/json`.
 */
import { type Endpoint, successStatus } from '@shared/api/contract';
import { ErrorEnvelopeSchema } from '@shared/api/errors';
import { z } from 'zod';
import type { RouteInfo } from '../app';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const ACCESS_TEXT: Record<string, string> = {
  public: 'Public.',
  authenticated: 'Any signed-in user.',
  'platform.admin': 'Platform administrators only.',
};

export function openApiDocument(
  routes: RouteInfo[],
  options: { title: string; version: string; prefix: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = {
    description: 'Error envelope',
    content: { 'application/json': { schema: toSchema(ErrorEnvelopeSchema, 'output') } },
  };
  for (const route of routes) {
    const contract = route.contract as Endpoint | undefined;
    if (!contract) continue;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
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
      summary: contract.summary,
      description: access,
      parameters: [...parameters(contract.params, 'path'), ...parameters(contract.query, 'query')],
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
      responses: { [String(successStatus(contract))]: success, '4XX': error, '5XX': error },
      security: route.access === 'public' ? [] : [{ bearer: [] }, { session: [] }],
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version },
    servers: [{ url: options.prefix || '/' }],
    components: {
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
