/** §7 Business units and §6 organization admins. */
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sharedTestApp } from '../../testing/testApp';

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

  it('adds and removes admins, keeping at least one', async () => {
    const added = await t.as('orgadmin@demo.test', {
      method: 'POST',
      url: `/api/business-units/${org}/business-unit-users`,
      payload: { email: 'admin@demo.test' },
    });
    expect(
      added
        .json()
        .map((a: { email: string }) => a.email)
        .sort(),
    ).toEqual(['admin@demo.test', 'orgadmin@demo.test']);
    const unknown = await t.as('orgadmin@demo.test', {
      method: 'POST',
      url: `/api/business-units/${org}/business-unit-users`,
      payload: { email: 'nobody@demo.test' },
    });
    expect(unknown.statusCode).toBe(422);
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
    /** Demo Group's admin gives the user `role` in those companies (null: takes their roles there away). */
    const bulkAccounts = (email: string, company_ids: number[], role: string | null) =>
      fresh.as('orgadmin@demo.test', {
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
      const lastOwner = await bulkAccounts('owner@demo.test', [demoRealty], null);
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
