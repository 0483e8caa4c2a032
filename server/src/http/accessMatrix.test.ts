/**
 * The access matrix, generated from the route table: every route × every role (and anonymous) × own, foreign
 * and missing companies. Routes added by later issues join automatically; a route that declares no access
 * cannot even be registered, and a route whose company comes from a record needs a fixture here.
 * Expectations come from the shared matrix (docs/permissions.md): 401 anonymous, 404 for another company or
 * none, 403 when the role lacks the permission, anything else when it has it.
 */
import { effectiveRole, type Permission, roleCan } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../app';
import { invitations } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Who acts, and their role in Demo Motors (the "own" company). */
const ACTORS: { email: string; role: Role }[] = [
  { email: 'owner@demo.test', role: 'owner' },
  { email: 'admin@demo.test', role: 'administrator' },
  { email: 'billing@demo.test', role: 'billing' },
  { email: 'reporting@demo.test', role: 'reporting' },
  { email: 'agent@demo.test', role: 'user' },
  { email: 'orgadmin@demo.test', role: effectiveRole({ isOrganizationAdmin: true }) as Role },
  { email: 'superadmin@demo.test', role: effectiveRole({ isPlatformAdmin: true }) as Role },
];

type Target = 'own' | 'foreign' | 'missing';

/**
 * Ids for the `:id` of routes whose company does not come from the path: a record of Demo Motors ("own") and
 * one of Other Co ("foreign"). Created once per run.
 */
const FIXTURES: Record<string, (t: TestApp) => Promise<{ own: number; foreign: number }>> = {
  'POST /api/users/invites/:id/resend': async (t) => {
    const [own, foreign] = await t.ctx.db
      .insert(invitations)
      .values([
        {
          company_id: t.ids.companies.demoMotors,
          email: 'matrix-own@x.test',
          name: 'Own',
          role: 'user',
          token_hash: 'matrix-own',
        },
        {
          company_id: t.ids.companies.otherCo,
          email: 'matrix-foreign@x.test',
          name: 'Foreign',
          role: 'user',
          token_hash: 'matrix-foreign',
        },
      ])
      .returning();
    return { own: own?.id ?? 0, foreign: foreign?.id ?? 0 };
  },
  'GET /api/users/:id': async (t) => ({
    own: t.ids.users['agent@demo.test'] ?? 0,
    foreign: t.ids.users['other@demo.test'] ?? 0,
  }),
  'PUT /api/users/:id': async (t) => ({
    own: t.ids.users['agent2@demo.test'] ?? 0,
    foreign: t.ids.users['other@demo.test'] ?? 0,
  }),
};
const fixtureIds = new Map<string, Promise<{ own: number; foreign: number }>>();

const MISSING = 999_999;

function companyIdFor(target: Target, ids: TestApp['ids']) {
  return target === 'own' ? ids.companies.demoMotors : target === 'foreign' ? ids.companies.otherCo : MISSING;
}

async function requestFor(route: RouteInfo, target: Target) {
  const key = `${route.method} ${route.url}`;
  const fixture = FIXTURES[key];
  if (fixture && !fixtureIds.has(key)) fixtureIds.set(key, fixture(t));
  const records = await fixtureIds.get(key);
  const [kind, name] = (route.companyFrom ?? '').split(':');
  const url = route.url.replace(/:(\w+)/g, (_m, param: string) => {
    if (kind === 'param' && param === name) return String(companyIdFor(target, t.ids));
    if (!records) throw new Error(`${key}: add a fixture for :${param} to FIXTURES`);
    return String(target === 'own' ? records.own : target === 'foreign' ? records.foreign : MISSING);
  });
  const query = kind === 'query' ? `?${name}=${companyIdFor(target, t.ids)}` : '';
  return {
    method: route.method as 'GET',
    url: `${url}${query}`,
    payload: route.method === 'GET' ? undefined : {},
  };
}

describe('every route declares its access', () => {
  it('the route table is not empty and every route has an access', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(20);
    for (const route of t.app.routeTable) expect(route.access, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('registering a route without one fails', async () => {
    const { buildApp } = await import('../app');
    const app = await buildApp(t.ctx, { logger: false });
    expect(() => app.get('/api/oops', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('every scoped route with an id the path does not name as its company has a fixture here', () => {
    for (const route of t.app.routeTable.filter((r) => r.companyFrom)) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const companyParam = route.companyFrom?.startsWith('param:') ? route.companyFrom.slice(6) : undefined;
      if (params.some((param) => param !== companyParam)) {
        expect(FIXTURES, `${route.method} ${route.url}`).toHaveProperty([`${route.method} ${route.url}`]);
      }
    }
  });
});

describe('anonymous callers', () => {
  it('get 401 from every route that is not public', async () => {
    for (const route of t.app.routeTable.filter((r) => r.access !== 'public')) {
      const response = await t.app.inject(await requestFor(route, 'own'));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('company-scoped routes: role × own, foreign and missing companies', () => {
  it.each(ACTORS)('$email ($role)', async ({ email, role }) => {
    const routes = t.app.routeTable.filter((r) => r.companyFrom);
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      for (const target of ['foreign', 'missing', 'own'] as const) {
        const response = await t.as(email, await requestFor(route, target));
        const where = `${email} ${route.method} ${route.url} (${target}) → ${response.statusCode} ${response.body.slice(0, 120)}`;
        const superadmin = email === 'superadmin@demo.test';
        if (target === 'missing' || (target === 'foreign' && !superadmin)) {
          expect(response.statusCode, where).toBe(404);
        } else if (!roleCan(role, route.access as Permission)) {
          expect(response.statusCode, where).toBe(403);
        } else {
          expect([401, 403, 404, 500], where).not.toContain(response.statusCode);
        }
      }
    }
  });
});

describe('platform routes', () => {
  it('only a platform admin passes', async () => {
    for (const route of t.app.routeTable.filter((r) => r.access === 'platform.admin')) {
      for (const { email } of ACTORS) {
        const response = await t.as(email, await requestFor(route, 'own'));
        const where = `${email} ${route.method} ${route.url} → ${response.statusCode}`;
        if (email === 'superadmin@demo.test') expect([401, 403], where).not.toContain(response.statusCode);
        else expect(response.statusCode, where).toBe(403);
      }
    }
  });
});
