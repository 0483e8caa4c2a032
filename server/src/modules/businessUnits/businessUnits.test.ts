/** §7 Business units and §6 organization admins. */
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let org: number;
beforeAll(async () => {
  t = await createTestApp();
  org = t.ids.organizationId;
});
afterAll(() => t.close());

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
    try {
      const response = await fresh.as('orgadmin@demo.test', {
        method: 'POST',
        url: `/api/users/bulk-accounts?organizationId=${fresh.ids.organizationId}`,
        payload: {
          user_id: fresh.ids.users['agent@demo.test'],
          company_ids: [fresh.ids.companies.demoMotors, fresh.ids.companies.demoRealty],
          role: 'administrator',
        },
      });
      expect(response.json()).toEqual({ message: 'User accounts updated successfully' });
      const me = await fresh.as('agent@demo.test', { method: 'GET', url: '/api/user' });
      expect(me.json().companies.map((c: { name: string; role: string }) => [c.name, c.role])).toEqual([
        ['Demo Motors', 'administrator'],
        ['Demo Realty', 'administrator'],
      ]);
      const outside = await fresh.as('orgadmin@demo.test', {
        method: 'POST',
        url: `/api/users/bulk-accounts?organizationId=${fresh.ids.organizationId}`,
        payload: {
          user_id: fresh.ids.users['agent@demo.test'],
          company_ids: [fresh.ids.companies.otherCo],
          role: 'user',
        },
      });
      expect(outside.statusCode).toBe(422);
      const lastOwner = await fresh.as('orgadmin@demo.test', {
        method: 'POST',
        url: `/api/users/bulk-accounts?organizationId=${fresh.ids.organizationId}`,
        payload: {
          user_id: fresh.ids.users['owner@demo.test'],
          company_ids: [fresh.ids.companies.demoRealty],
          role: null,
        },
      });
      expect(lastOwner.statusCode).toBe(409);
    } finally {
      await fresh.close();
    }
  });

  it('an org admin parks a company (§3 PARKED=1); nobody else may', async () => {
    const fresh = await createTestApp();
    try {
      const url = `/api/company/${fresh.ids.companies.demoMotors}/account-status`;
      const byOwner = await fresh.as('owner@demo.test', {
        method: 'PUT',
        url,
        payload: { account_status: 1 },
      });
      expect(byOwner.statusCode).toBe(404);
      const parked = await fresh.as('orgadmin@demo.test', {
        method: 'PUT',
        url,
        payload: { account_status: 1 },
      });
      expect(parked.json()).toEqual({ id: fresh.ids.companies.demoMotors, account_status: 1 });
      const bad = await fresh.as('orgadmin@demo.test', {
        method: 'PUT',
        url,
        payload: { account_status: 7 },
      });
      expect(bad.statusCode).toBe(422);
    } finally {
      await fresh.close();
    }
  });
});
