/**
 * §7 Contact labels: list with contact counts, create and rename (duplicates in any letter case refused),
 * delete, bulk add and remove by ids or by filters. Contacts here are the test's own (numbers in 617).
 */
import { LABEL_ENDPOINTS } from '@shared/api/groups';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';
import { CONTACTS_ACCESS_BY_ROLE, contactMaker } from '../contacts/testing';

const t = sharedTestApp();
let motors: number;
let other: number;
beforeAll(() => {
  ({ demoMotors: motors, otherCo: other } = t.ids.companies);
});

const labelsUrl = (companyId = motors) => `/api/companies/${companyId}/contactLabels`;

const contact = contactMaker<{ id: number; labels: { id: number }[] }>(t, 'Lbl Person', 617, 4000);
let serial = 0;

async function createLabel(name: string, email = 'admin@demo.test', companyId = motors) {
  const response = await t.as(email, { method: 'POST', url: labelsUrl(companyId), payload: { label: name } });
  expect(response.statusCode, response.body).toBe(201);
  return LABEL_ENDPOINTS.create.response.parse(response.json());
}

async function labelsByName(email = 'agent@demo.test') {
  const response = await t.as(email, { method: 'GET', url: labelsUrl() });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(
    LABEL_ENDPOINTS.list.response.parse(response.json()).map((label) => [label.label, label]),
  );
}

async function labelsOf(contactId: number, email = 'admin@demo.test') {
  const response = await t.as(email, { method: 'GET', url: `/api/contacts/${contactId}` });
  return response.json<{ labels: { id: number }[] }>().labels.map((label) => label.id);
}

