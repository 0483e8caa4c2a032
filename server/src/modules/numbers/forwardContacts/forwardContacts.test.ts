/**
 * §7 Numbers `forward-contacts (GET, POST, PUT/DELETE by id, /stats, /{id}/usage)` against the real server:
 * validation (§5 checked, retried with +1; §3 usingIntNumber: international only when meant), one entry per number
 * in a company, usage read from the numbers' routes (seeded Demo Motors routing, then changed through
 * `PUT /numbers/{id}`), stats, §8's messages, 404 across companies and 403 by role.
 */
import type { ForwardContact, ForwardContactStats, ForwardUsage } from '@shared/api/forwardContacts';
import type { Paged } from '@shared/api/paged';
import { FORWARD_CONTACT_MESSAGES as M } from '@shared/domain/forwardContacts';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fieldErrors, type TestApp } from '../../../testing/testApp';

let t: TestApp;
let motors: number;
let other: number;
beforeAll(async () => {
  t = await createTestApp();
  motors = t.ids.companies.demoMotors;
  other = t.ids.companies.otherCo;
});
afterAll(() => t.close());

const add = (payload: Record<string, unknown>, as = 'owner@demo.test', company = motors) =>
  t.as(as, { method: 'POST', url: '/api/forward-contacts', payload: { company_id: company, ...payload } });
const change = (id: number, payload: Record<string, unknown>, as = 'owner@demo.test') =>
  t.as(as, { method: 'PUT', url: `/api/forward-contacts/${id}`, payload });
const remove = (id: number, as = 'owner@demo.test') =>
  t.as(as, { method: 'DELETE', url: `/api/forward-contacts/${id}` });
const list = (query: string, as = 'agent@demo.test', company = motors) =>
  t.as(as, { method: 'GET', url: `/api/forward-contacts?company_id=${company}${query}` });
const usage = (id: number, as = 'agent@demo.test') =>
  t.as(as, { method: 'GET', url: `/api/forward-contacts/${id}/usage` });
