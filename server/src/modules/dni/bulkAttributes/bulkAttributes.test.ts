/**
 * The bulk attribute update against the real server (§7 "GET, POST /bulkAttributeUpdate/companies/{companyId} or
 * /businessUnits/{id} (CSV template download, multipart upload)"; §8 "Bulk update has been successfully
 * applied"): the template lists every live number with its current custom values (entity type 1); an upload's
 * rows are checked by the fields' data types as `PUT /numbers/{id}` checks them, each refused cell named by row
 * and column, the good rows written together; empty cells leave values alone; a business unit's template and
 * upload span its companies; numbers.manage for a company, the unit's organization admins for a unit.
 */

import { type BulkAttributeResult, BULK_ATTRIBUTE_MESSAGES as M } from '@shared/api/dniReports';
import { ENTITY_TYPES } from '@shared/domain/customFields';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eavAttributes, eavChoices, eavValues, liveNumber, numbers } from '../../../db/schema';
import { fieldErrors, sharedTestApp } from '../../../testing/testApp';
import { multipart, type Part } from '../../messaging/testing';

const t = sharedTestApp();
const fields: Record<string, number> = {};

beforeAll(async () => {
  const define = async (
    companyId: number,
    name: string,
    dataType: string,
    order: number,
    choices: string[] = [],
  ) => {
    const [field] = await t.ctx.db
      .insert(eavAttributes)
      .values({
        company_id: companyId,
        entity_type: ENTITY_TYPES.number,
        name,
        key: name.toLowerCase().replace(/\W+/g, '_'),
        data_type: dataType,
        sort_order: order,
      })
      .returning();
    if (!field) throw new Error('field');
    if (choices.length)
      await t.ctx.db
        .insert(eavChoices)
        .values(choices.map((value, index) => ({ attribute_id: field.id, value, sort_order: index })));
    return field.id;
  };
  const motors = t.ids.companies.demoMotors;
  const realty = t.ids.companies.demoRealty;
  fields.owner = await define(motors, 'Campaign owner', 'stringText', 1);
  fields.budget = await define(motors, 'Monthly budget', 'number', 2);
  fields.launch = await define(motors, 'Launch date', 'date', 3);
  fields.channel = await define(motors, 'Channel', 'enum', 4, ['Search', 'Social', 'Display']);
  fields.active = await define(motors, 'Active', 'boolean', 5);
  fields.realtyChannel = await define(realty, 'Channel', 'enum', 1, ['Print', 'Web']);
  fields.region = await define(realty, 'Region', 'stringKeyword', 2);
  // The main line already has an owner and a budget.
  await t.ctx.db.insert(eavValues).values([
    {
      attribute_id: fields.owner,
      entity_type: ENTITY_TYPES.number,
      entity_id: t.ids.numbers.motorsMain,
      company_id: motors,
      value: 'Dana',
    },
    {
      attribute_id: fields.budget,
      entity_type: ENTITY_TYPES.number,
      entity_id: t.ids.numbers.motorsMain,
      company_id: motors,
      value: 1500,
    },
  ]);
});

const companyUrl = () => `/api/bulkAttributeUpdate/companies/${t.ids.companies.demoMotors}`;
const unitUrl = (id = t.ids.organizationId) => `/api/bulkAttributeUpdate/businessUnits/${id}`;

async function upload(url: string, csv: string, email = 'admin@demo.test', part?: Part) {
  const form = await multipart([part ?? ['file', csv, 'numbers.csv', 'text/csv']]);
  return t.as(email, { method: 'POST', url, payload: form.payload, headers: form.headers });
}

async function valuesOf(numberId: number): Promise<Record<number, unknown>> {
  const rows = await t.ctx.db
    .select()
    .from(eavValues)
    .where(and(eq(eavValues.entity_type, ENTITY_TYPES.number), eq(eavValues.entity_id, numberId)));
  return Object.fromEntries(rows.map((row) => [row.attribute_id, row.value]));
}

async function numberOf(id: number): Promise<string> {
  const [row] = await t.ctx.db.select({ number: numbers.number }).from(numbers).where(eq(numbers.id, id));
  return row?.number ?? '';
}

describe('a company’s template', () => {
  it('has a number column then one per number custom field, and a row per live number with its values', async () => {
    const response = await t.as('admin@demo.test', { method: 'GET', url: companyUrl() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="number-attributes-/);
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'number',
      'Campaign owner',
      'Monthly budget',
      'Launch date',
      'Channel',
      'Active',
    ]);
    const live = await t.ctx.db.$count(
      numbers,
      and(eq(numbers.company_id, t.ids.companies.demoMotors), liveNumber),
    );
    expect(rows).toHaveLength(live + 1);
    const main = rows.find((row) => row[0] === '+13125550100');
    expect(main).toEqual(['+13125550100', 'Dana', '1500', '', '', '']);
    // Only the company's own numbers.
    expect(rows.some((row) => row[0] === '+14155550120')).toBe(false);
  });
});

