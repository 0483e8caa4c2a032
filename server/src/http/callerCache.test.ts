/**
 * The cache of callers (http/callerCache.ts) never outlives a change: each change to what a caller is — a role,
 * a deactivation, a password, a sign-out (one credential, or everywhere), an API key, the profile, an organization's
 * admins — takes effect on the caller's very next request. On one instance, and across two instances of one
 * deployment (two apps on one database, two Redis clusters under one prefix): the change made on A, the next
 * request on B, with no wait between them.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCluster, redisCluster } from '../cluster';
import { memberships, users } from '../db/schema';
import { hashPassword } from '../lib/secrets';
import { invitationTokenMailedTo } from '../modules/businessUnits/testing';
import { DEMO_PASSWORD } from '../seed/demo';
import { createTestInstances, type TestInstances } from '../testing/instances';
import { testRedisUrl } from '../testing/redis';
import { sharedTestApp, type TestApp } from '../testing/testApp';
import type { CallerRecord } from './caller';
import { CallerCache } from './callerCache';

const NEW_PASSWORD = 'a-new-password-7';

/** Who a scenario changes: a user of its own, a `user` in Demo Motors (and Demo Realty), signed in twice. */
interface Subject {
  id: number;
  email: string;
  /** Two sign-ins (two token pairs' access tokens), both used once before the change, so both are remembered. */
  tokens: [string, string];
}

/** Where the change is made and where the next request goes: the same app, or instance A then instance B. */
interface Sides {
  changeOn: TestApp;
  checkOn: TestApp;
}

const as = (app: TestApp, token: string, options: InjectOptions) =>
  app.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
const getUser = (app: TestApp, token: string) => as(app, token, { method: 'GET', url: '/api/user' });
const companyOf = (app: TestApp, token: string, companyId: number) =>
  as(app, token, { method: 'GET', url: `/api/company/${companyId}` });

async function signIn(app: TestApp, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/sanctum/login',
    payload: { email, password },
  });
  const token = response.json<{ access_token?: string }>().access_token;
  if (!token) throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  return token;
}

let serial = 0;
/**
 * A user of the scenario's own (so scenarios never meet): a `user` of Demo Motors and, unless `motorsOnly`, of
 * Demo Realty; signed in twice.
 */
