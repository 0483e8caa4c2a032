/**
 * §7 Contacts: create, read, change, delete, bulk delete and export, against the real app. Every contact here is
 * made by the test (numbers in 415, 646 and 206, never the seed's area codes), so the seed can grow freely.
 */
import { CONTACT_ENDPOINTS } from '@shared/api/contacts';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  calls,
  contactGroups,
  contactLabels,
  conversations,
  eavAttributes,
  eavValues,
  notes,
  numbers,
  voicemails,
} from '../../db/schema';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';
import { CONTACTS_ACCESS_BY_ROLE } from './testing';

const t = sharedTestApp();
let motors: number;
let other: number;
beforeAll(() => {
  ({ demoMotors: motors, otherCo: other } = t.ids.companies);
});

let serial = 0;
/** A fresh number each call: (415) 555-2000, 2001, … */
const nextNumber = () => `(415) 555-${2000 + ++serial}`;
const e164 = (display: string) => `+1${display.replace(/\D/g, '')}`;

async function create(payload: Record<string, unknown>, email = 'admin@demo.test', companyId = motors) {
  return t.as(email, { method: 'POST', url: `/api/contacts?companyId=${companyId}`, payload });
}

async function createOk(
  payload: Record<string, unknown> = {},
  email = 'admin@demo.test',
  companyId = motors,
) {
  const response = await create({ name: 'Test Person', number: nextNumber(), ...payload }, email, companyId);
  expect(response.statusCode, response.body).toBe(201);
  return CONTACT_ENDPOINTS.create.response.parse(response.json());
}