describe('a company’s upload', () => {
  it('applies the good rows, names each refused cell by row and column, and leaves empty cells alone', async () => {
    const sales = await numberOf(t.ids.numbers.motorsSales);
    const service = await numberOf(t.ids.numbers.motorsService);
    const tollFree = await numberOf(t.ids.numbers.motorsTollFree);
    const csv = [
      'number,Campaign owner,Monthly budget,Launch date,Channel,Active',
      // Row 2: the main line's channel and launch date; its owner and budget are left as they are.
      '+13125550100,,,2026-09-01,search,yes',
      // Row 3: the sales line, written the way people type numbers.
      `"(312) 555-0101",Priya,"2,500",,Social,no`,
      // Row 4: a date that is no date and a choice that is none: refused whole (its owner is not written).
      `${service},Sam,,2026-02-30,Radio,`,
      // Row 5: Other Co's number.
      '+14155550120,Otto,,,,',
      // Row 6: not a phone number.
      'call me,Otto,,,,',
      // Row 7: the sales line again.
      `${sales},Someone else,,,,`,
      // Row 8: a budget that is no number.
      `${tollFree},,a lot,,,`,
      '',
    ].join('\n');
    const response = await upload(companyUrl(), csv);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<BulkAttributeResult>();
    expect(result.message).toBe('2 rows applied, 5 rows refused.');
    expect(result.updated).toBe(2);
    expect(result.errors).toEqual([
      { row: 4, column: 'Launch date', message: 'Enter a date as YYYY-MM-DD.' },
      { row: 4, column: 'Channel', message: 'Choose one of: Search, Social, Display.' },
      { row: 5, column: 'number', message: M.unknownNumber },
      { row: 6, column: 'number', message: M.badNumber },
      { row: 7, column: 'number', message: M.duplicate(3) },
      { row: 8, column: 'Monthly budget', message: 'Enter a number.' },
    ]);
    expect(await valuesOf(t.ids.numbers.motorsMain)).toEqual({
      [fields.owner as number]: 'Dana',
      [fields.budget as number]: 1500,
      [fields.launch as number]: '2026-09-01',
      [fields.channel as number]: 'Search',
      [fields.active as number]: true,
    });
    expect(await valuesOf(t.ids.numbers.motorsSales)).toEqual({
      [fields.owner as number]: 'Priya',
      [fields.budget as number]: 2500,
      [fields.channel as number]: 'Social',
      [fields.active as number]: false,
    });
    expect(await valuesOf(t.ids.numbers.motorsService)).toEqual({});
    expect(await valuesOf(t.ids.numbers.motorsTollFree)).toEqual({});
  });

  it('answers §8’s message when every row applied; the template reads back what was written', async () => {
    const csv = 'number,Campaign owner\n+13125550102,Sam\n';
    const response = await upload(companyUrl(), csv);
    expect(response.json<BulkAttributeResult>()).toEqual({
      message: SUCCESS_MESSAGES.bulkUpdateApplied,
      updated: 1,
      errors: [],
    });
    const template = await t.as('admin@demo.test', { method: 'GET', url: companyUrl() });
    const rows = parse(template.body, { bom: true }) as string[][];
    expect(rows.find((row) => row[0] === '+13125550101')).toEqual([
      '+13125550101',
      'Priya',
      '2500',
      '',
      'Social',
      'no',
    ]);
    // The template itself, uploaded unchanged, applies cleanly.
    const again = await upload(companyUrl(), template.body);
    expect(again.json<BulkAttributeResult>()).toMatchObject({
      message: SUCCESS_MESSAGES.bulkUpdateApplied,
      errors: [],
    });
  });

  it('reports a column that is no field of the company, and ignores it', async () => {
    const response = await upload(
      companyUrl(),
      'number,Favourite colour,Campaign owner\n+13125550102,red,Sam\n',
    );
    const result = response.json<BulkAttributeResult>();
    expect(result.errors).toEqual([
      { row: 1, column: 'Favourite colour', message: M.unknownColumn('Favourite colour') },
    ]);
    expect(result.message).toBe('1 row applied, 0 rows refused. Column ignored: "Favourite colour".');
  });

  it('refuses a file it cannot use with a message on file', async () => {
    expect(fieldErrors(await upload(companyUrl(), 'phone,Campaign owner\n+13125550102,Sam\n'))).toEqual({
      file: [M.noNumberColumn],
    });
    expect(fieldErrors(await upload(companyUrl(), 'number,Campaign owner\n'))).toEqual({ file: [M.noRows] });
    expect(
      fieldErrors(
        await upload(companyUrl(), '', 'admin@demo.test', ['file', 'GIF89a', 'x.gif', 'image/gif']),
      ),
    ).toEqual({ file: [M.notCsv] });
    expect(fieldErrors(await upload(companyUrl(), '', 'admin@demo.test', ['notes', 'hello']))).toEqual({
      file: [M.noFile],
    });
    const json = await t.as('admin@demo.test', { method: 'POST', url: companyUrl(), payload: { file: 'x' } });
    expect(fieldErrors(json)).toEqual({ file: [M.noFile] });
  });

  it('needs numbers.manage; another company is 404', async () => {
    for (const email of ['agent@demo.test', 'reporting@demo.test', 'billing@demo.test']) {
      expect((await t.as(email, { method: 'GET', url: companyUrl() })).statusCode).toBe(403);
      expect((await upload(companyUrl(), 'number\n+13125550100\n', email)).statusCode).toBe(403);
    }
    expect((await t.as('other@demo.test', { method: 'GET', url: companyUrl() })).statusCode).toBe(404);
    expect((await upload(companyUrl(), 'number\n+13125550100\n', 'other@demo.test')).statusCode).toBe(404);
  });
});

