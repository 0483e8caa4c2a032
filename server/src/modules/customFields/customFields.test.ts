/**
 * §7 Custom fields: entity types, listing, creating, changing and deleting fields with their choices, usage
 * counts and overrides; who may do what, and another company's fields never reachable.
 */
import type { CustomField } from '@shared/api/customFields';
import { CUSTOM_FIELD_ENTITY_TYPES } from '@shared/domain/customFields';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { contacts, eavValues, memberships } from '../../db/schema';
import { sharedTestApp } from '../../testing/testApp';
import { slugOf } from './fields';
import { writeValues } from './values';

const t = sharedTestApp();

const CONTACT = 7;
const motors = () => t.ids.companies.demoMotors;
const other = () => t.ids.companies.otherCo;

const as = (email: string, options: InjectOptions) => t.as(email, options);

async function create(
  body: Record<string, unknown>,
  options: { email?: string; type?: number; companyId?: number } = {},
) {
  return as(options.email ?? 'admin@demo.test', {
    method: 'POST',
    url: `/api/eavEntityTypes/${options.type ?? CONTACT}/eavAttributes?companyId=${options.companyId ?? motors()}`,
    payload: body,
  });
}

async function created(body: Record<string, unknown>, options: Parameters<typeof create>[1] = {}) {
  const response = await create(body, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CustomField>();
}

async function update(field: CustomField, body: Record<string, unknown>, email = 'admin@demo.test') {
  return as(email, {
    method: 'PUT',
    url: `/api/eavEntityTypes/${field.entity_type}/eavAttributes/${field.id}`,
    payload: body,
  });
}

/** The fields of the form, as the settings screen sends them back. */
const formOf = (field: CustomField) => ({
  name: field.name,
  data_type: field.data_type,
  description: field.description,
  required: field.required,
  default_value: field.default_value,
  choices: field.choices.map(({ id, value, description }) => ({ id, value, description })),
});

let serial = 0;
/** Contacts of the company made for a test, with 415 numbers the seed does not use. */
async function makeContacts(names: string[], companyId = motors()): Promise<number[]> {
  const rows = await t.ctx.db
    .insert(contacts)
    .values(
      names.map((name) => ({
        company_id: companyId,
        name,
        number: `+1415555${String(1000 + ++serial).padStart(4, '0')}`,
      })),
    )
    .returning({ id: contacts.id });
  return rows.map((row) => row.id);
}

async function setValues(field: CustomField, entries: [number, string | number | boolean | null][]) {
  await writeValues(
    t.ctx.db,
    { companyId: field.company_id, entityType: field.entity_type },
    entries.map(([entityId, value]) => ({ entityId, values: [{ attribute_id: field.id, value }] })),
  );
}

describe('entity types', () => {
  it('lists the §3 entity types to any signed-in user', async () => {
    const response = await as('agent@demo.test', { method: 'GET', url: '/api/eavEntityTypes' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      CUSTOM_FIELD_ENTITY_TYPES.map((type) => ({ id: type.value, name: type.label })),
    );
    expect(response.json()).toContainEqual({ id: 7, name: 'Contact' });
    expect((await t.app.inject({ method: 'GET', url: '/api/eavEntityTypes' })).statusCode).toBe(401);
  });
});

describe('creating and listing', () => {
  it('creates an enum field with its choices in order, and lists it under its entity type only', async () => {
    const field = await created({
      name: 'Lead tier CF1',
      data_type: 'enum',
      description: 'How warm the lead is',
      required: true,
      choices: [{ value: 'Hot' }, { value: 'Warm', description: 'Called back once' }, { value: 'Cold' }],
      default_value: 'warm',
    });
    expect(field).toMatchObject({
      company_id: motors(),
      entity_type: CONTACT,
      name: 'Lead tier CF1',
      key: 'lead_tier_cf1',
      data_type: 'enum',
      description: 'How warm the lead is',
      required: true,
      default_value: 'Warm',
    });
    expect(field.choices.map((choice) => [choice.value, choice.sort_order, choice.description])).toEqual([
      ['Hot', 0, null],
      ['Warm', 1, 'Called back once'],
      ['Cold', 2, null],
    ]);

    const list = await as('admin@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes?companyId=${motors()}&entityType=${CONTACT}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<CustomField[]>().find((f) => f.id === field.id)).toEqual(field);
    const numbers = await as('admin@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes?companyId=${motors()}&entityType=1`,
    });
    expect(numbers.json<CustomField[]>().some((f) => f.id === field.id)).toBe(false);
    const all = await as('admin@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes?companyId=${motors()}`,
    });
    expect(all.json<CustomField[]>().some((f) => f.id === field.id)).toBe(true);
  });

  it('creates a field of every data type, normalising the default value', async () => {
    const cases: [string, unknown, unknown][] = [
      ['boolean', 'yes', true],
      ['date', '2024-05-06', '2024-05-06'],
      ['number', '1,250', 1250],
      ['phone', '(206) 555-0143', '+12065550143'],
      ['stringText', '  Some text ', 'Some text'],
      ['stringKeyword', 'kw', 'kw'],
    ];
    for (const [data_type, input, stored] of cases) {
      const field = await created({ name: `Every type ${data_type}`, data_type, default_value: input });
      expect(field).toMatchObject({ data_type, default_value: stored, required: false, choices: [] });
    }
  });

  it('refuses a name whose key is taken in that entity type, but not in another', async () => {
    await created({ name: 'Dealer Code CF2', data_type: 'stringKeyword' });
    const again = await create({ name: '  dealer-code  cf2 ', data_type: 'number' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.name[0]).toMatch(/Dealer Code CF2.*already exists/);
    const onUsers = await create({ name: 'Dealer Code CF2', data_type: 'stringKeyword' }, { type: 5 });
    expect(onUsers.statusCode).toBe(201);
    const elsewhere = await create(
      { name: 'Dealer Code CF2', data_type: 'stringKeyword' },
      { email: 'other@demo.test', companyId: other() },
    );
    expect(elsewhere.statusCode).toBe(201);
    const symbols = await create({ name: '!!!', data_type: 'stringKeyword' });
    expect(symbols.statusCode).toBe(422);
    expect(symbols.json().errors).toHaveProperty('name');
  });

  it('refuses an enum without choices, repeated choices, a bad default and an unknown entity type', async () => {
    const none = await create({ name: 'No choices CF3', data_type: 'enum', choices: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ choices: ['Add at least one choice.'] });
    const missing = await create({ name: 'No choices CF3', data_type: 'enum' });
    expect(missing.json().errors).toEqual({ choices: ['Add at least one choice.'] });

    const repeated = await create({
      name: 'Repeated CF3',
      data_type: 'enum',
      choices: [{ value: 'A' }, { value: 'B' }, { value: 'a' }],
    });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().errors).toEqual({ 'choices.2.value': ['This choice is already listed.'] });

    const blank = await create({ name: 'Blank CF3', data_type: 'enum', choices: [{ value: ' ' }] });
    expect(blank.statusCode).toBe(422);

    const badDefault = await create({ name: 'Bad default CF3', data_type: 'number', default_value: 'lots' });
    expect(badDefault.statusCode).toBe(422);
    expect(badDefault.json().errors).toEqual({ default_value: ['Enter a number.'] });
    const badChoice = await create({
      name: 'Bad default CF3',
      data_type: 'enum',
      choices: [{ value: 'A' }],
      default_value: 'Z',
    });
    expect(badChoice.json().errors).toEqual({ default_value: ['Choose one of: A.'] });

    const ids = await create({ name: 'Ids CF3', data_type: 'enum', choices: [{ id: 1, value: 'A' }] });
    expect(ids.statusCode).toBe(422);
    expect(ids.json().errors).toEqual({ 'choices.0.id': ['This choice does not belong to this field.'] });

    const type = await create({ name: 'Type CF3', data_type: 'stringKeyword' }, { type: 9 });
    expect(type.statusCode).toBe(422);
    const dataType = await create({ name: 'Type CF3', data_type: 'colour' });
    expect(dataType.statusCode).toBe(422);
    expect(dataType.json().errors).toHaveProperty('data_type');
  });
});

describe('who may do what', () => {
  it('agents, reporting and billing may list; only administrators and owners change fields', async () => {
    for (const email of ['agent@demo.test', 'reporting@demo.test', 'billing@demo.test']) {
      const list = await as(email, { method: 'GET', url: `/api/eavAttributes?companyId=${motors()}` });
      expect(list.statusCode, email).toBe(200);
      const refused = await create({ name: `Refused ${email}`, data_type: 'boolean' }, { email });
      expect(refused.statusCode, email).toBe(403);
    }
    const field = await created({ name: 'Roles CF4', data_type: 'boolean' }, { email: 'owner@demo.test' });
    const stats = await as('agent@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes/${field.id}/countStats`,
    });
    expect(stats.statusCode).toBe(200);
    const overrides = await as('reporting@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes/${field.id}/overrides`,
    });
    expect(overrides.statusCode).toBe(200);
    expect((await update(field, formOf(field), 'agent@demo.test')).statusCode).toBe(403);
    const remove = await as('agent@demo.test', { method: 'DELETE', url: `/api/eavAttributes/${field.id}` });
    expect(remove.statusCode).toBe(403);
    expect(
      (await update(field, { ...formOf(field), name: 'Roles CF4 b' }, 'owner@demo.test')).statusCode,
    ).toBe(200);
  });

  it('another company’s field answers 404 to every route', async () => {
    const foreign = await created(
      { name: 'Foreign CF5', data_type: 'enum', choices: [{ value: 'X' }] },
      { email: 'other@demo.test', companyId: other() },
    );
    const list = await as('admin@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes?companyId=${other()}`,
    });
    expect(list.statusCode).toBe(404);
    const mine = await as('admin@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes?companyId=${motors()}`,
    });
    expect(mine.json<CustomField[]>().some((f) => f.id === foreign.id)).toBe(false);
    expect((await update(foreign, formOf(foreign))).statusCode).toBe(404);
    for (const url of [
      `/api/eavAttributes/${foreign.id}/countStats`,
      `/api/eavAttributes/${foreign.id}/overrides`,
    ]) {
      expect((await as('admin@demo.test', { method: 'GET', url })).statusCode, url).toBe(404);
    }
    const remove = await as('admin@demo.test', { method: 'DELETE', url: `/api/eavAttributes/${foreign.id}` });
    expect(remove.statusCode).toBe(404);
    const createThere = await create({ name: 'Sneaky CF5', data_type: 'boolean' }, { companyId: other() });
    expect(createThere.statusCode).toBe(404);
    // Still there for its own company.
    const theirs = await as('other@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes?companyId=${other()}`,
    });
    expect(theirs.json<CustomField[]>().some((f) => f.id === foreign.id)).toBe(true);
  });

  it('a missing field answers 404, and a field under another entity type than its own too', async () => {
    const missing = await as('admin@demo.test', {
      method: 'PUT',
      url: '/api/eavEntityTypes/7/eavAttributes/999999',
      payload: { name: 'X', data_type: 'boolean' },
    });
    expect(missing.statusCode).toBe(404);
    const field = await created({ name: 'Wrong type CF6', data_type: 'boolean' });
    const wrongType = await as('admin@demo.test', {
      method: 'PUT',
      url: `/api/eavEntityTypes/1/eavAttributes/${field.id}`,
      payload: formOf(field),
    });
    expect(wrongType.statusCode).toBe(404);
  });
});

