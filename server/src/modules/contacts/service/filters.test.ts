/**
 * The contact filters (§7 `GET /contacts (companyId, filters)`), each kind on its own and together, through the
 * real list endpoint. The fixture contacts are all named "Fltr …" with numbers in 646 and 206, which the seed
 * does not use; every case that has no search of its own is narrowed to them by `search: 'Fltr'`.
 */
import { CONTACT_ENDPOINTS, type ContactFilters } from '@shared/api/contacts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactGroups, contactLabels, contacts, eavAttributes, eavChoices } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { contactFilterCondition } from './filters';

let t: TestApp;
let motors: number;
let other: number;
const id: Record<string, number> = {};

async function attribute(name: string, dataType: string, companyId = motors) {
  const [row] = await t.ctx.db
    .insert(eavAttributes)
    .values({ company_id: companyId, entity_type: 7, name, key: name.toLowerCase(), data_type: dataType })
    .returning();
  return row?.id as number;
}

async function virtualGroup(name: string, filters: Record<string, unknown>) {
  const [row] = await t.ctx.db
    .insert(contactGroups)
    .values({ company_id: motors, name, filters })
    .returning();
  return row?.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  motors = t.ids.companies.demoMotors;
  other = t.ids.companies.otherCo;
  const labels = await t.ctx.db
    .insert(contactLabels)
    .values([
      { company_id: motors, label: 'Fltr L1' },
      { company_id: motors, label: 'Fltr L2' },
    ])
    .returning();
  [id.L1, id.L2] = labels.map((row) => row.id) as [number, number];
  const groups = await t.ctx.db
    .insert(contactGroups)
    .values([
      { company_id: motors, name: 'Fltr G1' },
      { company_id: motors, name: 'Fltr G2' },
      { company_id: other, name: 'Fltr Foreign' },
    ])
    .returning();
  [id.G1, id.G2, id.foreignGroup] = groups.map((row) => row.id) as [number, number, number];
  id.V1 = await virtualGroup('Fltr V1 (has L2)', { labels: [id.L2] });
  id.V2 = await virtualGroup('Fltr V2 (in V1 and invalid)', { groups: [id.V1], invalid: true });
  id.V4 = await virtualGroup('Fltr V4', {});
  id.V5 = await virtualGroup('Fltr V5', { groups: [id.V4] });
  id.V3 = await virtualGroup('Fltr V3 (itself or G1)', {});
  // Self reference and a cycle, written directly as a stored filter could hold them.
  await t.ctx.db
    .update(contactGroups)
    .set({ filters: { groups: [id.V3, id.G1] } })
    .where(eq(contactGroups.id, id.V3));
  await t.ctx.db
    .update(contactGroups)
    .set({ filters: { groups: [id.V5] } })
    .where(eq(contactGroups.id, id.V4));

  id.text = await attribute('Fltr vehicle', 'stringText');
  id.keyword = await attribute('Fltr tier', 'stringKeyword');
  id.enum = await attribute('Fltr region', 'enum');
  id.bool = await attribute('Fltr financed', 'boolean');
  id.number = await attribute('Fltr visits', 'number');
  id.foreignAttribute = await attribute('Fltr foreign', 'stringText', other);
  await t.ctx.db.insert(eavChoices).values([
    { attribute_id: id.enum, value: 'North', sort_order: 0 },
    { attribute_id: id.enum, value: 'South', sort_order: 1 },
  ]);

  const people = [
    {
      name: 'Fltr Alpha',
      number: '(646) 555-0101',
      email: 'alpha@fltr.test',
      company_name: 'Acme Trucks',
      optin_type: 'text_to_join',
      type: 'Person',
      labels: [id.L1],
      groups: [id.G1],
      eavAttributeValues: [
        { attribute_id: id.text, value: 'Blue sedan, 2019' },
        { attribute_id: id.keyword, value: 'GOLD' },
        { attribute_id: id.enum, value: 'North' },
        { attribute_id: id.bool, value: true },
        { attribute_id: id.number, value: 5 },
      ],
    },
    {
      name: 'Fltr Bravo',
      number: '646-555-0102',
      is_unsubscribed: true,
      type: 'Business',
      labels: [id.L2],
      groups: [id.G2],
      eavAttributeValues: [
        { attribute_id: id.text, value: 'red truck' },
        { attribute_id: id.bool, value: false },
        { attribute_id: id.number, value: 7 },
      ],
    },
    { name: 'Fltr Charlie', number: '+1 206 555 0199', is_invalid: true, labels: [id.L1, id.L2] },
    { name: 'Fltr Delta', number: '2065550142' },
  ];
  for (const person of people) {
    const response = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/contacts?companyId=${motors}`,
      payload: person,
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    id[person.name] = response.json().id;
  }
  await t.ctx.db
    .update(contacts)
    .set({ source: 'Import' })
    .where(eq(contacts.id, id['Fltr Charlie'] as number));
  // A contact of another company with a matching name never shows.
  await t.as('other@demo.test', {
    method: 'POST',
    url: `/api/contacts?companyId=${other}`,
    payload: { name: 'Fltr Alpha Foreign', number: '(646) 555-0101' },
  });
});
afterAll(() => t.close());

async function names(filters: ContactFilters): Promise<string[]> {
  const withScope = filters.search === undefined ? { search: 'Fltr', ...filters } : filters;
  const response = await t.as('agent@demo.test', {
    method: 'GET',
    url: `/api/contacts?companyId=${motors}&perPage=500&filters=${encodeURIComponent(JSON.stringify(withScope))}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return CONTACT_ENDPOINTS.list.response
    .parse(response.json())
    .data.map((contact) => contact.name.replace('Fltr ', ''))
    .sort();
}

describe('search', () => {
  it.each<[string, string[]]>([
    ['fltr alpha', ['Alpha']],
    ['ACME', ['Alpha']],
    ['alpha@fltr', ['Alpha']],
    ['(646) 555-01', ['Alpha', 'Bravo']],
    ['646.555.0102', ['Bravo']],
    ['+1 206-555', ['Charlie', 'Delta']],
    ['555 0199', ['Charlie']],
    ['+12065550142', ['Delta']],
    ['Fltr%', []],
    ['Fltr_Alpha', []],
  ])('%s → %j', async (search, expected) => {
    expect(await names({ search })).toEqual(expected);
  });
});

describe('each filter kind', () => {
  it.each<[string, () => ContactFilters, string[]]>([
    ['no filter (all fixtures)', () => ({}), ['Alpha', 'Bravo', 'Charlie', 'Delta']],
    ['one label', () => ({ labels: [id.L1 as number] }), ['Alpha', 'Charlie']],
    [
      'any of two labels',
      () => ({ labels: [id.L1 as number, id.L2 as number] }),
      ['Alpha', 'Bravo', 'Charlie'],
    ],
    ['a plain group', () => ({ groups: [id.G1 as number] }), ['Alpha']],
    ['a virtual group (its filters)', () => ({ groups: [id.V1 as number] }), ['Bravo', 'Charlie']],
    [
      'a plain or a virtual group',
      () => ({ groups: [id.G1 as number, id.V1 as number] }),
      ['Alpha', 'Bravo', 'Charlie'],
    ],
    ['a virtual group naming a virtual group', () => ({ groups: [id.V2 as number] }), ['Charlie']],
    [
      'a virtual group naming itself (that path matches nothing)',
      () => ({ groups: [id.V3 as number] }),
      ['Alpha'],
    ],
    [
      'virtual groups naming each other (a cycle)',
      () => ({ groups: [id.V4 as number, id.V5 as number] }),
      [],
    ],
    ['another company’s group', () => ({ groups: [id.foreignGroup as number] }), []],
    ['a missing group', () => ({ groups: [999_999] }), []],
    ['opted in', () => ({ optin: true }), ['Alpha']],
    ['not opted in', () => ({ optin: false }), ['Bravo', 'Charlie', 'Delta']],
    ['unsubscribed', () => ({ unsubscribed: true }), ['Bravo']],
    ['subscribed', () => ({ unsubscribed: false }), ['Alpha', 'Charlie', 'Delta']],
    ['invalid', () => ({ invalid: true }), ['Charlie']],
    ['valid', () => ({ invalid: false }), ['Alpha', 'Bravo', 'Delta']],
    ['type', () => ({ type: 'Business' }), ['Bravo']],
    ['source Import', () => ({ source: 'Import' }), ['Charlie']],
    ['source Manual', () => ({ source: 'Manual' }), ['Alpha', 'Bravo', 'Delta']],
    [
      'custom text contains, any case',
      () => ({ custom: [{ attribute_id: id.text as number, value: 'SEDAN' }] }),
      ['Alpha'],
    ],
    [
      'custom keyword, any case',
      () => ({ custom: [{ attribute_id: id.keyword as number, value: 'gold' }] }),
      ['Alpha'],
    ],
    [
      'custom keyword is not a contains',
      () => ({ custom: [{ attribute_id: id.keyword as number, value: 'GOL' }] }),
      [],
    ],
    [
      'custom enum by its choice, any case',
      () => ({ custom: [{ attribute_id: id.enum as number, value: 'north' }] }),
      ['Alpha'],
    ],
    [
      'custom enum with a value it has no choice for',
      () => ({ custom: [{ attribute_id: id.enum as number, value: 'East' }] }),
      [],
    ],
    [
      'custom boolean true',
      () => ({ custom: [{ attribute_id: id.bool as number, value: true }] }),
      ['Alpha'],
    ],
    [
      'custom boolean written "no"',
      () => ({ custom: [{ attribute_id: id.bool as number, value: 'no' }] }),
      ['Bravo'],
    ],
    ['custom number', () => ({ custom: [{ attribute_id: id.number as number, value: 7 }] }), ['Bravo']],
    [
      'custom number written as text',
      () => ({ custom: [{ attribute_id: id.number as number, value: '5' }] }),
      ['Alpha'],
    ],
    [
      'two custom filters (both must hold)',
      () => ({
        custom: [
          { attribute_id: id.number as number, value: 7 },
          { attribute_id: id.text as number, value: 'truck' },
        ],
      }),
      ['Bravo'],
    ],
    [
      'another company’s custom field',
      () => ({ custom: [{ attribute_id: id.foreignAttribute as number, value: 'x' }] }),
      [],
    ],
    ['kinds together narrow', () => ({ labels: [id.L1 as number], invalid: false }), ['Alpha']],
  ])('%s', async (_kind, filters, expected) => {
    expect(await names(filters())).toEqual(expected);
  });
});

describe('contactFilterCondition', () => {
  it('always narrows to the company, whatever else it says', async () => {
    const condition = await contactFilterCondition(t.ctx.db, other, { search: 'Fltr Alpha' });
    const rows = await t.ctx.db
      .select({ name: contacts.name, company: contacts.company_id })
      .from(contacts)
      .where(condition);
    expect(rows).toEqual([{ name: 'Fltr Alpha Foreign', company: other }]);
    const ids = [id['Fltr Alpha'] as number];
    const mine = await t.ctx.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(await contactFilterCondition(t.ctx.db, other, {}))
      .then((found) => found.filter((row) => ids.includes(row.id)));
    expect(mine).toEqual([]);
  });
});