describe('labels CRUD', () => {
  it('creates a label and lists it with how many contacts carry it', async () => {
    const label = await createLabel('Lbl Hot Lead');
    expect(label).toMatchObject({ label: 'Lbl Hot Lead', company_id: motors, contact_count: 0 });
    await contact({ labels: [label.id] });
    await contact({ labels: [label.id] });
    expect((await labelsByName())['Lbl Hot Lead']?.contact_count).toBe(2);
  });

  it.each(['Lbl Dup', 'lbl dup', 'LBL DUP '])(
    'refuses a label the company has, in any letter case (%j)',
    async (name) => {
      if (!(await labelsByName())['Lbl Dup']) await createLabel('Lbl Dup');
      const response = await t.as('admin@demo.test', {
        method: 'POST',
        url: labelsUrl(),
        payload: { label: name },
      });
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response).label).toEqual(['There is a label "Lbl Dup" already.']);
    },
  );

  it.each([[{ label: '' }], [{ label: 'x'.repeat(51) }], [{}]])(
    'refuses %j (422 on label)',
    async (payload) => {
      const response = await t.as('admin@demo.test', { method: 'POST', url: labelsUrl(), payload });
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response).label).toBeTruthy();
    },
  );

  it('renames (refusing a taken name, allowing its own in another case) and deletes, taking it off contacts', async () => {
    await createLabel('Lbl Taken');
    const label = await createLabel('Lbl Rename');
    const person = await contact({ labels: [label.id] });
    const url = `${labelsUrl()}/${label.id}`;
    const taken = await t.as('admin@demo.test', { method: 'PATCH', url, payload: { label: 'lbl taken' } });
    expect(taken.statusCode).toBe(422);
    const renamed = await t.as('admin@demo.test', { method: 'PATCH', url, payload: { label: 'LBL RENAME' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ label: 'LBL RENAME', contact_count: 1 });
    const removed = await t.as('agent@demo.test', { method: 'DELETE', url });
    expect(removed.statusCode).toBe(204);
    expect(await labelsOf(person.id)).toEqual([]);
    expect((await t.as('agent@demo.test', { method: 'DELETE', url })).statusCode).toBe(404);
  });

  it('another company’s label is 404 through this company and invisible in its list', async () => {
    const foreign = await createLabel('Lbl Foreign', 'other@demo.test', other);
    for (const [method, payload] of [
      ['PATCH', { label: 'Hijacked' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await t.as('admin@demo.test', {
        method,
        url: `${labelsUrl()}/${foreign.id}`,
        payload,
      });
      expect(response.statusCode, method).toBe(404);
    }
    expect((await labelsByName())['Lbl Foreign']).toBeUndefined();
    expect((await t.as('admin@demo.test', { method: 'GET', url: labelsUrl(other) })).statusCode).toBe(404);
  });

  it.each(CONTACTS_ACCESS_BY_ROLE)('%s %s → %i', async (email, method, status) => {
    const response = await t.as(email, {
      method,
      url: labelsUrl(),
      payload: method === 'POST' ? { label: `Lbl Role ${++serial}` } : undefined,
    });
    expect(response.statusCode).toBe(status);
  });
});

describe('bulkAddLabel and bulkRemoveLabel', () => {
  it('adds to the listed contacts (not another company’s), then removes, answering how many changed', async () => {
    const label = await createLabel('Lbl Bulk Ids');
    const [a, b] = [await contact(), await contact({ labels: [label.id] })];
    const foreign = await contact({}, 'other@demo.test', other);
    const add = await t.as('agent@demo.test', {
      method: 'POST',
      url: `${labelsUrl()}/bulkAddLabel`,
      payload: { label_id: label.id, contacts: [a.id, b.id, foreign.id] },
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ affected: 1 });
    expect(await labelsOf(a.id)).toEqual([label.id]);
    expect(await labelsOf(foreign.id, 'other@demo.test')).toEqual([]);
    const remove = await t.as('agent@demo.test', {
      method: 'POST',
      url: `${labelsUrl()}/bulkRemoveLabel`,
      payload: { label_id: label.id, contacts: [a.id, b.id, foreign.id] },
    });
    expect(remove.json()).toEqual({ affected: 2 });
    expect(await labelsOf(a.id)).toEqual([]);
  });

  it('adds to every contact matching filters, and removes the same way', async () => {
    const label = await createLabel('Lbl Bulk All');
    for (let i = 0; i < 3; i++) await contact({ is_unsubscribed: true, company_name: 'Lbl Bulk Unsubs' });
    await contact({ company_name: 'Lbl Bulk Unsubs' });
    const filters = { search: 'Lbl Bulk Unsubs', unsubscribed: true };
    const add = await t.as('admin@demo.test', {
      method: 'POST',
      url: `${labelsUrl()}/bulkAddLabel`,
      payload: { label_id: label.id, all: true, filters },
    });
    expect(add.json()).toEqual({ affected: 3 });
    expect((await labelsByName())['Lbl Bulk All']?.contact_count).toBe(3);
    const remove = await t.as('admin@demo.test', {
      method: 'POST',
      url: `${labelsUrl()}/bulkRemoveLabel`,
      payload: { label_id: label.id, all: true, filters: { search: 'Lbl Bulk Unsubs' } },
    });
    expect(remove.json()).toEqual({ affected: 3 });
    expect((await labelsByName())['Lbl Bulk All']?.contact_count).toBe(0);
  });

  it.each([
    [
      'another company’s label',
      async () => (await createLabel(`Lbl Other ${++serial}`, 'other@demo.test', other)).id,
    ],
    ['a missing label', async () => 999_999],
  ])('refuses %s (422 on label_id)', async (_what, labelId) => {
    const someone = await contact();
    for (const action of ['bulkAddLabel', 'bulkRemoveLabel']) {
      const response = await t.as('admin@demo.test', {
        method: 'POST',
        url: `${labelsUrl()}/${action}`,
        payload: { label_id: await labelId(), contacts: [someone.id] },
      });
      expect(response.statusCode, action).toBe(422);
      expect(fieldErrors(response).label_id).toEqual(['Choose a label of this company.']);
    }
  });

  it('refuses a body without contacts or all (422) and a reporting user (403)', async () => {
    const label = await createLabel('Lbl Bulk Refused');
    const empty = await t.as('admin@demo.test', {
      method: 'POST',
      url: `${labelsUrl()}/bulkAddLabel`,
      payload: { label_id: label.id },
    });
    expect(empty.statusCode).toBe(422);
    const reporting = await t.as('reporting@demo.test', {
      method: 'POST',
      url: `${labelsUrl()}/bulkAddLabel`,
      payload: { label_id: label.id, all: true, filters: {} },
    });
    expect(reporting.statusCode).toBe(403);
  });
});