describe('changing a field', () => {
  it('renames it (and its key), and clears what the form leaves out', async () => {
    const field = await created({
      name: 'Old name CF7',
      data_type: 'stringText',
      description: 'Before',
      required: true,
      default_value: 'hello',
    });
    const response = await update(field, { name: 'New name CF7', data_type: 'stringText' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: field.id,
      name: 'New name CF7',
      key: 'new_name_cf7',
      description: null,
      required: false,
      default_value: null,
      sort_order: field.sort_order,
    });
    // The old name is free again; the new one is taken.
    expect((await create({ name: 'Old name CF7', data_type: 'boolean' })).statusCode).toBe(201);
    const clash = await update(field, { name: 'old name cf7', data_type: 'stringText' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toHaveProperty('name');
    // Keeping its own name is no clash.
    expect((await update(field, { name: 'New name CF7', data_type: 'stringText' })).statusCode).toBe(200);
  });

  it('changes the data type while no record carries a value, and refuses once records do', async () => {
    const field = await created({ name: 'Type change CF8', data_type: 'stringKeyword' });
    const asNumber = await update(field, { ...formOf(field), data_type: 'number' });
    expect(asNumber.statusCode, asNumber.body).toBe(200);
    expect(asNumber.json().data_type).toBe('number');
    const changed = asNumber.json<CustomField>();

    const [a, b] = await makeContacts(['Type Change A', 'Type Change B']);
    await setValues(changed, [
      [a as number, 3],
      [b as number, 4],
    ]);
    const refused = await update(changed, { ...formOf(changed), data_type: 'stringText' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      data_type: ['The data type cannot change: 2 records carry values of this field.'],
    });
    // Other changes still go through.
    const renamed = await update(changed, { ...formOf(changed), name: 'Type change CF8 renamed' });
    expect(renamed.statusCode).toBe(200);
  });

  it('keeps choices sent with their id, renames their values, creates new ones, deletes removed ones and their values', async () => {
    const field = await created({
      name: 'Choices CF9',
      data_type: 'enum',
      choices: [{ value: 'Red' }, { value: 'Green' }, { value: 'Blue' }, { value: 'Black' }],
    });
    const [red, green, blue, black] = field.choices;
    const people = await makeContacts(['Choice A', 'Choice B', 'Choice C', 'Choice D', 'Choice E']);
    const [pa, pb, pc, pd, pe] = people as [number, number, number, number, number];
    await setValues(field, [
      [pa, 'Red'],
      [pb, 'Green'],
      [pc, 'Blue'],
      [pd, 'Blue'],
      [pe, 'Black'],
    ]);

    const response = await update(field, {
      name: field.name,
      data_type: 'enum',
      choices: [
        { id: blue?.id, value: 'Navy' },
        { id: red?.id, value: 'Green' },
        { id: green?.id, value: 'Red' },
        { value: 'Yellow' },
        { value: 'Black' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<CustomField>();
    expect(after.choices.map((choice) => [choice.value, choice.sort_order])).toEqual([
      ['Navy', 0],
      ['Green', 1],
      ['Red', 2],
      ['Yellow', 3],
      ['Black', 4],
    ]);
    expect(after.choices[0]?.id).toBe(blue?.id);
    expect(after.choices[1]?.id).toBe(red?.id);
    expect(after.choices.some((choice) => choice.id === black?.id)).toBe(false);

    const values = await t.ctx.db
      .select({ entity_id: eavValues.entity_id, value: eavValues.value })
      .from(eavValues)
      .where(eq(eavValues.attribute_id, field.id));
    const byContact = Object.fromEntries(values.map((row) => [row.entity_id, row.value]));
    // Red and Green swapped names, Blue became Navy; Black was removed but a new Black replaces it.
    expect(byContact).toEqual({ [pa]: 'Green', [pb]: 'Red', [pc]: 'Navy', [pd]: 'Navy', [pe]: 'Black' });

    const dropped = await update(after, {
      name: field.name,
      data_type: 'enum',
      choices: after.choices
        .filter((choice) => choice.value !== 'Navy')
        .map(({ id, value }) => ({ id, value })),
    });
    expect(dropped.statusCode).toBe(200);
    const left = await t.ctx.db
      .select({ entity_id: eavValues.entity_id })
      .from(eavValues)
      .where(eq(eavValues.attribute_id, field.id));
    expect(left.map((row) => row.entity_id).sort()).toEqual([pa, pb, pe].sort());

    const foreignChoice = await update(after, {
      name: field.name,
      data_type: 'enum',
      choices: [{ id: 999_999, value: 'Stolen' }],
    });
    expect(foreignChoice.statusCode).toBe(422);
    expect(foreignChoice.json().errors).toEqual({
      'choices.0.id': ['This choice does not belong to this field.'],
    });
  });
  it('a removed choice replaced by a new one of the same value keeps its values, in the new spelling', async () => {
    const field = await created({ name: 'Respelt CF16', data_type: 'enum', choices: [{ value: 'gold' }] });
    const [person] = await makeContacts(['Respelt person']);
    await setValues(field, [[person as number, 'gold']]);
    const response = await update(field, {
      name: field.name,
      data_type: 'enum',
      choices: [{ value: 'Gold' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.ctx.db.select().from(eavValues).where(eq(eavValues.attribute_id, field.id));
    expect(row?.value).toBe('Gold');
  });
});

describe('deleting a field', () => {
  it('deletes it with its values', async () => {
    const field = await created({ name: 'Doomed CF10', data_type: 'boolean' });
    const [a] = await makeContacts(['Doomed contact']);
    await setValues(field, [[a as number, true]]);
    const response = await as('admin@demo.test', { method: 'DELETE', url: `/api/eavAttributes/${field.id}` });
    expect(response.statusCode).toBe(204);
    const [left] = await t.ctx.db
      .select({ n: count() })
      .from(eavValues)
      .where(eq(eavValues.attribute_id, field.id));
    expect(Number(left?.n)).toBe(0);
    const list = await as('admin@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes?companyId=${motors()}`,
    });
    expect(list.json<CustomField[]>().some((f) => f.id === field.id)).toBe(false);
    const again = await as('admin@demo.test', { method: 'DELETE', url: `/api/eavAttributes/${field.id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('usage counts', () => {
  it('counts the company’s contacts, those with a value, and every choice in order (zero counts too)', async () => {
    const field = await created({
      name: 'Stats CF11',
      data_type: 'enum',
      choices: [{ value: 'Low' }, { value: 'Mid' }, { value: 'High' }],
    });
    const people = await makeContacts(['Stats A', 'Stats B', 'Stats C']);
    await setValues(field, [
      [people[0] as number, 'High'],
      [people[1] as number, 'High'],
      [people[2] as number, 'Low'],
    ]);
    const [total] = await t.ctx.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.company_id, motors()));
    const response = await as('agent@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes/${field.id}/countStats`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      attribute_id: field.id,
      entities: Number(total?.n),
      with_value: 3,
      values: [
        { value: 'Low', count: 1 },
        { value: 'Mid', count: 0 },
        { value: 'High', count: 2 },
      ],
    });
  });

  it('groups other values by count; the company is one record, users are its members', async () => {
    const flag = await created({ name: 'Stats flag CF12', data_type: 'boolean' }, { type: 5 });
    const members = await t.ctx.db
      .select({ user_id: memberships.user_id })
      .from(memberships)
      .where(eq(memberships.company_id, motors()));
    await setValues(flag, [
      [t.ids.users['agent@demo.test'] as number, true],
      [t.ids.users['agent2@demo.test'] as number, true],
      [t.ids.users['reporting@demo.test'] as number, false],
    ]);
    const stats = (
      await as('admin@demo.test', { method: 'GET', url: `/api/eavAttributes/${flag.id}/countStats` })
    ).json();
    expect(stats).toEqual({
      attribute_id: flag.id,
      entities: members.length,
      with_value: 3,
      values: [
        { value: true, count: 2 },
        { value: false, count: 1 },
      ],
    });

    const onCompany = await created({ name: 'Stats company CF12', data_type: 'number' }, { type: 2 });
    const companyStats = await as('admin@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes/${onCompany.id}/countStats`,
    });
    expect(companyStats.json()).toEqual({
      attribute_id: onCompany.id,
      entities: 1,
      with_value: 0,
      values: [],
    });

    const onCalls = await created({ name: 'Stats calls CF12', data_type: 'stringKeyword' }, { type: 6 });
    await setValues(onCalls, [
      [770_001, 'a'],
      [770_002, 'a'],
    ]);
    const callStats = await as('admin@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes/${onCalls.id}/countStats`,
    });
    expect(callStats.json()).toMatchObject({
      entities: 2,
      with_value: 2,
      values: [{ value: 'a', count: 2 }],
    });
  });
});

describe('overrides', () => {
  it('lists records whose value differs from the default, with their names, paged', async () => {
    const field = await created({ name: 'Overrides CF13', data_type: 'number', default_value: 10 });
    const people = await makeContacts(['Override Ann', 'Override Bob', 'Override Cy', 'Override Di']);
    const [ann, bob, cy, di] = people as [number, number, number, number];
    await setValues(field, [
      [ann, 10],
      [bob, 11],
      [cy, 12.5],
      [di, 10.0],
    ]);
    const response = await as('reporting@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes/${field.id}/overrides`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { entity_type: CONTACT, entity_id: bob, entity_name: 'Override Bob', value: 11 },
        { entity_type: CONTACT, entity_id: cy, entity_name: 'Override Cy', value: 12.5 },
      ],
      total: 2,
    });
    const second = await as('admin@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes/${field.id}/overrides?page=2&perPage=1`,
    });
    expect(second.json()).toEqual({
      data: [{ entity_type: CONTACT, entity_id: cy, entity_name: 'Override Cy', value: 12.5 }],
      total: 2,
    });
    const badPage = await as('admin@demo.test', {
      method: 'GET',
      url: `/api/eavAttributes/${field.id}/overrides?perPage=1000`,
    });
    expect(badPage.statusCode).toBe(422);
  });

  it('without a default, lists every record with a value; names users, the company, or #id', async () => {
    const onUsers = await created({ name: 'Overrides users CF14', data_type: 'stringKeyword' }, { type: 5 });
    const agent = t.ids.users['agent@demo.test'] as number;
    await setValues(onUsers, [[agent, 'x']]);
    const users = (
      await as('admin@demo.test', { method: 'GET', url: `/api/eavAttributes/${onUsers.id}/overrides` })
    ).json();
    expect(users.total).toBe(1);
    expect(users.data[0]).toMatchObject({ entity_type: 5, entity_id: agent, value: 'x' });
    expect(users.data[0].entity_name).not.toMatch(/^#/);

    const onCompany = await created({ name: 'Overrides company CF14', data_type: 'boolean' }, { type: 2 });
    await setValues(onCompany, [[motors(), true]]);
    const company = (
      await as('admin@demo.test', { method: 'GET', url: `/api/eavAttributes/${onCompany.id}/overrides` })
    ).json();
    expect(company.data).toEqual([
      { entity_type: 2, entity_id: motors(), entity_name: 'Demo Motors', value: true },
    ]);

    const onPools = await created(
      { name: 'Overrides pools CF14', data_type: 'date', default_value: '2024-01-01' },
      { type: 3 },
    );
    await setValues(onPools, [
      [660_001, '2024-01-01'],
      [660_002, '2024-02-02'],
    ]);
    const pools = (
      await as('admin@demo.test', { method: 'GET', url: `/api/eavAttributes/${onPools.id}/overrides` })
    ).json();
    expect(pools).toEqual({
      data: [{ entity_type: 3, entity_id: 660_002, entity_name: '#660002', value: '2024-02-02' }],
      total: 1,
    });
  });
});

describe('slugs', () => {
  it.each([
    ['Lead score', 'lead_score'],
    ['  Lead -- Score!! ', 'lead_score'],
    ['Größe (cm)', 'große_cm'],
    ['Café 2', 'cafe_2'],
    ['名前', '名前'],
  ])('%s → %s', (name, slug) => {
    expect(slugOf(name)).toBe(slug);
  });
});
