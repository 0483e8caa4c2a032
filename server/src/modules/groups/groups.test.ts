/**
 * §7 Groups: CRUD with counts (contacts, active, invalid, unsubscribed), virtual groups counted by their filters,
 * adding and removing contacts, adding every contact matching filters. Contacts here are the test's own
 * (numbers in 503, which the seed does not use).
 */
import { GROUP_ENDPOINTS } from '@shared/api/groups';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';
import { contactMaker } from '../contacts/testing';

const t = sharedTestApp();
let motors: number;
let other: number;
beforeAll(() => {
  ({ demoMotors: motors, otherCo: other } = t.ids.companies);
});

const contact = contactMaker<{ id: number; name: string }>(t, 'Grp Person', 503, 3000);
let serial = 0;

async function createGroup(payload: Record<string, unknown>, email = 'admin@demo.test') {
  return t.as(email, { method: 'POST', url: `/api/groups?companyId=${motors}`, payload });
}

async function groupOk(payload: Record<string, unknown>) {
  const response = await createGroup(payload);
  expect(response.statusCode, response.body).toBe(201);
  return GROUP_ENDPOINTS.create.response.parse(response.json());
}

async function getGroup(id: number, email = 'admin@demo.test') {
  const response = await t.as(email, { method: 'GET', url: `/api/groups/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return GROUP_ENDPOINTS.get.response.parse(response.json());
}

async function label(name: string) {
  const response = await t.as('admin@demo.test', {
    method: 'POST',
    url: `/api/companies/${motors}/contactLabels`,
    payload: { label: name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('POST /groups', () => {
  it('creates a plain group with zero counts and its links', async () => {
    const group = await groupOk({ name: 'Grp Fresh' });
    expect(group).toMatchObject({
      name: 'Grp Fresh',
      company_id: motors,
      contact_count: 0,
      active_count: 0,
      invalid_count: 0,
      unsubscriber_count: 0,
      virtual: false,
      filters: null,
      user_id: t.ids.users['admin@demo.test'],
      link: `/contacts?group=${group.id}`,
      contacts_link: `/api/contacts?companyId=${motors}&filters=${encodeURIComponent(JSON.stringify({ groups: [group.id] }))}`,
    });
  });

  let original: Promise<unknown> | undefined;
  it.each(['Grp Duplicate', 'grp duplicate', '  GRP DUPLICATE  '])(
    'refuses a name the company has, in any letter case (%j)',
    async (name) => {
      original ??= groupOk({ name: 'Grp Duplicate' });
      await original;
      const response = await createGroup({ name });
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response).name).toEqual(['There is a group named "Grp Duplicate" already.']);
    },
  );

  it('a name another company uses is fine there', async () => {
    await groupOk({ name: 'Grp Shared Name' });
    const response = await t.as('other@demo.test', {
      method: 'POST',
      url: `/api/groups?companyId=${other}`,
      payload: { name: 'Grp Shared Name' },
    });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'Grp Bad Filter', filters: { colour: 'red' } }, 'filters.colour'],
  ])('refuses %j (422 on %s)', async (payload, field) => {
    const response = await createGroup(payload);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)[field]).toBeTruthy();
  });

  it('a reporting user may list but not create', async () => {
    expect((await createGroup({ name: 'Grp Reporting' }, 'reporting@demo.test')).statusCode).toBe(403);
    const listed = await t.as('reporting@demo.test', {
      method: 'GET',
      url: `/api/groups?companyId=${motors}`,
    });
    expect(listed.statusCode).toBe(200);
  });
});

describe('counts', () => {
  it('counts members, active (neither invalid nor unsubscribed), invalid and unsubscribed, for every group at once', async () => {
    const tag = await label('Grp Count Tag');
    const plain = await groupOk({ name: 'Grp Counted' });
    const virtual = await groupOk({ name: 'Grp Counted Virtual', filters: { labels: [tag] } });
    const states = [
      {},
      {},
      { is_invalid: true },
      { is_unsubscribed: true },
      { is_invalid: true, is_unsubscribed: true },
    ];
    for (const state of states) await contact({ ...state, groups: [plain.id], labels: [tag] });
    await contact({ labels: [tag] });
    const response = await t.as('agent@demo.test', {
      method: 'GET',
      url: `/api/groups?companyId=${motors}&search=grp counted`,
    });
    const groups = GROUP_ENDPOINTS.list.response.parse(response.json());
    const byName = Object.fromEntries(groups.map((group) => [group.name, group]));
    expect(byName['Grp Counted']).toMatchObject({
      contact_count: 5,
      active_count: 2,
      invalid_count: 2,
      unsubscriber_count: 2,
    });
    expect(byName['Grp Counted Virtual']).toMatchObject({
      virtual: true,
      filters: { labels: [tag] },
      contact_count: 6,
      active_count: 3,
      invalid_count: 2,
      unsubscriber_count: 2,
    });
    expect(Object.keys(byName).sort()).toEqual(['Grp Counted', 'Grp Counted Virtual']);
    // The contacts_link lists exactly the group's contacts.
    const linked = await t.as('agent@demo.test', { method: 'GET', url: virtual.contacts_link });
    expect(linked.json().total).toBe(6);
  });
});

describe('GET, PATCH, DELETE /groups/{id}', () => {
  it('renames (refusing a taken name) and changes a virtual group’s filters', async () => {
    await groupOk({ name: 'Grp Taken' });
    const group = await groupOk({ name: 'Grp Rename Me' });
    const taken = await t.as('admin@demo.test', {
      method: 'PATCH',
      url: `/api/groups/${group.id}`,
      payload: { name: 'GRP TAKEN' },
    });
    expect(taken.statusCode).toBe(422);
    expect(fieldErrors(taken).name?.[0]).toMatch(/already/);
    const same = await t.as('admin@demo.test', {
      method: 'PATCH',
      url: `/api/groups/${group.id}`,
      payload: { name: 'grp rename me' },
    });
    expect(same.json().name).toBe('grp rename me');

    const saved = await groupOk({ name: 'Grp Saved', filters: { unsubscribed: true, search: 'Grp Person' } });
    await contact({ is_unsubscribed: true });
    const before = (await getGroup(saved.id)).contact_count;
    const changed = await t.as('admin@demo.test', {
      method: 'PATCH',
      url: `/api/groups/${saved.id}`,
      payload: { filters: { unsubscribed: false, search: 'Grp Person' } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().filters).toEqual({ unsubscribed: false, search: 'Grp Person' });
    expect(changed.json().contact_count).not.toBe(before);
  });

  it.each([
    ['filters on a plain group', 'plain', () => ({ filters: { optin: true } })],
    ['no filters on a virtual group', 'virtual', () => ({ filters: null })],
    ['a virtual group including itself', 'virtual', (id: number) => ({ filters: { groups: [id] } })],
  ] as const)('refuses %s (422)', async (_what, kind, payload) => {
    const group = await groupOk({
      name: `Grp Refuse ${++serial}`,
      ...(kind === 'virtual' ? { filters: { optin: true } } : {}),
    });
    const response = await t.as('admin@demo.test', {
      method: 'PATCH',
      url: `/api/groups/${group.id}`,
      payload: payload(group.id),
    });
    expect(response.statusCode).toBe(422);
  });

  it('deleting a group keeps its contacts', async () => {
    const group = await groupOk({ name: 'Grp Doomed' });
    const member = await contact({ groups: [group.id] });
    const response = await t.as('agent@demo.test', { method: 'DELETE', url: `/api/groups/${group.id}` });
    expect(response.statusCode).toBe(204);
    expect(
      (await t.as('admin@demo.test', { method: 'GET', url: `/api/groups/${group.id}` })).statusCode,
    ).toBe(404);
    const kept = await t.as('admin@demo.test', { method: 'GET', url: `/api/contacts/${member.id}` });
    expect(kept.json().groups).toEqual([]);
  });

  it('another company’s group is 404 for every call', async () => {
    const foreign = await t.as('other@demo.test', {
      method: 'POST',
      url: `/api/groups?companyId=${other}`,
      payload: { name: 'Grp Foreign' },
    });
    const id = foreign.json().id as number;
    const own = await contact();
    for (const [method, url, payload] of [
      ['GET', `/api/groups/${id}`, undefined],
      ['PATCH', `/api/groups/${id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/groups/${id}`, undefined],
      ['POST', `/api/groups/${id}/contacts`, { contacts: [own.id] }],
      ['DELETE', `/api/groups/${id}/contacts`, { contacts: [own.id] }],
      ['POST', `/api/groups/${motors}/${id}/all-contacts`, { filters: {} }],
      ['POST', `/api/groups/${other}/${id}/all-contacts`, { filters: {} }],
    ] as const) {
      const response = await t.as('admin@demo.test', { method, url, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('adding and removing contacts', () => {
  it('adds the company’s contacts, ignoring those already in and other companies’, and answers how many joined', async () => {
    const group = await groupOk({ name: 'Grp Members' });
    const [a, b, c] = [await contact(), await contact(), await contact({ groups: [group.id] })];
    const foreign = await contact({}, 'other@demo.test', other);
    const response = await t.as('agent@demo.test', {
      method: 'POST',
      url: `/api/groups/${group.id}/contacts`,
      payload: { contacts: [a.id, b.id, c.id, foreign.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ affected: 2 });
    expect((await getGroup(group.id)).contact_count).toBe(3);
    const foreignContact = await t.as('other@demo.test', {
      method: 'GET',
      url: `/api/contacts/${foreign.id}`,
    });
    expect(foreignContact.json().groups).toEqual([]);

    const removed = await t.as('agent@demo.test', {
      method: 'DELETE',
      url: `/api/groups/${group.id}/contacts`,
      payload: { contacts: [a.id, foreign.id] },
    });
    expect(removed.json()).toEqual({ affected: 1 });
    expect((await getGroup(group.id)).contact_count).toBe(2);
  });

  it('adds every contact matching filters, and removes them the same way', async () => {
    const tag = await label('Grp All Tag');
    const group = await groupOk({ name: 'Grp All' });
    for (let i = 0; i < 3; i++) await contact({ labels: [tag] });
    await contact();
    const added = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/groups/${motors}/${group.id}/all-contacts`,
      payload: { filters: { labels: [tag] } },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ affected: 3 });
    const again = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/groups/${motors}/${group.id}/all-contacts`,
      payload: { filters: { labels: [tag] } },
    });
    expect(again.json()).toEqual({ affected: 0 });
    const removed = await t.as('admin@demo.test', {
      method: 'DELETE',
      url: `/api/groups/${group.id}/contacts`,
      payload: { all: true, filters: { labels: [tag] } },
    });
    expect(removed.json()).toEqual({ affected: 3 });
    expect((await getGroup(group.id)).contact_count).toBe(0);
  });

  it('a virtual group takes no contacts by hand (422, saying why)', async () => {
    const saved = await groupOk({ name: 'Grp Virtual Only', filters: { optin: true } });
    const someone = await contact();
    for (const [method, url, payload] of [
      ['POST', `/api/groups/${saved.id}/contacts`, { contacts: [someone.id] }],
      ['DELETE', `/api/groups/${saved.id}/contacts`, { contacts: [someone.id] }],
      ['POST', `/api/groups/${motors}/${saved.id}/all-contacts`, { filters: {} }],
    ] as const) {
      const response = await t.as('admin@demo.test', { method, url, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(422);
      expect(fieldErrors(response).contacts?.[0]).toMatch(/"Grp Virtual Only" is a virtual group/);
    }
  });

  it('a reporting user may not add contacts (403)', async () => {
    const group = await groupOk({ name: 'Grp Reporting Add' });
    const someone = await contact();
    const response = await t.as('reporting@demo.test', {
      method: 'POST',
      url: `/api/groups/${group.id}/contacts`,
      payload: { contacts: [someone.id] },
    });
    expect(response.statusCode).toBe(403);
  });
});