describe('a business unit’s template and upload', () => {
  it('span every company of the unit, each row naming its company', async () => {
    const response = await t.as('orgadmin@demo.test', { method: 'GET', url: unitUrl() });
    expect(response.statusCode, response.body).toBe(200);
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'company_id',
      'number',
      'Campaign owner',
      'Monthly budget',
      'Launch date',
      'Channel',
      'Active',
      'Region',
    ]);
    const companiesIn = new Set(rows.slice(1).map((row) => Number(row[0])));
    expect(companiesIn).toEqual(new Set([t.ids.companies.demoMotors, t.ids.companies.demoRealty]));
    const unitNumbers = await t.ctx.db.$count(
      numbers,
      and(inArray(numbers.company_id, [t.ids.companies.demoMotors, t.ids.companies.demoRealty]), liveNumber),
    );
    expect(rows).toHaveLength(unitNumbers + 1);

    const motors = t.ids.companies.demoMotors;
    const realty = t.ids.companies.demoRealty;
    const csv = [
      'company_id,number,Channel,Region,Monthly budget',
      // Row 2: Demo Realty's main line: its own Channel field (Print, Web) and Region.
      `${realty},+13055550110,web,north-shore,`,
      // Row 3: Demo Motors' number named under Demo Realty.
      `${realty},+13125550104,,,`,
      // Row 4: a field Demo Realty does not have.
      `${realty},+13055550111,,,900`,
      // Row 5: a company outside the unit.
      `${t.ids.companies.otherCo},+14155550120,,,`,
      // Row 6: Demo Motors' toll-free line, its own Channel.
      `${motors},+18885550103,Display,,`,
    ].join('\n');
    const applied = await upload(unitUrl(), csv, 'orgadmin@demo.test');
    expect(applied.statusCode, applied.body).toBe(200);
    const result = applied.json<BulkAttributeResult>();
    expect(result.updated).toBe(2);
    expect(result.errors).toEqual([
      { row: 3, column: 'number', message: M.otherCompany },
      {
        row: 4,
        column: 'Monthly budget',
        message: '"Monthly budget" is not a number custom field of this number’s company.',
      },
      { row: 5, column: 'number', message: M.unknownNumber },
      { row: 5, column: 'company_id', message: M.badCompany },
    ]);
    expect(await valuesOf(t.ids.numbers.realtyMain)).toEqual({
      [fields.realtyChannel as number]: 'Web',
      [fields.region as number]: 'north-shore',
    });
    expect(await valuesOf(t.ids.numbers.motorsTollFree)).toMatchObject({
      [fields.channel as number]: 'Display',
    });
  });

  it('needs a company_id column', async () => {
    const response = await upload(unitUrl(), 'number,Channel\n+13055550110,Web\n', 'orgadmin@demo.test');
    expect(fieldErrors(response)).toEqual({ file: [M.noCompanyColumn] });
  });

  it('is its organization admins’: a company’s owner or another user is 404', async () => {
    for (const email of ['owner@demo.test', 'admin@demo.test', 'other@demo.test']) {
      expect((await t.as(email, { method: 'GET', url: unitUrl() })).statusCode).toBe(404);
      expect((await upload(unitUrl(), 'company_id,number\n', email)).statusCode).toBe(404);
    }
    expect((await t.as('superadmin@demo.test', { method: 'GET', url: unitUrl() })).statusCode).toBe(200);
  });
});