async function newSubject(app: TestApp, motorsOnly = false): Promise<Subject> {
  const email = `cached-${process.pid}-${++serial}@demo.test`;
  const [user] = await app.ctx.db
    .insert(users)
    .values({ email, name: `Cached ${serial}`, password_hash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  const { demoMotors, demoRealty } = app.ids.companies;
  await app.ctx.db.insert(memberships).values(
    (motorsOnly ? [demoMotors] : [demoMotors, demoRealty]).map((company_id) => ({
      user_id: user.id,
      company_id,
      role: 'user',
    })),
  );
  return { id: user.id, email, tokens: [await signIn(app, email), await signIn(app, email)] };
}

/** The Demo Motors role GET /user answers for the subject (undefined when Demo Motors is not listed). */
async function roleInMotors(app: TestApp, token: string): Promise<string | undefined> {
  const body = (await getUser(app, token)).json<{ companies: { id: number; role: string }[] }>();
  return body.companies.find((company) => company.id === app.ids.companies.demoMotors)?.role;
}

interface Scenario {
  change: string;
  /** The subject is a member of Demo Motors only (so a deactivation there is in their last company). */
  motorsOnly?: boolean;
  /** Optional set-up through the API before the subject's sign-ins are remembered. */
  prepare?: (sides: Sides, subject: Subject) => Promise<void>;
  /** What holds before the change (on the side that will check), proving the change is what moved it. */
  before: (sides: Sides, subject: Subject) => Promise<void>;
  act: (sides: Sides, subject: Subject) => Promise<void>;
  after: (sides: Sides, subject: Subject) => Promise<void>;
}

const expectStatus = async (response: Promise<{ statusCode: number; body: string }>, status: number) => {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
};

const orgAdminSignIn = new WeakMap<TestApp, Promise<string>>();
const orgAdmin = (app: TestApp) => {
  let token = orgAdminSignIn.get(app);
  if (!token) {
    token = signIn(app, 'orgadmin@demo.test');
    orgAdminSignIn.set(app, token);
  }
  return token;
};
/** Demo Group's admin invites the subject to administer it, and the subject accepts (the change). */
const addOrganizationAdmin = async (app: TestApp, subject: Subject) => {
  await expectStatus(
    as(app, await orgAdmin(app), {
      method: 'POST',
      url: `/api/business-units/${app.ids.organizationId}/business-unit-users`,
      payload: { email: subject.email },
    }),
    200,
  );
  await expectStatus(
    as(app, subject.tokens[0], {
      method: 'POST',
      url: '/api/business-unit-invitations/accept',
      payload: { token: await invitationTokenMailedTo(app.ctx.db, subject.email) },
    }),
    200,
  );
};

/** The API key each 'API key revoked' subject made, by user id. */
const apiKeyIds = new Map<number, number>();

const SCENARIOS: Scenario[] = [
  {
    change: 'a role change (made administrator by the owner)',
    before: async ({ checkOn }, { tokens }) => {
      expect(await roleInMotors(checkOn, tokens[0])).toBe('user');
      await expectStatus(
        as(checkOn, tokens[0], {
          method: 'GET',
          url: `/api/users?companyId=${checkOn.ids.companies.demoMotors}`,
        }),
        403,
      );
    },
    act: async ({ changeOn }, { id }) =>
      expectStatus(
        changeOn.as('owner@demo.test', {
          method: 'PUT',
          url: `/api/users/${id}?companyId=${changeOn.ids.companies.demoMotors}`,
          payload: { role: 'administrator' },
        }),
        200,
      ),
    after: async ({ checkOn }, { tokens }) => {
      expect(await roleInMotors(checkOn, tokens[0])).toBe('administrator');
      await expectStatus(
        as(checkOn, tokens[1], {
          method: 'GET',
          url: `/api/users?companyId=${checkOn.ids.companies.demoMotors}`,
        }),
        200,
      );
    },
  },
  {
    change: 'a deactivation in one of their companies',
    before: async ({ checkOn }, { tokens }) =>
      expectStatus(companyOf(checkOn, tokens[0], checkOn.ids.companies.demoRealty), 200),
    act: async ({ changeOn }, { id }) =>
      expectStatus(
        changeOn.as('owner@demo.test', {
          method: 'POST',
          url: `/api/user-activation/deactivate?companyId=${changeOn.ids.companies.demoRealty}`,
          payload: { user_ids: [id] },
        }),
        200,
      ),
    after: async ({ checkOn }, { tokens }) => {
      await expectStatus(companyOf(checkOn, tokens[0], checkOn.ids.companies.demoRealty), 404);
      const listed = (await getUser(checkOn, tokens[1])).json<{ companies: { id: number }[] }>().companies;
      expect(listed.map((company) => company.id)).toEqual([checkOn.ids.companies.demoMotors]);
    },
  },
  {
    change: 'a deactivation in their last company (every sign-in ends)',
    motorsOnly: true,
    before: async ({ checkOn }, { tokens }) => expectStatus(getUser(checkOn, tokens[0]), 200),
    act: async ({ changeOn }, { id }) =>
      expectStatus(
        changeOn.as('owner@demo.test', {
          method: 'POST',
          url: `/api/user-activation/deactivate?companyId=${changeOn.ids.companies.demoMotors}`,
          payload: { user_ids: [id] },
        }),
        200,
      ),
    after: async ({ checkOn }, { tokens }) => {
      await expectStatus(getUser(checkOn, tokens[0]), 401);
      await expectStatus(getUser(checkOn, tokens[1]), 401);
    },
  },
  {
    change: 'a password change (the other sign-in ends; this one checks the new password)',
    before: async ({ checkOn }, { tokens }) => expectStatus(getUser(checkOn, tokens[1]), 200),
    act: async ({ changeOn }, { tokens }) =>
      expectStatus(
        as(changeOn, tokens[0], {
          method: 'POST',
          url: '/api/users/update-password',
          payload: {
            current_password: DEMO_PASSWORD,
            password: NEW_PASSWORD,
            password_confirmation: NEW_PASSWORD,
          },
        }),
        200,
      ),
    after: async ({ checkOn }, { tokens }) => {
      await expectStatus(getUser(checkOn, tokens[1]), 401);
      await expectStatus(getUser(checkOn, tokens[0]), 200);
      // The sign-in that changed it was resolved with the old hash before: the old password is no longer current.
      await expectStatus(
        as(checkOn, tokens[0], {
          method: 'POST',
          url: '/api/users/update-password',
          payload: {
            current_password: DEMO_PASSWORD,
            password: 'yet-another-password-8',
            password_confirmation: 'yet-another-password-8',
          },
        }),
        422,
      );
    },
  },
  {
    change: 'signing out everywhere',
    before: async ({ checkOn }, { tokens }) => expectStatus(getUser(checkOn, tokens[1]), 200),
    act: async ({ changeOn }, { tokens }) =>
      expectStatus(as(changeOn, tokens[0], { method: 'POST', url: '/api/sanctum/clearTokenSessions' }), 200),
    after: async ({ checkOn }, { tokens }) => {
      await expectStatus(getUser(checkOn, tokens[0]), 401);
      await expectStatus(getUser(checkOn, tokens[1]), 401);
    },
  },
  {
    change: 'a token revoked (signing out: only that sign-in ends)',
    before: async ({ checkOn }, { tokens }) => expectStatus(getUser(checkOn, tokens[0]), 200),
    act: async ({ changeOn }, { tokens }) =>
      expectStatus(as(changeOn, tokens[0], { method: 'GET', url: '/api/sanctum/logout' }), 200),
    after: async ({ checkOn }, { tokens }) => {
      await expectStatus(getUser(checkOn, tokens[0]), 401);
      await expectStatus(getUser(checkOn, tokens[1]), 200);
    },
  },
  {
    change: 'an API key revoked',
    prepare: async ({ changeOn }, subject) => {
      const created = await as(changeOn, subject.tokens[0], {
        method: 'POST',
        url: '/api/personalAccessTokens',
        payload: { name: 'cache test' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const key = created.json<{ id: number; token: string }>();
      // The key replaces the second sign-in as what the scenario checks; its id is kept for the revocation.
      subject.tokens[1] = key.token;
      apiKeyIds.set(subject.id, key.id);
    },
    before: async ({ checkOn }, { tokens }) => expectStatus(getUser(checkOn, tokens[1]), 200),
    act: async ({ changeOn }, { id, tokens }) =>
      expectStatus(
        as(changeOn, tokens[0], { method: 'DELETE', url: `/api/personalAccessTokens/${apiKeyIds.get(id)}` }),
        204,
      ),
    after: async ({ checkOn }, { tokens }) => {
      await expectStatus(getUser(checkOn, tokens[1]), 401);
      await expectStatus(getUser(checkOn, tokens[0]), 200);
    },
  },
  {
    change: 'a profile edit (GET /user answers the new name)',
    before: async ({ checkOn }, { tokens }) =>
      expect((await getUser(checkOn, tokens[1])).json<{ name: string }>().name).toMatch(/^Cached /),
    act: async ({ changeOn }, { tokens }) =>
      expectStatus(
        as(changeOn, tokens[0], { method: 'PUT', url: '/api/user', payload: { name: 'Renamed' } }),
        200,
      ),
    after: async ({ checkOn }, { tokens }) =>
      expect((await getUser(checkOn, tokens[1])).json<{ name: string }>().name).toBe('Renamed'),
  },
  {
    change: 'being made an organization admin',
    before: async ({ checkOn }, { tokens }) =>
      expect(
        (await getUser(checkOn, tokens[0])).json<{ organization_role: unknown }>().organization_role,
      ).toBeNull(),
    act: async ({ changeOn }, subject) => addOrganizationAdmin(changeOn, subject),
    after: async ({ checkOn }, { tokens }) => {
      expect(
        (await getUser(checkOn, tokens[0])).json<{ organization_role: unknown }>().organization_role,
      ).toBe('org-administrator');
      expect(await roleInMotors(checkOn, tokens[1])).toBe('administrator');
    },
  },
  {
    change: 'an organization admin removed',
    prepare: async ({ changeOn }, subject) => addOrganizationAdmin(changeOn, subject),
    before: async ({ checkOn }, { tokens }) =>
      expect(await roleInMotors(checkOn, tokens[0])).toBe('administrator'),
    act: async ({ changeOn }, { id }) =>
      expectStatus(
        as(changeOn, await orgAdmin(changeOn), {
          method: 'DELETE',
          url: `/api/business-units/${changeOn.ids.organizationId}/business-unit-users/${id}`,
        }),
        204,
      ),
    after: async ({ checkOn }, { tokens }) => {
      expect(await roleInMotors(checkOn, tokens[0])).toBe('user');
      await expectStatus(
        as(checkOn, tokens[1], {
          method: 'GET',
          url: `/api/users?companyId=${checkOn.ids.companies.demoMotors}`,
        }),
        403,
      );
    },
  },
];
/** Runs one scenario: set-up, both sign-ins used (remembered) on both sides, the change, the next request. */
async function run(scenario: Scenario, sides: Sides): Promise<void> {
  const subject = await newSubject(sides.changeOn, scenario.motorsOnly);
  await scenario.prepare?.(sides, subject);
  for (const app of new Set([sides.changeOn, sides.checkOn])) {
    for (const token of subject.tokens) await expectStatus(getUser(app, token), 200);
  }
  await scenario.before(sides, subject);
  await scenario.act(sides, subject);
  await scenario.after(sides, subject);
}

describe('on one instance, a change takes effect on the next request', () => {
  const t = sharedTestApp();

  it.each(SCENARIOS.map((scenario) => [scenario.change, scenario] as const))(
    '%s',
    async (_name, scenario) => {
      await run(scenario, { changeOn: t, checkOn: t });
    },
  );

  it('remembers a caller it has served, and forgets them once their sign-in ends', async () => {
    const subject = await newSubject(t);
    await expectStatus(getUser(t, subject.tokens[0]), 200);
    const remembered = t.ctx.callers.size;
    expect(remembered).toBeGreaterThan(0);
    await expectStatus(
      as(t, subject.tokens[0], { method: 'POST', url: '/api/sanctum/clearTokenSessions' }),
      200,
    );
    expect(t.ctx.callers.size).toBeLessThan(remembered);
  });
});

const redisUrl = await testRedisUrl('the cache of callers across two instances');

describe.runIf(redisUrl !== null)(
  'across two instances (Redis), a change made on A takes effect on B at once',
  () => {
    let instances: TestInstances;
    beforeAll(async () => {
      instances = await createTestInstances(redisUrl as string);
    });
    afterAll(async () => {
      await instances?.close();
    });

    it.each(SCENARIOS.map((scenario) => [scenario.change, scenario] as const))(
      '%s',
      async (_name, scenario) => {
        await run(scenario, { changeOn: instances.a, checkOn: instances.b });
      },
    );
  },
);

describe('the cache itself', () => {
  const record = (userId: number): CallerRecord => ({
    credential: { id: userId, kind: 'access', expires_at: null, impersonator_id: null, last_used_at: null },
    user: { id: userId } as CallerRecord['user'],
    access: { memberships: [], administers: [], organizationCompanies: [] },
  });

  it('does not keep a record read while a change to anyone was being told (it may predate the change)', async () => {
    const cache = new CallerCache(localCluster());
    let release: () => void = () => {};
    const reading = cache.get('hash', () => new Promise((resolve) => (release = () => resolve(record(1)))));
    await cache.usersChanged([2]);
    release();
    expect(await reading).toEqual(record(1));
    expect(cache.size).toBe(0);
    let loads = 0;
    const countedLoad = async () => {
      loads++;
      return record(1);
    };
    await cache.get('hash', countedLoad);
    await cache.get('hash', countedLoad);
    expect(loads).toBe(1);
  });

  it('reads again once a record is older than its time to live (the backstop)', async () => {
    const cache = new CallerCache(localCluster(), { ttlMs: 5 });
    let loads = 0;
    const countedLoad = async () => {
      loads++;
      return record(1);
    };
    await cache.get('hash', countedLoad);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await cache.get('hash', countedLoad);
    expect(loads).toBe(2);
  });

  it('remembers nothing while its Redis is unreachable (it could miss what the others say)', async () => {
    const cluster = redisCluster('redis://127.0.0.1:1', 'unreachable:');
    try {
      const cache = new CallerCache(cluster);
      let loads = 0;
      const countedLoad = async () => {
        loads++;
        return record(1);
      };
      await cache.get('hash', countedLoad);
      await cache.get('hash', countedLoad);
      expect(loads).toBe(2);
      expect(cache.size).toBe(0);
    } finally {
      await cluster.close();
    }
  });
});
