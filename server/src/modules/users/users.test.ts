/** §7 Users and Company: listing, roles, invitations, activation, profile; one company's data never shows in another. */
import { CompanySchema, USER_ENDPOINTS } from '@shared/api/index';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';

const t = sharedTestApp();
let motors: number;
let other: number;
beforeAll(() => {
  ({ demoMotors: motors, otherCo: other } = t.ids.companies);
});

const id = (email: string) => t.ids.users[email] as number;
/** `actor` gives the user of `email` a role in Demo Motors. */
const setRole = (actor: string, email: string, role: string) =>
  t.as(actor, { method: 'PUT', url: `/api/users/${id(email)}?companyId=${motors}`, payload: { role } });
/** `actor` activates or deactivates those users in Demo Motors. */
const activation = (actor: string, change: 'activate' | 'deactivate', userIds: number[]) =>
  t.as(actor, {
    method: 'POST',
    url: `/api/user-activation/${change}?companyId=${motors}`,
    payload: { user_ids: userIds },
  });
/** The user of `email` as Demo Motors' administrator sees them. */
const member = (email: string) =>
  t.as('admin@demo.test', { method: 'GET', url: `/api/users/${id(email)}?companyId=${motors}` });

describe('GET /users', () => {
  it("lists the company's users with their role, state and whether they can call (§3)", async () => {
    const response = await t.as('admin@demo.test', { method: 'GET', url: `/api/users?companyId=${motors}` });
    expect(response.statusCode).toBe(200);
    const page = USER_ENDPOINTS.list.response.parse(response.json());
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 7 });
    const byEmail = Object.fromEntries(page.data.map((u) => [u.email, u]));
    expect(byEmail['agent@demo.test']).toMatchObject({
      role: 'user',
      state: 'active',
      can_call: true,
      in_app_calling_status: 'active',
    });
    expect(byEmail['billing@demo.test']).toMatchObject({
      role: 'billing',
      can_call: false,
      in_app_calling_status: 'away',
    });
    expect(byEmail['deactivated@demo.test']).toMatchObject({ role: 'deactivated', state: 'deactivated' });
    expect(byEmail['other@demo.test']).toBeUndefined();
  });

  it('searches by name or email, and pages', async () => {
    const found = await t.as('admin@demo.test', {
      method: 'GET',
      url: `/api/users?companyId=${motors}&search=agent`,
    });
    expect(
      found
        .json()
        .data.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['agent2@demo.test', 'agent@demo.test']);
    const paged = await t.as('admin@demo.test', {
      method: 'GET',
      url: `/api/users?companyId=${motors}&perPage=3&page=3`,
    });
    expect(paged.json()).toMatchObject({ current_page: 3, last_page: 3, per_page: 3, total: 7 });
    expect(paged.json().data).toHaveLength(1);
  });

  it('a LIKE wildcard is searched for literally', async () => {
    const response = await t.as('admin@demo.test', {
      method: 'GET',
      url: `/api/users?companyId=${motors}&search=%25`,
    });
    expect(response.json().total).toBe(0);
  });
});

describe('roles', () => {
  it("an admin changes a user's role; only an owner touches the owner role", async () => {
    const promote = await setRole('admin@demo.test', 'agent2@demo.test', 'reporting');
    expect(promote.statusCode).toBe(200);
    expect(promote.json().role).toBe('reporting');
    const toOwner = await setRole('admin@demo.test', 'agent2@demo.test', 'owner');
    expect(toOwner.statusCode).toBe(403);
    const back = await setRole('owner@demo.test', 'agent2@demo.test', 'user');
    expect(back.json().role).toBe('user');
  });

  it('the last owner cannot stop being owner', async () => {
    const response = await setRole('owner@demo.test', 'owner@demo.test', 'administrator');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/at least one owner/);
  });

  it('"deactivated" is not a role one assigns; it is what deactivation does', async () => {
    const response = await setRole('owner@demo.test', 'agent2@demo.test', 'deactivated');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(response))).toEqual(['role']);
  });

  it('GET /roles lists §6 roles with what each may do', async () => {
    const response = await t.as('agent@demo.test', { method: 'GET', url: '/api/roles' });
    const roles = response.json<{ value: string; permissions: string[] }[]>();
    expect(roles.map((r) => r.value)).toEqual([
      'owner',
      'administrator',
      'billing',
      'reporting',
      'user',
      'deactivated',
    ]);
    expect(roles.find((r) => r.value === 'user')?.permissions).toContain('inbox.use');
  });
});