const stats = async () => {
  const response = await t.as('reporting@demo.test', {
    method: 'GET',
    url: `/api/forward-contacts/stats?company_id=${motors}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ForwardContactStats>();
};
const added = async (payload: Record<string, unknown>) => {
  const response = await add(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ message: string; forward_contact: ForwardContact }>().forward_contact;
};

describe('POST /forward-contacts', () => {
  it('adds an entry: E.164, §8’s message, and the routes that already forward to it (seeded: 3)', async () => {
    const response = await add({ name: ' Showroom floor ', number: '(312) 555-0160', note: 'Front desk' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ message: string; forward_contact: ForwardContact }>();
    expect(body.message).toBe(SUCCESS_MESSAGES.forwardingNumberAdded);
    expect(body.message).toBe('The forwarding number has been added to the list of forwarding numbers');
    expect(body.forward_contact).toMatchObject({
      company_id: motors,
      name: 'Showroom floor',
      number: '+13125550160',
      usingIntNumber: false,
      note: 'Front desk',
      // Main line ext 1 "Sales", Sales ext 1 "Sales floor", Toll-free ext 1 "Nearest showroom" (seed).
      used_by_routes: 3,
    });
  });

  it('§5 retries with +1; §3 usingIntNumber: an international number needs the flag, a +1 one is never international', async () => {
    expect((await added({ name: 'Parts counter', number: '312.555.0164' })).number).toBe('+13125550164');
    const refused = await add({ name: 'London office', number: '+44 20 7946 0958' });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused).number).toEqual([M.international]);
    expect(
      await added({ name: 'London office', number: '+44 20 7946 0958', usingIntNumber: true }),
    ).toMatchObject({ number: '+442079460958', usingIntNumber: true });
    // A national number of another country, read in that country.
    expect(
      await added({ name: 'Paris office', number: '01 42 68 53 00', usingIntNumber: true, country: 'FR' }),
    ).toMatchObject({ number: '+33142685300', usingIntNumber: true });
    // Toronto is a +1 number: the flag sent does not make it international.
    expect(await added({ name: 'Toronto', number: '416 555 0199', usingIntNumber: true })).toMatchObject({
      number: '+14165550199',
      usingIntNumber: false,
    });
  });

  it.each([
    [{ number: '3125550170' }, 'name', M.nameRequired],
    [{ name: '   ', number: '3125550170' }, 'name', M.nameRequired],
    [{ name: 'x'.repeat(101), number: '3125550170' }, 'name', M.nameTooLong],
    [{ name: 'Nobody' }, 'number', M.numberRequired],
    [{ name: 'Nobody', number: '' }, 'number', M.numberRequired],
    [{ name: 'Nobody', number: '555-01' }, 'number', M.numberInvalid],
    [{ name: 'Nobody', number: 42 }, 'number', M.numberRequired],
    [{ name: 'Nobody', number: '3125550170', country: 'XX' }, 'country', M.country],
    [{ name: 'Nobody', number: '3125550170', note: 'n'.repeat(501) }, 'note', M.noteTooLong],
  ])('%o is refused on %s', async (payload, field, message) => {
    const response = await add(payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response)[field]).toEqual([message]);
  });

  it('refuses fields it does not know, and a body without its company', async () => {
    const unknown = await add({ name: 'A', number: '3125550171', colour: 'red' });
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown)).toHaveProperty('colour');
    const noCompany = await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/forward-contacts',
      payload: { name: 'A', number: '3125550171' },
    });
    expect(noCompany.statusCode).toBe(422);
    expect(fieldErrors(noCompany)).toHaveProperty('company_id');
  });

  it('one entry per number in a company (422 naming it, however typed); another company may have it too', async () => {
    const duplicate = await add({ name: 'Again', number: '+1 (312) 555-0160' });
    expect(duplicate.statusCode).toBe(422);
    expect(fieldErrors(duplicate).number).toEqual([
      'This number is already in the list as “Showroom floor”.',
    ]);
    const elsewhere = await add({ name: 'Their showroom', number: '3125550160' }, 'other@demo.test', other);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(elsewhere.json().forward_contact).toMatchObject({ company_id: other, used_by_routes: 0 });
  });
});

describe('GET /forward-contacts', () => {
  it('lists the company’s entries by name, paged, with their usage', async () => {
    const response = await list('&perPage=2');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Paged<ForwardContact>>();
    expect(page).toMatchObject({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(page.data.map((entry) => entry.name)).toEqual(['London office', 'Paris office']);
    const all = (await list('&perPage=50')).json<Paged<ForwardContact>>().data;
    expect(all.map((entry) => [entry.name, entry.used_by_routes])).toEqual([
      ['London office', 0],
      ['Paris office', 0],
      ['Parts counter', 1],
      ['Showroom floor', 3],
      ['Toronto', 0],
    ]);
    expect(all.every((entry) => entry.company_id === motors)).toBe(true);
  });

  it('searches name, note and the number’s digits', async () => {
    const names = async (query: string) =>
      (await list(query)).json<Paged<ForwardContact>>().data.map((entry) => entry.name);
    expect(await names('&search=office')).toEqual(['London office', 'Paris office']);
    expect(await names('&search=front%20desk')).toEqual(['Showroom floor']);
    expect(await names(`&search=${encodeURIComponent('(312) 555-016')}`)).toEqual([
      'Parts counter',
      'Showroom floor',
    ]);
    expect(await names('&search=nobody')).toEqual([]);
  });

  it('§5 "Forwarding-number search defaults to one result and a default country": `number` finds the one entry', async () => {
    const found = (await list(`&number=${encodeURIComponent('312-555-0164')}`)).json<Paged<ForwardContact>>();
    expect(found).toMatchObject({ total: 1, data: [{ name: 'Parts counter', number: '+13125550164' }] });
    const abroad = await list(`&number=${encodeURIComponent('020 7946 0958')}&country=GB`);
    expect(abroad.json<Paged<ForwardContact>>().data.map((entry) => entry.name)).toEqual(['London office']);
    expect((await list('&number=3125550199')).json<Paged<ForwardContact>>().total).toBe(0);
    const invalid = await list('&number=12');
    expect(invalid.statusCode).toBe(422);
    expect(fieldErrors(invalid)['query.number']).toEqual([M.numberInvalid]);
  });
});

describe('usage and stats: read from the numbers’ routes', () => {
  it('names each route forwarding to an entry, and follows a change of routing', async () => {
    const all = (await list('&perPage=50')).json<Paged<ForwardContact>>().data;
    const parts = all.find((entry) => entry.name === 'Parts counter') as ForwardContact;
    const before = await usage(parts.id);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<{ data: ForwardUsage[] }>().data).toEqual([
      {
        number_id: t.ids.numbers.motorsMain,
        number: '+13125550100',
        number_label: 'Main line',
        extension: 3,
        label: 'Parts',
        type: 'standard',
      },
    ]);
    expect(await stats()).toEqual({ total: 5, used: 2, unused: 3 });

    // The in-app line gets an extension forwarding to the parts counter (typed as people write it).
    const routed = await t.as('owner@demo.test', {
      method: 'PUT',
      url: `/api/numbers/${t.ids.numbers.motorsInApp}`,
      payload: {
        routes: [
          {
            extension: 1,
            label: 'Agents in the app',
            type: 'in-app-calling',
            members: [t.ids.users['agent@demo.test']],
          },
          { extension: 2, label: 'Parts', type: 'standard', forwards: [{ number: '(312) 555-0164' }] },
        ],
      },
    });
    expect(routed.statusCode, routed.body).toBe(200);
    const after = (await usage(parts.id)).json<{ forward_contact: ForwardContact; data: ForwardUsage[] }>();
    expect(after.forward_contact.used_by_routes).toBe(2);
    expect(after.data.map((one) => [one.number_id, one.extension])).toEqual(
      expect.arrayContaining([
        [t.ids.numbers.motorsMain, 3],
        [t.ids.numbers.motorsInApp, 2],
      ]),
    );
    const london = all.find((entry) => entry.name === 'London office') as ForwardContact;
    expect((await usage(london.id)).json<{ data: ForwardUsage[] }>().data).toEqual([]);
  });
});

describe('PUT /forward-contacts/{id}', () => {
  it('changes an entry and answers §8’s message', async () => {
    const entry = await added({ name: 'Night porter', number: '3125550181' });
    const response = await change(entry.id, {
      name: 'Night desk',
      number: '312-555-0182',
      note: 'After 10pm',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; forward_contact: ForwardContact }>();
    expect(body.message).toBe(SUCCESS_MESSAGES.forwardingNumberUpdated);
    expect(body.message).toBe('The forwarding number has been updated');
    expect(body.forward_contact).toMatchObject({
      name: 'Night desk',
      number: '+13125550182',
      note: 'After 10pm',
    });
    expect(Date.parse(body.forward_contact.updated_at)).toBeGreaterThanOrEqual(Date.parse(entry.updated_at));
  });

  it('refuses another entry’s number (422) and bad input per field', async () => {
    const entry = await added({ name: 'Spare', number: '3125550183' });
    const taken = await change(entry.id, { name: 'Spare', number: '+13125550160' });
    expect(taken.statusCode).toBe(422);
    expect(fieldErrors(taken).number).toEqual(['This number is already in the list as “Showroom floor”.']);
    const bad = await change(entry.id, { name: '', number: '+44 20 7946 0959' });
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad)).toMatchObject({ name: [M.nameRequired], number: [M.international] });
    // Its own number again is no duplicate.
    expect((await change(entry.id, { name: 'Spare phone', number: '(312) 555-0183' })).statusCode).toBe(200);
  });

  it('keeps the number of an entry routes forward to (409 naming them); its name may change', async () => {
    const all = (await list('&perPage=50')).json<Paged<ForwardContact>>().data;
    const showroom = all.find((entry) => entry.name === 'Showroom floor') as ForwardContact;
    const moved = await change(showroom.id, { name: 'Showroom floor', number: '3125550190' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().errors.used_by).toContain('Main line (312) 555-0100, extension 1 “Sales”');
    const renamed = await change(showroom.id, {
      name: 'Showroom',
      number: '+13125550160',
      note: 'Front desk',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().forward_contact).toMatchObject({ name: 'Showroom', used_by_routes: 3 });
  });
});

describe('DELETE /forward-contacts/{id}', () => {
  it('refuses while routes forward to it (409 naming each), removes it once none does', async () => {
    const all = (await list('&perPage=50')).json<Paged<ForwardContact>>().data;
    const parts = all.find((entry) => entry.name === 'Parts counter') as ForwardContact;
    const refused = await remove(parts.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '“Parts counter” is still forwarded to by 2 routes. Change those routes to forward elsewhere first, then remove it.',
    );
    expect(refused.json().errors.used_by).toEqual(
      expect.arrayContaining([
        'Main line (312) 555-0100, extension 3 “Parts”',
        'In-app agents (312) 555-0104, extension 2 “Parts”',
      ]),
    );
    // The in-app line stops forwarding there; the main line still does.
    await t.as('owner@demo.test', {
      method: 'PUT',
      url: `/api/numbers/${t.ids.numbers.motorsInApp}`,
      payload: { routes: [{ extension: 1, type: 'voicemail', label: 'Voicemail', voicemail_enabled: true }] },
    });
    const still = await remove(parts.id);
    expect(still.statusCode).toBe(409);
    expect(still.json().errors.used_by).toEqual(['Main line (312) 555-0100, extension 3 “Parts”']);

    const london = all.find((entry) => entry.name === 'London office') as ForwardContact;
    const gone = await remove(london.id);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await usage(london.id)).statusCode).toBe(404);
    expect((await remove(london.id)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('another company’s entry, or its list, is 404; a missing one too', async () => {
    const theirs = (await list('', 'other@demo.test', other)).json<Paged<ForwardContact>>().data[0];
    expect(theirs).toBeDefined();
    const id = theirs?.id ?? 0;
    expect((await usage(id, 'owner@demo.test')).statusCode).toBe(404);
    expect((await change(id, { name: 'Mine now', number: '3125550160' })).statusCode).toBe(404);
    expect((await remove(id)).statusCode).toBe(404);
    expect((await list('', 'owner@demo.test', other)).statusCode).toBe(404);
    expect((await add({ name: 'X', number: '3125550191' }, 'owner@demo.test', other)).statusCode).toBe(404);
    expect((await usage(999_999)).statusCode).toBe(404);
  });

  it('numbers.view reads (agent, reporting); numbers.manage writes (owner, administrator); billing neither', async () => {
    const entry = await added({ name: 'Role check', number: '3125550192' });
    expect((await list('', 'agent@demo.test')).statusCode).toBe(200);
    expect((await list('', 'reporting@demo.test')).statusCode).toBe(200);
    expect((await list('', 'billing@demo.test')).statusCode).toBe(403);
    expect((await usage(entry.id, 'billing@demo.test')).statusCode).toBe(403);
    expect((await add({ name: 'Agent’s', number: '3125550193' }, 'agent@demo.test')).statusCode).toBe(403);
    expect(
      (await change(entry.id, { name: 'Agent’s', number: '3125550192' }, 'agent@demo.test')).statusCode,
    ).toBe(403);
    expect((await remove(entry.id, 'reporting@demo.test')).statusCode).toBe(403);
    expect(
      (await change(entry.id, { name: 'Admin’s', number: '3125550192' }, 'admin@demo.test')).statusCode,
    ).toBe(200);
    expect((await remove(entry.id, 'admin@demo.test')).statusCode).toBe(204);
  });
});
