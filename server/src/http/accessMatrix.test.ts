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
import { companies, invitations, organizationAdmins, organizations, users } from '../db/schema';
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
 * Ids for the path parameters the route's scope does not name: a record of the own side (Demo Motors, Demo Group)
 * and one of the foreign side (Other Co, another organization). Made afresh for each request, since some routes
 * delete what they are given.
 */
let serial = 0;
const FIXTURES: Record<string, (t: TestApp) => Promise<{ own: number; foreign: number }>> = {
  'POST /api/users/invites/:id/resend': async (t) => {
    serial++;
    const [own, foreign] = await t.ctx.db
      .insert(invitations)
      .values([
        {
          company_id: t.ids.companies.demoMotors,
          email: `own${serial}@x.test`,
          name: 'Own',
          role: 'user',
          token_hash: `own-${serial}`,
        },
        {
          company_id: t.ids.companies.otherCo,
          email: `foreign${serial}@x.test`,
          name: 'Foreign',
          role: 'user',
          token_hash: `foreign-${serial}`,
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
  'PUT /api/company/:id/account-status': async (t) => ({
    own: t.ids.companies.demoMotors,
    foreign: (await foreignCompany(t)) ?? 0,
  }),
  'DELETE /api/business-unit-companies/:id': async (t) => {
    const foreignOrg = await foreignOrganization(t);
    const [own, foreign] = await t.ctx.db
      .insert(companies)
      .values([
        { name: `Matrix own ${++serial}`, organization_id: t.ids.organizationId },
        { name: `Matrix foreign ${serial}`, organization_id: foreignOrg },
      ])
      .returning();
    return { own: own?.id ?? 0, foreign: foreign?.id ?? 0 };
  },
  'DELETE /api/business-units/:id/business-unit-users/:userId': async (t) => {
    const [user] = await t.ctx.db
      .insert(users)
      .values({ email: `matrix-admin-${++serial}@x.test`, name: 'Matrix Admin' })
      .returning();
    const id = user?.id ?? 0;
    await t.ctx.db.insert(organizationAdmins).values([
      { user_id: id, organization_id: t.ids.organizationId },
      { user_id: id, organization_id: await foreignOrganization(t) },
    ]);
    return { own: id, foreign: id };
  },
};

/** A company of the foreign organization. */
async function foreignCompany(t: TestApp): Promise<number | undefined> {
  const [company] = await t.ctx.db
    .insert(companies)
    .values({ name: `Matrix foreign ${++serial}`, organization_id: await foreignOrganization(t) })
    .returning();
  return company?.id;
}

let foreignOrgId: number | undefined;
/** An organization none of the actors administers (a platform admin administers all). */
async function foreignOrganization(t: TestApp): Promise<number> {
  if (foreignOrgId) return foreignOrgId;
  const [org] = await t.ctx.db.insert(organizations).values({ name: 'Foreign Group' }).returning();
  await t.ctx.db
    .insert(organizationAdmins)
    .values({ user_id: t.ids.users['other@demo.test'] ?? 0, organization_id: org?.id ?? 0 });
  foreignOrgId = org?.id ?? 0;
  return foreignOrgId;
}

const MISSING = 999_999;

async function scopeIdFor(target: Target, kind: 'company' | 'organization'): Promise<number> {
  if (target === 'missing') return MISSING;
  if (kind === 'company') return target === 'own' ? t.ids.companies.demoMotors : t.ids.companies.otherCo;
  return target === 'own' ? t.ids.organizationId : foreignOrganization(t);
}

async function requestFor(route: RouteInfo, target: Target) {
  const key = `${route.method} ${route.url}`;
  const records = FIXTURES[key] ? await FIXTURES[key](t) : undefined;
  const [kind, name] = (route.companyFrom ?? route.organizationFrom ?? '').split(':');
  const scope = route.companyFrom ? 'company' : 'organization';
  const scopeId = await scopeIdFor(target, scope);
  const url = route.url.replace(/:(\w+)/g, (_m, param: string) => {
    if (kind === 'param' && param === name) return String(scopeId);
    if (!records) {
      // Unscoped routes (about the caller's own records) are only called anonymously here.
      if (!route.companyFrom && !route.organizationFrom) return String(MISSING);
      throw new Error(`${key}: add a fixture for :${param} to FIXTURES`);
    }
    return String(target === 'own' ? records.own : target === 'foreign' ? records.foreign : MISSING);
  });
  const query = kind === 'query' ? `?${name}=${scopeId}` : '';
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
    for (const route of t.app.routeTable.filter((r) => r.companyFrom || r.organizationFrom)) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const from = route.companyFrom ?? route.organizationFrom ?? '';
      const companyParam = from.startsWith('param:') ? from.slice(6) : undefined;
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

/** Calls every route as `email` against the own, a foreign and a missing scope, and hands each answer to `check`. */
async function eachTarget(
  email: string,
  routes: RouteInfo[],
  check: (route: RouteInfo, target: Target, status: number, where: string) => void,
): Promise<void> {
  for (const route of routes) {
    for (const target of ['foreign', 'missing', 'own'] as const) {
      const response = await t.as(email, await requestFor(route, target));
      check(
        route,
        target,
        response.statusCode,
        `${email} ${route.method} ${route.url} (${target}) → ${response.statusCode} ${response.body.slice(0, 120)}`,
      );
    }
  }
}

describe('company-scoped routes: role × own, foreign and missing companies', () => {
  it.each(ACTORS)('$email ($role)', async ({ email, role }) => {
    const routes = t.app.routeTable.filter((r) => r.companyFrom);
    expect(routes.length).toBeGreaterThan(5);
    await eachTarget(email, routes, (route, target, status, where) => {
      const superadmin = email === 'superadmin@demo.test';
      if (target === 'missing' || (target === 'foreign' && !superadmin)) expect(status, where).toBe(404);
      else if (!roleCan(role, route.access as Permission)) expect(status, where).toBe(403);
      else expect([401, 403, 404, 500], where).not.toContain(status);
    });
  });
});

describe('organization routes: admins of that organization (or a platform admin) only', () => {
  it.each(ACTORS)('$email', async ({ email }) => {
    const routes = t.app.routeTable.filter((r) => r.organizationFrom);
    expect(routes.length).toBeGreaterThan(5);
    await eachTarget(email, routes, (_route, target, status, where) => {
      const superadmin = email === 'superadmin@demo.test';
      const allowed =
        target !== 'missing' && (superadmin || (target === 'own' && email === 'orgadmin@demo.test'));
      if (allowed) expect([401, 403, 404, 500], where).not.toContain(status);
      else expect(status, where).toBe(404);
    });
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