describe('activation', () => {
  it('deactivating takes the company away from the user; activating gives their role back', async () => {
    const off = await activation('admin@demo.test', 'deactivate', [id('agent2@demo.test')]);
    expect(off.json()).toEqual({ message: SUCCESS_MESSAGES.userAccountsUpdated });
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email: 'agent2@demo.test', password: DEMO_PASSWORD },
    });
    expect(blocked.statusCode).toBe(403);
    await activation('admin@demo.test', 'activate', [id('agent2@demo.test')]);
    const user = await member('agent2@demo.test');
    expect(user.json()).toMatchObject({ role: 'user', state: 'active' });
  });

  it('the deactivated demo user comes back with the role they had', async () => {
    await activation('admin@demo.test', 'activate', [id('deactivated@demo.test')]);
    const user = await member('deactivated@demo.test');
    expect(user.json().role).toBe('user');
  });

  it.each([
    ['oneself', 'admin@demo.test', () => [id('admin@demo.test')], 409],
    ['an owner, by an admin', 'admin@demo.test', () => [id('owner@demo.test')], 403],
    ['a user of another company', 'admin@demo.test', () => [id('other@demo.test')], 404],
    ['nobody', 'admin@demo.test', () => [], 422],
  ])('cannot deactivate %s', async (_name, actor, ids, status) => {
    const response = await activation(actor, 'deactivate', ids());
    expect(response.statusCode).toBe(status);
  });
});