async function list(filters: Record<string, unknown>, extra = '', email = 'admin@demo.test') {
  const response = await t.as(email, {
    method: 'GET',
    url: `/api/contacts?companyId=${motors}&filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return CONTACT_ENDPOINTS.list.response.parse(response.json());
}

async function label(name: string, companyId = motors) {
  const [row] = await t.ctx.db
    .insert(contactLabels)
    .values({ company_id: companyId, label: name })
    .returning();
  return row?.id as number;
}

async function group(name: string, options: { companyId?: number; filters?: Record<string, unknown> } = {}) {
  const [row] = await t.ctx.db
    .insert(contactGroups)
    .values({ company_id: options.companyId ?? motors, name, filters: options.filters ?? null })
    .returning();
  return row?.id as number;
}

async function customField(
  name: string,
  dataType: string,
  options: { required?: boolean; companyId?: number } = {},
) {
  const [row] = await t.ctx.db
    .insert(eavAttributes)
    .values({
      company_id: options.companyId ?? motors,
      entity_type: 7,
      name,
      key: name.toLowerCase().replace(/\W+/g, '_'),
      data_type: dataType,
      required: options.required ?? false,
    })
    .returning();
  return row?.id as number;
}

describe('POST /contacts', () => {
  it('creates a contact with every §3 field, the number in E.164 and the source Manual', async () => {
    const vip = await label('Ctest VIP');
    const buyers = await group('Ctest Buyers');
    const fleet = await customField('Ctest fleet size', 'number');
    const number = nextNumber();
    const contact = await createOk({
      name: 'Jane Doe',
      number,
      company_name: 'Doe Freight',
      email: 'Jane@Doe.test',
      address1: '1 Main St',
      address2: 'Suite 2',
      city: 'Oakland',
      state: 'CA',
      zip: '94607',
      notes: 'Prefers texts',
      optin_type: 'point_of_sale',
      optin_source: 'Showroom',
      alternative_names: ['J. Doe'],
      secondary_emails: ['jd@work.test'],
      carrier: 'Verizon',
      gender: 'Female',
      age_range: '41-45',
      type: 'Person',
      is_invalid: false,
      is_unsubscribed: true,
      custom: { country: 'US', title: 'Dispatcher' },
      labels: [vip],
      groups: [buyers],
      eavAttributeValues: [{ attribute_id: fleet, value: '12' }],
    });
    expect(contact).toMatchObject({
      company_id: motors,
      name: 'Jane Doe',
      number: e164(number),
      email: 'jane@doe.test',
      optin_type: 'point_of_sale',
      gender: 'Female',
      age_range: '41-45',
      type: 'Person',
      is_unsubscribed: true,
      source: 'Manual',
      custom: { country: 'US', title: 'Dispatcher' },
      labels: [{ id: vip, label: 'Ctest VIP' }],
      groups: [{ id: buyers, name: 'Ctest Buyers' }],
      eavAttributeValues: [{ attribute_id: fleet, value: 12 }],
      alternative_names: ['J. Doe'],
      secondary_emails: ['jd@work.test'],
    });
  });

  it.each([
    ['not a number at all', 'call me'],
    ['too short', '555-12'],
  ])('refuses a number that is %s, naming it', async (_why, number) => {
    const response = await create({ name: 'Bad Number', number });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).number?.[0]).toContain(`"${number}" is not a valid phone number`);
  });

  it('refuses a number the company already has, however it is written, naming who has it', async () => {
    const number = nextNumber();
    await createOk({ name: 'Jane Original', number });
    for (const spelling of [number, e164(number), number.replace(/\D/g, '')]) {
      const response = await create({ name: 'Jane Copy', number: spelling });
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response).number).toEqual(['This number belongs to Jane Original already.']);
    }
    // Another company may have the same number.
    const elsewhere = await create({ name: 'Jane Elsewhere', number }, 'other@demo.test', other);
    expect(elsewhere.statusCode).toBe(201);
  });

  it.each([
    ['a label of another company', async () => ({ labels: [await label('Ctest Foreign', other)] }), 'labels'],
    ['a missing label', async () => ({ labels: [999_999] }), 'labels'],
    [
      'a group of another company',
      async () => ({ groups: [await group('Ctest Foreign', { companyId: other })] }),
      'groups',
    ],
    [
      'a virtual group',
      async () => ({ groups: [await group('Ctest Saved', { filters: { optin: true } })] }),
      'groups',
    ],
    [
      'a custom field of another company',
      async () => ({
        eavAttributeValues: [
          { attribute_id: await customField('Ctest Foreign', 'number', { companyId: other }), value: 1 },
        ],
      }),
      'eavAttributeValues.0',
    ],
    [
      'a custom value of the wrong type',
      async () => ({
        eavAttributeValues: [
          { attribute_id: await customField('Ctest Boolean', 'boolean'), value: 'perhaps' },
        ],
      }),
      'eavAttributeValues.0',
    ],
  ])('refuses %s (422 on the field)', async (_what, extra, field) => {
    const response = await create({ name: 'Refused', number: nextNumber(), ...(await extra()) });
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response)[field]?.[0]).toBeTruthy();
  });

  it('a virtual group is refused with a message saying why', async () => {
    const saved = await group('Ctest Saved Filter', { filters: { unsubscribed: true } });
    const response = await create({ name: 'Refused', number: nextNumber(), groups: [saved] });
    expect(fieldErrors(response).groups?.[0]).toMatch(/"Ctest Saved Filter" is a virtual group/);
  });

  it('a required custom field must be given (and then it is kept)', async () => {
    const required = await customField('Ctest Required', 'stringText', { required: true });
    try {
      const missing = await create({ name: 'No Value', number: nextNumber() });
      expect(missing.statusCode).toBe(422);
      expect(Object.values(fieldErrors(missing)).flat()).toContain('Ctest Required is required.');
      const given = await createOk({ eavAttributeValues: [{ attribute_id: required, value: 'here' }] });
      expect(given.eavAttributeValues).toEqual([{ attribute_id: required, value: 'here' }]);
    } finally {
      await t.ctx.db.update(eavAttributes).set({ required: false }).where(eq(eavAttributes.id, required));
    }
  });

  it('says what is wrong with every field at once', async () => {
    const response = await create({ name: '', number: '', email: 'nope', gender: 'Robot', age_range: '2-3' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(response)).sort()).toEqual([
      'age_range',
      'email',
      'gender',
      'name',
      'number',
    ]);
  });
});

describe('GET /contacts/{id}', () => {
  it('answers the contact with its labels, groups, custom values and notes, newest first with their authors', async () => {
    const contact = await createOk({ name: 'Noted Person' });
    const first = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/notes',
      payload: { model_type: 'contact', model_id: contact.id, body: 'First call' },
    });
    expect(first.statusCode, first.body).toBe(201);
    t.setNow(new Date(Date.now() + 60_000));
    await t.as('admin@demo.test', {
      method: 'POST',
      url: '/api/notes',
      payload: { model_type: 'contact', model_id: contact.id, body: 'Second call' },
    });
    t.setNow(new Date());
    const response = await t.as('reporting@demo.test', { method: 'GET', url: `/api/contacts/${contact.id}` });
    expect(response.statusCode).toBe(200);
    const detail = CONTACT_ENDPOINTS.get.response.parse(response.json());
    expect(detail.name).toBe('Noted Person');
    expect(detail.note_records.map((note) => [note.body, note.user?.name])).toEqual([
      ['Second call', 'Adam Admin'],
      ['First call', 'Aria Agent'],
    ]);
  });

  it('a missing contact is 404', async () => {
    const response = await t.as('admin@demo.test', { method: 'GET', url: '/api/contacts/999999' });
    expect(response.statusCode).toBe(404);
  });
});

describe('PATCH /contacts/{id}', () => {
  it('changes only the fields sent and bumps updated_at', async () => {
    const contact = await createOk({ name: 'Patch Me', city: 'Oakland', email: 'patch@me.test' });
    t.setNow(new Date(Date.now() + 600_000));
    const response = await t.as('agent@demo.test', {
      method: 'PATCH',
      url: `/api/contacts/${contact.id}`,
      payload: { city: 'Berkeley', custom: { title: 'Owner' } },
    });
    t.setNow(new Date());
    expect(response.statusCode, response.body).toBe(200);
    const updated = CONTACT_ENDPOINTS.update.response.parse(response.json());
    expect(updated).toMatchObject({
      name: 'Patch Me',
      city: 'Berkeley',
      email: 'patch@me.test',
      number: contact.number,
      custom: { country: null, title: 'Owner' },
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(contact.updated_at));
  });

  it('labels, groups and custom values sent replace the contact’s own', async () => {
    const [a, b] = [await label('Ctest Replace A'), await label('Ctest Replace B')];
    const [g1, g2] = [await group('Ctest Replace G1'), await group('Ctest Replace G2')];
    const [f1, f2] = [
      await customField('Ctest Replace F1', 'stringText'),
      await customField('Ctest Replace F2', 'boolean'),
    ];
    const contact = await createOk({
      labels: [a],
      groups: [g1],
      eavAttributeValues: [{ attribute_id: f1, value: 'old' }],
    });
    const response = await t.as('agent@demo.test', {
      method: 'PATCH',
      url: `/api/contacts/${contact.id}`,
      payload: { labels: [b], groups: [g2], eavAttributeValues: [{ attribute_id: f2, value: 'yes' }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      labels: [{ id: b }],
      groups: [{ id: g2 }],
      eavAttributeValues: [{ attribute_id: f2, value: true }],
    });
    const kept = await t.as('agent@demo.test', {
      method: 'PATCH',
      url: `/api/contacts/${contact.id}`,
      payload: { name: 'Renamed' },
    });
    expect(kept.json()).toMatchObject({ labels: [{ id: b }], groups: [{ id: g2 }] });
  });

  it('refuses another contact’s number, an invalid one, and a foreign label', async () => {
    const taken = await createOk({ name: 'Number Owner' });
    const contact = await createOk({ name: 'Number Wanter' });
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ number: taken.number }, 'number', 'This number belongs to Number Owner already.'],
      [{ number: '12' }, 'number', /not a valid phone number/],
      [{ labels: [await label('Ctest Patch Foreign', other)] }, 'labels', /not labels of this company/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await t.as('admin@demo.test', {
        method: 'PATCH',
        url: `/api/contacts/${contact.id}`,
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response)[field]?.[0]).toMatch(message);
    }
    // Its own number, written another way, is no conflict.
    const same = await t.as('admin@demo.test', {
      method: 'PATCH',
      url: `/api/contacts/${contact.id}`,
      payload: { number: contact.number.slice(2) },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('DELETE /contacts/{id}', () => {
  it('deletes the contact with its custom values and notes', async () => {
    const field = await customField('Ctest Delete F', 'stringText');
    const contact = await createOk({ eavAttributeValues: [{ attribute_id: field, value: 'gone soon' }] });
    await t.as('admin@demo.test', {
      method: 'POST',
      url: '/api/notes',
      payload: { model_type: 'contact', model_id: contact.id, body: 'gone soon' },
    });
    const response = await t.as('agent@demo.test', { method: 'DELETE', url: `/api/contacts/${contact.id}` });
    expect(response.statusCode).toBe(204);
    expect(
      (await t.as('admin@demo.test', { method: 'GET', url: `/api/contacts/${contact.id}` })).statusCode,
    ).toBe(404);
    expect(await t.ctx.db.select().from(eavValues).where(eq(eavValues.entity_id, contact.id))).toEqual([]);
    expect(await t.ctx.db.select().from(notes).where(eq(notes.model_id, contact.id))).toEqual([]);
  });
});

describe('records of a contact’s number', () => {
  it('a new contact claims the conversation, calls and voicemails of its number; a new number lets them go', async () => {
    const [line] = await t.ctx.db
      .insert(numbers)
      .values({ company_id: motors, number: '+14155559900', label: 'Links test' })
      .returning();
    const lineId = line?.id as number;
    const display = nextNumber();
    const remote = e164(display);
    const [conversation] = await t.ctx.db
      .insert(conversations)
      .values({ company_id: motors, number_id: lineId, recipient: remote })
      .returning();
    const started_at = t.ctx.now();
    const [inbound, outbound, stranger] = await t.ctx.db
      .insert(calls)
      .values([
        { company_id: motors, number_id: lineId, caller: remote, called: '+14155559900', started_at },
        {
          company_id: motors,
          number_id: lineId,
          caller: '+14155559900',
          called: remote,
          is_inbound: false,
          started_at,
        },
        { company_id: motors, number_id: lineId, caller: '+14155559999', called: '+14155559900', started_at },
      ])
      .returning();
    const [voicemail] = await t.ctx.db
      .insert(voicemails)
      .values({ company_id: motors, number_id: lineId, caller: remote })
      .returning();
    /** The contact a row of `table` is linked to. */
    const linked = async (table: typeof conversations | typeof calls | typeof voicemails, id?: number) =>
      (
        await t.ctx.db
          .select({ contactId: table.contact_id })
          .from(table)
          .where(eq(table.id, id as number))
      )[0]?.contactId;
    const contactOf = async () => ({
      conversation: await linked(conversations, conversation?.id),
      inbound: await linked(calls, inbound?.id),
      outbound: await linked(calls, outbound?.id),
      stranger: await linked(calls, stranger?.id),
      voicemail: await linked(voicemails, voicemail?.id),
    });

    const contact = await createOk({ number: display });
    expect(await contactOf()).toEqual({
      conversation: contact.id,
      inbound: contact.id,
      outbound: contact.id,
      stranger: null,
      voicemail: contact.id,
    });

    const moved = await t.as('admin@demo.test', {
      method: 'PATCH',
      url: `/api/contacts/${contact.id}`,
      payload: { number: '(415) 555-9999' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await contactOf()).toEqual({
      conversation: null,
      inbound: null,
      outbound: null,
      stranger: contact.id,
      voicemail: null,
    });
  });
});

describe('another company’s contact', () => {
  it('is never visible or editable: 404 for get, patch, delete; absent from lists', async () => {
    const foreign = await createOk({ name: 'Foreign Contact' }, 'other@demo.test', other);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'Hijacked' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await t.as('admin@demo.test', { method, url: `/api/contacts/${foreign.id}`, payload });
      expect(response.statusCode, method).toBe(404);
    }
    expect((await list({ search: 'Foreign Contact' })).total).toBe(0);
    const otherList = await t.as('admin@demo.test', {
      method: 'GET',
      url: `/api/contacts?companyId=${other}`,
    });
    expect(otherList.statusCode).toBe(404);
    const still = await t.as('other@demo.test', { method: 'GET', url: `/api/contacts/${foreign.id}` });
    expect(still.json().name).toBe('Foreign Contact');
  });
});

describe('roles', () => {
  it.each(CONTACTS_ACCESS_BY_ROLE)('%s %s → %i', async (email, method, status) => {
    const response =
      method === 'GET'
        ? await t.as(email, { method, url: `/api/contacts?companyId=${motors}` })
        : await create({ name: 'Role Test', number: nextNumber() }, email);
    expect(response.statusCode).toBe(status);
  });
});

describe('GET /contacts', () => {
  it('pages with current_page and total_pages, sorts by the column asked for', async () => {
    for (const name of ['Pager Charlie', 'Pager Alpha', 'Pager Bravo']) await createOk({ name });
    const page1 = await list({ search: 'Pager ' }, '&perPage=2&sort=name&dir=desc');
    expect(page1).toMatchObject({ current_page: 1, total_pages: 2, total: 3 });
    expect(page1.data.map((c) => c.name)).toEqual(['Pager Charlie', 'Pager Bravo']);
    const page2 = await list({ search: 'Pager ' }, '&perPage=2&page=2&sort=name&dir=desc');
    expect(page2.data.map((c) => c.name)).toEqual(['Pager Alpha']);
    const none = await list({ search: 'No such pager anywhere' });
    expect(none).toMatchObject({ total: 0, total_pages: 0, data: [] });
  });

  it('refuses unknown filters and bad paging with 422', async () => {
    for (const query of [`filters=${encodeURIComponent('{"colour":"red"}')}`, 'perPage=0', 'sort=password']) {
      const response = await t.as('admin@demo.test', {
        method: 'GET',
        url: `/api/contacts?companyId=${motors}&${query}`,
      });
      expect(response.statusCode, query).toBe(422);
    }
  });
});

describe('POST /companies/{companyId}/contacts/bulkDestroy', () => {
  it('deletes the listed contacts, leaving another company’s ids untouched', async () => {
    const mine = [await createOk({ name: 'Bulk Mine 1' }), await createOk({ name: 'Bulk Mine 2' })];
    const keep = await createOk({ name: 'Bulk Keep' });
    const foreign = await createOk({ name: 'Bulk Foreign' }, 'other@demo.test', other);
    const response = await t.as('agent@demo.test', {
      method: 'POST',
      url: `/api/companies/${motors}/contacts/bulkDestroy`,
      payload: { contacts: [...mine.map((c) => c.id), foreign.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });
    expect(
      (await t.as('admin@demo.test', { method: 'GET', url: `/api/contacts/${keep.id}` })).statusCode,
    ).toBe(200);
    expect(
      (await t.as('other@demo.test', { method: 'GET', url: `/api/contacts/${foreign.id}` })).statusCode,
    ).toBe(200);
  });

  it('deletes every contact matching the filters, and only those', async () => {
    const doomed = await label('Ctest Doomed');
    for (const name of ['Filter Doomed 1', 'Filter Doomed 2', 'Filter Doomed 3'])
      await createOk({ name, labels: [doomed] });
    await createOk({ name: 'Filter Doomed But Unlabelled' });
    const before = (await list({})).total;
    const response = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/companies/${motors}/contacts/bulkDestroy`,
      payload: { all: true, filters: { labels: [doomed], search: 'Filter Doomed' } },
    });
    expect(response.json()).toEqual({ deleted: 3 });
    expect((await list({})).total).toBe(before - 3);
    expect((await list({ search: 'Filter Doomed' })).data.map((c) => c.name)).toEqual([
      'Filter Doomed But Unlabelled',
    ]);
  });

  it('deletes by a custom-field filter, taking the custom values with the contacts', async () => {
    const field = await customField('Ctest Bulk Status', 'stringKeyword');
    const doomed = [
      await createOk({ eavAttributeValues: [{ attribute_id: field, value: 'purge' }] }),
      await createOk({ eavAttributeValues: [{ attribute_id: field, value: 'purge' }] }),
    ];
    const kept = await createOk({ eavAttributeValues: [{ attribute_id: field, value: 'keep' }] });
    const response = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/companies/${motors}/contacts/bulkDestroy`,
      payload: { all: true, filters: { custom: [{ attribute_id: field, value: 'purge' }] } },
    });
    expect(response.json()).toEqual({ deleted: 2 });
    for (const contact of doomed) {
      expect(
        (await t.as('admin@demo.test', { method: 'GET', url: `/api/contacts/${contact.id}` })).statusCode,
      ).toBe(404);
    }
    const values = await t.ctx.db.select().from(eavValues).where(eq(eavValues.attribute_id, field));
    expect(values.map((value) => value.entity_id)).toEqual([kept.id]);
  });

  it('a reporting user may not delete (403), and an empty list is refused (422)', async () => {
    const contact = await createOk();
    const forbidden = await t.as('reporting@demo.test', {
      method: 'POST',
      url: `/api/companies/${motors}/contacts/bulkDestroy`,
      payload: { contacts: [contact.id] },
    });
    expect(forbidden.statusCode).toBe(403);
    const empty = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/companies/${motors}/contacts/bulkDestroy`,
      payload: { contacts: [] },
    });
    expect(empty.statusCode).toBe(422);
  });
});

