/**
 * The OpenAPI document is generated from the contract and covers every route that has one; each operation is named
 * after its contract entry and lists the client errors its route can answer; and it lints clean with Redocly's
 * recommended rules (the rules the outside probe ran, `npx @redocly/cli lint`), so a generated client reads it.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { CONTRACT } from '@shared/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp } from '../testing/testApp';

const t = sharedTestApp();

interface Operation {
  operationId?: string;
  summary: string;
  description: string;
  parameters: { name: string; in: string; description?: string }[];
  responses: Record<string, { $ref?: string }>;
  security: unknown[];
}

interface Document {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
}

let text = '';
let doc: Document;
beforeAll(async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  text = response.body;
  doc = response.json<Document>();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

describe('GET /api/docs/json', () => {
  it('is public and lists every contract route with its schemas and access', async () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const route of t.app.routeTable.filter((r) => r.contract)) {
      expect(
        operations().some(
          (one) =>
            one.method === route.method.toLowerCase() &&
            one.path.replace(/\{\w+\}/g, '{}') === route.url.replace(/:\w+/g, '{}') &&
            one.operation.summary === route.contract?.summary,
        ),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
    const login = doc.paths['/api/sanctum/login']?.post as Operation & {
      requestBody: {
        content: {
          'application/json': { schema: { properties: Record<string, unknown>; required: string[] } };
        };
      };
    };
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'email',
      'password',
      'remember',
    ]);
    expect(login.security).toEqual([]);
    const users = doc.paths['/api/users']?.get as Operation;
    expect(users.description).toMatch(/users\.view/);
    expect(users.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['companyId', 'page', 'perPage', 'search']),
    );
  });

  it('names each operation after its contract entry (CONTRACT.area.name → area.name), every name once', () => {
    const expected = Object.entries(CONTRACT).flatMap(([area, table]) =>
      Object.keys(table).map((name) => `${area}.${name}`),
    );
    const ids = operations().map((one) => one.operation.operationId);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(ids.sort()).toEqual(expected.sort());
    expect(doc.paths['/api/sanctum/login']?.post?.operationId).toBe('auth.login');
  });

  it('lists the client errors each route can answer, from its access, company and input', () => {
    const codes = (path: string, method: string) => Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    // Public, takes a body: refused input and throttling, never 401/403.
    expect(codes('/api/sanctum/login', 'post')).toEqual(['200', '422', '429', '4XX', '5XX']);
    // A permission in a company named in the query: 401, 403 by role, 404 for another company, 422, 429.
    expect(codes('/api/users', 'get')).toEqual(['200', '401', '403', '404', '422', '429', '4XX', '5XX']);
    // Signed in, about oneself, no input.
    expect(codes('/api/user', 'get')).toEqual(['200', '401', '429', '4XX', '5XX']);
    expect(doc.paths['/api/users']?.get?.responses['422']).toEqual({
      $ref: '#/components/responses/Invalid',
    });
    const invalid = (doc as unknown as { components: { responses: Record<string, unknown> } }).components
      .responses.Invalid;
    expect(invalid).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    });
  });

  it('files two paths that differ only in a segment’s name under one (GET /blocks/{companyId}, DELETE /blocks/{id})', () => {
    const blocks = doc.paths['/api/blocks/{companyId}'];
    expect(Object.keys(blocks ?? {}).sort()).toEqual(['delete', 'get']);
    expect(doc.paths['/api/blocks/{id}']).toBeUndefined();
    expect(blocks?.delete?.parameters).toEqual([
      expect.objectContaining({
        name: 'companyId',
        in: 'path',
        description: expect.stringMatching(/\bid\b/),
      }),
    ]);
  });

  it('says how a company may be named', () => {
    expect(doc.info.description).toContain(
      'Where a company is named in the query or the body, `company_id` and `companyId` are both accepted in either place; two that name different companies are refused (422).',
    );
  });

  it('lints with no error and at most 50 warnings (Redocly recommended rules)', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const said = (severity: string) =>
      problems
        .filter((problem) => problem.severity === severity)
        .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`);
    expect(said('error')).toEqual([]);
    const warnings = said('warn');
    expect(warnings.length, warnings.join('\n')).toBeLessThanOrEqual(50);
  });
});