describe('invitations', () => {
  it('invites, lists, resends with a new link (§8 "Invitation was successfully resent")', async () => {
    const created = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/users/invites?companyId=${motors}`,
      payload: { email: 'New.Agent@Demo.test', name: 'New Agent', role: 'user' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'new.agent@demo.test', role: 'user', accepted_at: null });
    const list = await t.as('admin@demo.test', {
      method: 'GET',
      url: `/api/users/invites?companyId=${motors}`,
    });
    expect(list.json().map((i: { email: string }) => i.email)).toContain('new.agent@demo.test');
    const resent = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/users/invites/${created.json().id}/resend`,
    });
    expect(resent.json()).toEqual({ message: 'Invitation was successfully resent' });
    const mails = await t.ctx.db.query.outbox.findMany({
      where: (o, { eq }) => eq(o.to, 'new.agent@demo.test'),
    });
    expect(mails).toHaveLength(2);
    expect(mails[0]?.body).not.toBe(mails[1]?.body);
  });

  it('refuses a duplicate invitation and a current user, naming the field', async () => {
    for (const email of ['new.agent@demo.test', 'agent@demo.test']) {
      const response = await t.as('admin@demo.test', {
        method: 'POST',
        url: `/api/users/invites?companyId=${motors}`,
        payload: { email, name: 'X', role: 'user' },
      });
      expect(response.statusCode).toBe(409);
      expect(Object.keys(fieldErrors(response))).toEqual(['email']);
    }
  });

  it('an invitation of another company is not found', async () => {
    const foreign = await t.as('other@demo.test', {
      method: 'POST',
      url: `/api/users/invites?companyId=${other}`,
      payload: { email: 'someone@other.test', name: 'Someone', role: 'user' },
    });
    const response = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/users/invites/${foreign.json().id}/resend`,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('own profile', () => {
  /** agent@demo.test changes their own profile. */
  const updateProfile = (payload: Record<string, unknown>) =>
    t.as('agent@demo.test', { method: 'PUT', url: '/api/user', payload });

  it('updates name and time zone; an unknown zone is refused', async () => {
    const ok = await updateProfile({ name: 'Aria A.', timezone: 'Europe/London' });
    expect(ok.json()).toEqual({ message: SUCCESS_MESSAGES.userInfoUpdated });
    const me = await t.as('agent@demo.test', { method: 'GET', url: '/api/user' });
    expect(me.json()).toMatchObject({ name: 'Aria A.', timezone: 'Europe/London' });
    const bad = await updateProfile({ timezone: 'Mars/Base' });
    expect(bad.statusCode).toBe(422);
  });

  it("cannot take another account's email, nor set its own role", async () => {
    const taken = await updateProfile({ email: 'owner@demo.test' });
    expect(taken.statusCode).toBe(409);
    const role = await updateProfile({ role: 'owner' });
    expect(role.statusCode).toBe(422);
    expect(fieldErrors(role)).toEqual({ role: ['role is not a field of this request.'] });
  });
});

describe('companies', () => {
  it("GET /company/{id} answers the company with the caller's role and presence", async () => {
    const response = await t.as('agent@demo.test', { method: 'GET', url: `/api/company/${motors}` });
    const company = CompanySchema.parse(response.json());
    expect(company).toMatchObject({
      name: 'Demo Motors',
      role: 'user',
      in_app_calling_status: 'active',
      account_status: 0,
    });
  });

  it('PUT /company/{id} changes settings; mass assignment is refused', async () => {
    const ok = await t.as('admin@demo.test', {
      method: 'PUT',
      url: `/api/company/${motors}`,
      payload: { city: 'Austin', country: 'us' },
    });
    expect(ok.json()).toMatchObject({ city: 'Austin', country: 'US' });
    const sneaky = await t.as('admin@demo.test', {
      method: 'PUT',
      url: `/api/company/${motors}`,
      payload: { organization_id: 99, account_status: 2 },
    });
    expect(sneaky.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(sneaky)).sort()).toEqual(['account_status', 'organization_id']);
  });

  it('companies/slim lists what the caller may use, 100 to a page (§9)', async () => {
    const owner = await t.as('owner@demo.test', { method: 'GET', url: '/api/companies/slim' });
    expect(owner.json()).toMatchObject({ per_page: 100, total: 2 });
    expect(owner.json().data.map((c: { name: string }) => c.name)).toEqual(['Demo Motors', 'Demo Realty']);
    const orgAdmin = await t.as('orgadmin@demo.test', { method: 'GET', url: '/api/companies/slim' });
    expect(orgAdmin.json().data.map((c: { name: string }) => c.name)).toEqual(['Demo Motors', 'Demo Realty']);
    const superadmin = await t.as('superadmin@demo.test', {
      method: 'GET',
      url: '/api/companies/lookup?search=other',
    });
    expect(superadmin.json().map((c: { name: string }) => c.name)).toEqual(['Other Co']);
    const agent = await t.as('agent@demo.test', { method: 'GET', url: '/api/companies/lookup?search=other' });
    expect(agent.json()).toEqual([]);
  });

  it("POST /companies: the creator becomes owner (§6); an organization takes only its admins' companies", async () => {
    const created = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/companies',
      payload: { name: 'Side Hustle' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Side Hustle', role: 'owner', organization_id: null });
    const intoOrg = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/companies',
      payload: { name: 'Sneaky', organization_id: t.ids.organizationId },
    });
    expect(intoOrg.statusCode).toBe(403);
    const byOrgAdmin = await t.as('orgadmin@demo.test', {
      method: 'POST',
      url: '/api/companies',
      payload: { name: 'Demo Rentals', organization_id: t.ids.organizationId },
    });
    expect(byOrgAdmin.json()).toMatchObject({ organization_id: t.ids.organizationId, role: 'owner' });
  });
});