describe('POST /companies/{companyId}/contacts/bulkExport', () => {
  it('streams a CSV of the chosen contacts: every field, labels and groups, custom fields, formulas neutralised', async () => {
    const [a, b] = [await label('Ctest Export A'), await label('=Ctest Export B')];
    const g = await group('Ctest Export Group');
    const field = await customField('Ctest Export Field', 'stringText');
    const formula = await createOk({
      name: 'Export Formula',
      company_name: '=HYPERLINK("http://x")',
      notes: '@SUM(1)',
      labels: [a, b],
      groups: [g],
      eavAttributeValues: [{ attribute_id: field, value: '-2+3' }],
    });
    const plain = await createOk({ name: 'Export Plain', alternative_names: ['Plainy', 'P'] });
    const foreign = await createOk({ name: 'Export Foreign' }, 'other@demo.test', other);
    const response = await t.as('reporting@demo.test', {
      method: 'POST',
      url: `/api/companies/${motors}/contacts/bulkExport`,
      payload: { contacts: [formula.id, plain.id, foreign.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="contacts-${today}.csv"`);
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.name)).toEqual(['Export Formula', 'Export Plain']);
    const [first, second] = rows as [Record<string, string>, Record<string, string>];
    expect(first).toMatchObject({
      number: formula.number,
      company_name: `'=HYPERLINK("http://x")`,
      notes: "'@SUM(1)",
      labels: "'=Ctest Export B; Ctest Export A",
      groups: 'Ctest Export Group',
      'Ctest Export Field': "'-2+3",
      is_unsubscribed: 'false',
      source: 'Manual',
    });
    expect(first.number).toMatch(/^\+1415555\d{4}$/);
    expect(second).toMatchObject({ number: plain.number, alternative_names: 'Plainy; P', labels: '' });
    const header = response.body.split('\n')[0];
    for (const column of [
      'id',
      'name',
      'number',
      'email',
      'gender',
      'age_range',
      'type',
      'is_invalid',
      'country',
      'title',
      'labels',
      'groups',
    ]) {
      expect(header?.split(',')).toContain(column);
    }
  });

  it('exports every contact matching the filters', async () => {
    for (const name of ['Exportall One', 'Exportall Two']) await createOk({ name });
    const response = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/companies/${motors}/contacts/bulkExport`,
      payload: { all: true, filters: { search: 'exportall' } },
    });
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.name).sort()).toEqual(['Exportall One', 'Exportall Two']);
  });

  it('is not for a billing user (403) nor for another company (404)', async () => {
    const payload = { all: true, filters: {} };
    const billing = await t.as('billing@demo.test', {
      method: 'POST',
      url: `/api/companies/${motors}/contacts/bulkExport`,
      payload,
    });
    expect(billing.statusCode).toBe(403);
    const foreign = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/companies/${other}/contacts/bulkExport`,
      payload,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

/**
 * §3 Contact: "name (derived from many name-field spellings or first/last)". A body may spell the name as the
 * spec does; the contact keeps one name (`contactNameOf`, by `contactDisplayName`), so first/last never come back.
 */
describe('§3 "name (derived from many name-field spellings or first/last)": the spec’s spellings of a name', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['first/last only → first and last joined', { first_name: 'Ada', last_name: 'Lovelace' }, 'Ada Lovelace'],
    ['first only → the first name', { first_name: 'Cher' }, 'Cher'],
    ['last only → the last name', { last_name: 'Lovelace' }, 'Lovelace'],
    ['a half null → the other half', { first_name: 'Cher', last_name: null }, 'Cher'],
    ['halves with spaces → trimmed', { first_name: '  Alan ', last_name: ' Turing ' }, 'Alan Turing'],
    ['name only → the name', { name: 'Grace Hopper' }, 'Grace Hopper'],
    [
      'name and first/last → a non-empty name wins',
      { name: 'Rear Admiral Hopper', first_name: 'Grace', last_name: 'Hopper' },
      'Rear Admiral Hopper',
    ],
  ])('POST /contacts with %s', async (_rule, spelling, name) => {
    const response = await create({ number: nextNumber(), ...spelling });
    expect(response.statusCode, response.body).toBe(201);
    const contact = CONTACT_ENDPOINTS.create.response.parse(response.json());
    expect(contact.name).toBe(name);
    expect(response.json()).not.toHaveProperty('first_name');
    const read = await t.as('admin@demo.test', { method: 'GET', url: `/api/contacts/${contact.id}` });
    expect(read.json()).toMatchObject({ name });
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['no spelling of the name', {}, { name: ['Enter a name, or a first_name and last_name.'] }],
    [
      'first/last that make no name',
      { first_name: ' ', last_name: null },
      { name: ['Enter a name, or a first_name and last_name.'] },
    ],
    [
      'a name sent blank (leave it out to use first/last)',
      { name: '', first_name: 'Ada', last_name: 'Lovelace' },
      { name: ['Enter a name.'] },
    ],
    [
      'first/last that make a name over 200 characters',
      { first_name: 'A'.repeat(150), last_name: 'B'.repeat(150) },
      { name: ['A name made from first_name and last_name has at most 200 characters.'] },
    ],
    ['a half that is not text', { first_name: 7, last_name: 'Lovelace' }, { first_name: expect.any(Array) }],
  ])('POST /contacts refuses %s (422 naming the field)', async (_what, spelling, errors) => {
    const response = await create({ number: nextNumber(), ...spelling });
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response)).toEqual(errors);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['first/last → the name made of both', { first_name: 'Ada', last_name: 'King' }, 'Ada King'],
    ['first with last null → the first name', { first_name: 'Ada', last_name: null }, 'Ada'],
    ['name → the name', { name: 'Countess Lovelace' }, 'Countess Lovelace'],
    ['name and a half → the name wins', { name: 'A. Lovelace', first_name: 'Ada' }, 'A. Lovelace'],
    ['no spelling of the name → the name is kept', { city: 'London' }, 'Ada Lovelace'],
  ])('PATCH /contacts/{id} with %s', async (_rule, change, name) => {
    const contact = await createOk({ first_name: 'Ada', last_name: 'Lovelace', name: undefined });
    const response = await t.as('admin@demo.test', {
      method: 'PATCH',
      url: `/api/contacts/${contact.id}`,
      payload: change,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(CONTACT_ENDPOINTS.update.response.parse(response.json()).name).toBe(name);
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    [
      'first without last (the contact keeps one name, made from both)',
      { first_name: 'Augusta' },
      {
        last_name: [
          'Send first_name and last_name together (null for none): the contact keeps one name, made from both.',
        ],
      },
    ],
    [
      'last without first',
      { last_name: 'King' },
      {
        first_name: [
          'Send first_name and last_name together (null for none): the contact keeps one name, made from both.',
        ],
      },
    ],
    [
      'first/last that make no name',
      { first_name: '', last_name: null },
      { name: ['Enter a name, or a first_name and last_name.'] },
    ],
  ])(
    'PATCH /contacts/{id} refuses %s (422 naming the field), keeping the name',
    async (_what, change, errors) => {
      const contact = await createOk({ name: 'Ada Lovelace' });
      const response = await t.as('admin@demo.test', {
        method: 'PATCH',
        url: `/api/contacts/${contact.id}`,
        payload: change,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(fieldErrors(response)).toEqual(errors);
      const read = await t.as('admin@demo.test', { method: 'GET', url: `/api/contacts/${contact.id}` });
      expect(read.json()).toMatchObject({ name: 'Ada Lovelace' });
    },
  );
});
