/** §7 Business units and §6 organization admins. */
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, fieldErrors, sharedTestApp } from '../../testing/testApp';
import { invitationTokenMailedTo } from './testing';

const t = sharedTestApp();
let org: number;
beforeAll(() => {
  org = t.ids.organizationId;
});

describe('organizations', () => {
  it('an org admin lists and sees Demo Group with its two companies', async () => {
    const list = await t.as('orgadmin@demo.test', { method: 'GET', url: '/api/business-units' });
    expect(list.json()).toMatchObject({
      total: 1,
      per_page: 1000,
      data: [{ name: 'Demo Group', companies_count: 2, status: 'active' }],
    });
    const companies = await t.as('orgadmin@demo.test', {
      method: 'GET',
      url: `/api/business-units/${org}/business-unit-companies`,
    });
    expect(companies.json().map((c: { name: string }) => c.name)).toEqual(['Demo Motors', 'Demo Realty']);
    const owner = await t.as('owner@demo.test', { method: 'GET', url: '/api/business-units' });
    expect(owner.json().total).toBe(0);
  });

  it('renames and changes status', async () => {
    const renamed = await t.as('orgadmin@demo.test', {
      method: 'PUT',
      url: `/api/business-units/${org}`,
      payload: { name: 'Demo Holdings' },
    });
    expect(renamed.json().name).toBe('Demo Holdings');
    const inactive = await t.as('orgadmin@demo.test', {
      method: 'POST',
      url: `/api/business-units/${org}/status`,
      payload: { status: 'inactive' },
    });
    expect(inactive.json().status).toBe('inactive');
  });

  it('a creator administers the organization they create, and brings in a company they own', async () => {
    const created = await t.as('other@demo.test', {
      method: 'POST',
      url: '/api/business-units',
      payload: { name: 'Other Group' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const added = await t.as('other@demo.test', {
      method: 'POST',
      url: `/api/business-units/${id}/business-unit-companies`,
      payload: { company_id: t.ids.companies.otherCo },
    });
    expect(added.json()).toEqual({ message: SUCCESS_MESSAGES.organizationUpdated });
    const notOwned = await t.as('other@demo.test', {
      method: 'POST',
      url: `/api/business-units/${id}/business-unit-companies`,
      payload: { company_id: t.ids.companies.demoMotors },
    });
    expect(notOwned.statusCode).toBe(404);
  });

  it('invites admins, who join by accepting; removes admins, keeping at least one', async () => {
    const invited = await t.as('orgadmin@demo.test', {
      method: 'POST',
      url: `/api/business-units/${org}/business-unit-users`,
      payload: { email: 'admin@demo.test' },
    });
    expect(invited.statusCode).toBe(200);
    expect(
      invited.json().map((entry: { email: string; status: string }) => [entry.email, entry.status]),
    ).toEqual([
      ['orgadmin@demo.test', 'admin'],
      ['admin@demo.test', 'invited'],
    ]);
    const accepted = await t.as('admin@demo.test', {
      method: 'POST',
      url: '/api/business-unit-invitations/accept',
      payload: { token: await invitationTokenMailedTo(t.ctx.db, 'admin@demo.test') },
    });
    expect(accepted.json()).toMatchObject({ id: org });
    const admins = await t.as('orgadmin@demo.test', {
      method: 'GET',
      url: `/api/business-units/${org}/business-unit-users`,
    });
    expect(admins.json()).toEqual([
      { status: 'admin', id: t.ids.users['admin@demo.test'], name: 'Adam Admin', email: 'admin@demo.test' },
      {
        status: 'admin',
        id: t.ids.users['orgadmin@demo.test'],
        name: 'Orla Orgadmin',
        email: 'orgadmin@demo.test',
      },
    ]);
    const removed = await t.as('orgadmin@demo.test', {
      method: 'DELETE',
      url: `/api/business-units/${org}/business-unit-users/${t.ids.users['admin@demo.test']}`,
    });
    expect(removed.statusCode).toBe(204);
    const last = await t.as('orgadmin@demo.test', {
      method: 'DELETE',
      url: `/api/business-units/${org}/business-unit-users/${t.ids.users['orgadmin@demo.test']}`,
    });
    expect(last.statusCode).toBe(409);
  });

  it('takes a company out of its organization: the org admin then no longer sees it', async () => {
    const removed = await t.as('orgadmin@demo.test', {
      method: 'DELETE',
      url: `/api/business-unit-companies/${t.ids.companies.demoRealty}`,
    });
    expect(removed.statusCode).toBe(204);
    const company = await t.as('orgadmin@demo.test', {
      method: 'GET',
      url: `/api/company/${t.ids.companies.demoRealty}`,
    });
    expect(company.statusCode).toBe(404);
  });
});

describe('accounts across an organization', () => {
  it('bulk-accounts gives a user a role in several companies at once (§8 "User accounts updated successfully")', async () => {
    const fresh = await createTestApp();
    /** Demo Group's admin (or `actor`) gives the user `role` in those companies (null: takes their roles there away). */
    const bulkAccounts = (
      email: string,
      company_ids: number[],
      role: string | null,
      actor = 'orgadmin@demo.test',
    ) =>
      fresh.as(actor, {
        method: 'POST',
        url: `/api/users/bulk-accounts?organizationId=${fresh.ids.organizationId}`,
        payload: { user_id: fresh.ids.users[email], company_ids, role },
      });
    try {
      const { demoMotors, demoRealty, otherCo } = fresh.ids.companies;
      const response = await bulkAccounts('agent@demo.test', [demoMotors, demoRealty], 'administrator');
      expect(response.json()).toEqual({ message: 'User accounts updated successfully' });
      const me = await fresh.as('agent@demo.test', { method: 'GET', url: '/api/user' });
      expect(me.json().companies.map((c: { name: string; role: string }) => [c.name, c.role])).toEqual([
        ['Demo Motors', 'administrator'],
        ['Demo Realty', 'administrator'],
      ]);
      const outside = await bulkAccounts('agent@demo.test', [otherCo], 'user');
      expect(outside.statusCode).toBe(422);
      // Only an owner may take the owner role away (finding 1 below); one who may is still stopped by the last-owner rule.
      const lastOwner = await bulkAccounts('owner@demo.test', [demoRealty], null, 'superadmin@demo.test');
      expect(lastOwner.statusCode).toBe(409);
    } finally {
      await fresh.close();
    }
  });

  it('an org admin parks a company (§3 PARKED=1); nobody else may', async () => {
    const fresh = await createTestApp();
    try {
      const setStatus = (email: string, account_status: number) =>
        fresh.as(email, {
          method: 'PUT',
          url: `/api/company/${fresh.ids.companies.demoMotors}/account-status`,
          payload: { account_status },
        });
      const byOwner = await setStatus('owner@demo.test', 1);
      expect(byOwner.statusCode).toBe(404);
      const parked = await setStatus('orgadmin@demo.test', 1);
      expect(parked.json()).toEqual({ id: fresh.ids.companies.demoMotors, account_status: 1 });
      const bad = await setStatus('orgadmin@demo.test', 7);
      expect(bad.statusCode).toBe(422);
    } finally {
      await fresh.close();
    }
  });
});

describe('finding 1 (issue 33): bulk accounts follow the role rules of PUT /users/{id}', () => {
  const f = sharedTestApp();
  const id = (email: string) => f.ids.users[email] as number;
  /** `actor` gives the user `userId` a role in those companies of Demo Group (null: takes them out). */
  const bulkAccounts = (actor: string, userId: number, company_ids: number[], role: string | null) =>
    f.as(actor, {
      method: 'POST',
      url: `/api/users/bulk-accounts?organizationId=${f.ids.organizationId}`,
      payload: { user_id: userId, company_ids, role },
    });
  /** The user's role in a company, as its owner sees it. */
  const roleIn = async (companyId: number, email: string) =>
    (
      await f.as('owner@demo.test', { method: 'GET', url: `/api/users/${id(email)}?companyId=${companyId}` })
    ).json<{ role: string }>().role;

  it('an organization admin cannot make themselves owner: 403 in the words of PUT /users/{id}', async () => {
    const response = await bulkAccounts(
      'orgadmin@demo.test',
      id('orgadmin@demo.test'),
      [f.ids.companies.demoMotors],
      'owner',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Only an owner can give or take away the owner role.');
    const me = await f.as('orgadmin@demo.test', { method: 'GET', url: '/api/user' });
    expect(me.json().companies.map((c: { name: string; role: string }) => [c.name, c.role])).toEqual([
      ['Demo Motors', 'administrator'],
      ['Demo Realty', 'administrator'],
    ]);
  });

  it('an organization admin cannot demote the real owner, nor take them out of the company', async () => {
    const { demoMotors } = f.ids.companies;
    // A second owner, so that the last-owner rule is not what refuses.
    const second = await f.as('owner@demo.test', {
      method: 'PUT',
      url: `/api/users/${id('admin@demo.test')}?companyId=${demoMotors}`,
      payload: { role: 'owner' },
    });
    expect(second.json().role).toBe('owner');
    for (const role of ['user', null]) {
      const response = await bulkAccounts('orgadmin@demo.test', id('owner@demo.test'), [demoMotors], role);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only an owner can give or take away the owner role.');
    }
    expect(await roleIn(demoMotors, 'owner@demo.test')).toBe('owner');
    // Someone who acts as owner (a platform admin, in every company) may, as with PUT /users/{id}.
    const byOwner = await bulkAccounts(
      'superadmin@demo.test',
      id('admin@demo.test'),
      [demoMotors],
      'administrator',
    );
    expect(byOwner.statusCode).toBe(200);
    expect(await roleIn(demoMotors, 'admin@demo.test')).toBe('administrator');
  });

  it("takes only people of the organization's companies or invited to one; a stranger and an unknown id get the same 422", async () => {
    const { demoRealty } = f.ids.companies;
    const stranger = await bulkAccounts('orgadmin@demo.test', id('other@demo.test'), [demoRealty], 'user');
    const unknown = await bulkAccounts('orgadmin@demo.test', 999_999, [demoRealty], 'user');
    expect(stranger.statusCode).toBe(422);
    expect(fieldErrors(stranger)).toEqual({
      user_id: [
        "Only people of this organization's companies, or invited to one of them, can be given accounts here. Invite them to a company first.",
      ],
    });
    expect(unknown.json()).toEqual(stranger.json());
    const realtyUsers = await f.as('owner@demo.test', {
      method: 'GET',
      url: `/api/users?companyId=${demoRealty}`,
    });
    expect(realtyUsers.json().data.map((u: { email: string }) => u.email)).toEqual(['owner@demo.test']);
    // A member of another company of the organization may be given an account here.
    const member = await bulkAccounts('orgadmin@demo.test', id('agent@demo.test'), [demoRealty], 'user');
    expect(member.statusCode).toBe(200);
    expect(await roleIn(demoRealty, 'agent@demo.test')).toBe('user');
    // So may someone invited to one of its companies.
    const invite = await f.as('orgadmin@demo.test', {
      method: 'POST',
      url: `/api/users/invites?companyId=${demoRealty}`,
      payload: { email: 'other@demo.test', name: 'Otto Other', role: 'user' },
    });
    expect(invite.statusCode).toBe(201);
    const invited = await bulkAccounts('orgadmin@demo.test', id('other@demo.test'), [demoRealty], 'user');
    expect(invited.statusCode).toBe(200);
    expect(await roleIn(demoRealty, 'other@demo.test')).toBe('user');
  });
});

describe('finding 5 (issue 33): adding someone to an organization is an invitation they accept', () => {
  const f = sharedTestApp();
  type Entry = { status: string; id: number; email: string; name?: string; sent_at?: string };
  /** agent@demo.test makes an organization of their own, `name`, and adds `email` to it: its id and the answer. */
  async function lure(name: string, email: string) {
    const created = await f.as('agent@demo.test', {
      method: 'POST',
      url: '/api/business-units',
      payload: { name },
    });
    expect(created.statusCode).toBe(201);
    const organizationId = created.json<{ id: number }>().id;
    const added = await f.as('agent@demo.test', {
      method: 'POST',
      url: `/api/business-units/${organizationId}/business-unit-users`,
      payload: { email },
    });
    return { organizationId, added };
  }
  const accept = (email: string, token: string) =>
    f.as(email, { method: 'POST', url: '/api/business-unit-invitations/accept', payload: { token } });
  const organizationsOf = async (email: string) =>
    (await f.as(email, { method: 'GET', url: '/api/business-units' })).json<{ data: { name: string }[] }>()
      .data;

  it('the answer names nobody and is the same whether or not the address has an account', async () => {
    const known = await lure('Known Group', 'owner@demo.test');
    const unknown = await lure('Unknown Group', 'nobody.yet@demo.test');
    expect(known.added.statusCode).toBe(200);
    expect(unknown.added.statusCode).toBe(200);
    expect(known.added.body).not.toContain('Olivia');
    const invitedIn = (answer: Entry[]) => answer.find((entry) => entry.status === 'invited');
    expect(invitedIn(known.added.json())).toEqual({
      status: 'invited',
      id: expect.any(Number),
      email: 'owner@demo.test',
      sent_at: expect.any(String),
    });
    // The two answers differ only by what the caller chose: the address, and the invitation's own id and time.
    const shape = (answer: Entry[]) =>
      answer.map((entry) =>
        entry.status === 'invited' ? { ...entry, id: 0, email: 'x', sent_at: 'x' } : entry,
      );
    expect(shape(known.added.json())).toEqual(shape(unknown.added.json()));
  });

  it('the person sees the organization only once they accept, signed in with the address invited', async () => {
    const { organizationId } = await lure('Lure Group', 'owner@demo.test');
    expect(await organizationsOf('owner@demo.test')).toEqual([]);
    const me = await f.as('owner@demo.test', { method: 'GET', url: '/api/user' });
    expect(me.json().organization_role).toBeNull();
    const token = await invitationTokenMailedTo(f.ctx.db, 'owner@demo.test');
    const mail = await f.ctx.db.query.outbox.findFirst({
      where: (o, { eq }) => eq(o.to, 'owner@demo.test'),
      orderBy: (o, { desc }) => desc(o.id),
    });
    expect(mail?.subject).toBe('You are invited to administer Lure Group on Switchboard');
    // Someone else holding the link cannot use it.
    const wrongPerson = await accept('other@demo.test', token);
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json().message).toMatch(/sent to another e-mail address/);
    expect(await organizationsOf('other@demo.test')).toEqual([]);
    const accepted = await accept('owner@demo.test', token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: organizationId, name: 'Lure Group' });
    expect((await organizationsOf('owner@demo.test')).map((o) => o.name)).toEqual(['Lure Group']);
    const again = await accept('owner@demo.test', token);
    expect(again.statusCode).toBe(409);
    const unknownToken = await accept('owner@demo.test', 'sbi_not-a-real-token');
    expect(unknownToken.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(unknownToken))).toEqual(['token']);
  });

  it('accepting proves the address: an account not yet verified is verified by it', async () => {
    const { organizationId } = await lure('Proof Group', 'other@demo.test');
    await f.ctx.db.update(users).set({ email_verified_at: null }).where(eq(users.email, 'other@demo.test'));
    await f.ctx.callers.everyoneChanged();
    const before = await f.as('other@demo.test', { method: 'GET', url: '/api/user' });
    expect(before.json().email_verified).toBe(false);
    const token = await invitationTokenMailedTo(f.ctx.db, 'other@demo.test');
    expect((await accept('other@demo.test', token)).json()).toMatchObject({ id: organizationId });
    const after = await f.as('other@demo.test', { method: 'GET', url: '/api/user' });
    expect(after.json().email_verified).toBe(true);
  });

  it('the list shows a pending invitation as invited, without a name; inviting again sends a new link; it can be withdrawn', async () => {
    const { organizationId } = await lure('Withdrawn Group', 'agent2@demo.test');
    const first = await invitationTokenMailedTo(f.ctx.db, 'agent2@demo.test');
    const list = await f.as('agent@demo.test', {
      method: 'GET',
      url: `/api/business-units/${organizationId}/business-unit-users`,
    });
    const entries = list.json<Entry[]>();
    expect(entries.map((entry) => [entry.status, entry.email])).toEqual([
      ['admin', 'agent@demo.test'],
      ['invited', 'agent2@demo.test'],
    ]);
    expect(list.body).not.toContain('Andre');
    const again = await f.as('agent@demo.test', {
      method: 'POST',
      url: `/api/business-units/${organizationId}/business-unit-users`,
      payload: { email: 'agent2@demo.test' },
    });
    expect(again.json<Entry[]>().filter((entry) => entry.status === 'invited')).toHaveLength(1);
    const second = await invitationTokenMailedTo(f.ctx.db, 'agent2@demo.test');
    expect(second).not.toBe(first);
    expect((await accept('agent2@demo.test', first)).statusCode).toBe(422);
    const invitation = entries.find((entry) => entry.status === 'invited') as Entry;
    const withdrawn = await f.as('agent@demo.test', {
      method: 'DELETE',
      url: `/api/business-units/${organizationId}/business-unit-invitations/${invitation.id}`,
    });
    expect(withdrawn.statusCode).toBe(204);
    expect((await accept('agent2@demo.test', second)).statusCode).toBe(422);
    expect(await organizationsOf('agent2@demo.test')).toEqual([]);
    // An admin already there is not invited again.
    const admin = await f.as('agent@demo.test', {
      method: 'POST',
      url: `/api/business-units/${organizationId}/business-unit-users`,
      payload: { email: 'agent@demo.test' },
    });
    expect(admin.statusCode).toBe(409);
    expect(Object.keys(fieldErrors(admin))).toEqual(['email']);
  });
});
