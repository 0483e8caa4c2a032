/** The OpenAPI document is generated from the contract and covers every route that has one. */
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../testing/testApp';

const t = sharedTestApp();

describe('GET /api/docs/json', () => {
  it('is public and lists every contract route with its schemas and access', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of t.app.routeTable.filter((r) => r.contract)) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toMatchObject({
        summary: route.contract?.summary,
      });
    }
    const login = doc.paths['/api/sanctum/login']?.post as {
      requestBody: {
        content: {
          'application/json': { schema: { properties: Record<string, unknown>; required: string[] } };
        };
      };
      security: unknown[];
    };
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'email',
      'password',
      'remember',
    ]);
    expect(login.security).toEqual([]);
    const users = doc.paths['/api/users']?.get as {
      description: string;
      parameters: { name: string; in: string }[];
    };
    expect(users.description).toMatch(/users\.view/);
    expect(users.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['companyId', 'page', 'perPage', 'search']),
    );
  });
});
