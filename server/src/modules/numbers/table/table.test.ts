/**
 * The numbers administration table against a real database: each filter (type, status, tag, area code, pattern,
 * search), sorting both ways with stable paging, the CSV export of exactly the filtered rows, the stats, the
 * prefixes and pattern counts the filters offer, overlays and a search over several area codes.
 */

import type { NumberStats, NumberTableRow } from '@shared/api/numberTable';
import type { Paged } from '@shared/api/paged';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, memberships, numbers } from '../../../db/schema';
import { sharedTestApp } from '../../../testing/testApp';

const t = sharedTestApp();
let company: number;
const owner = 'owner@demo.test';

/** A company of its own with six numbers chosen for the filters. */
beforeAll(async () => {
  const [created] = await t.ctx.db
    .insert(companies)
    .values({ name: 'Table Co', number_limit: 40 })
    .returning();
  company = created?.id ?? 0;
  await t.ctx.db
    .insert(memberships)
    .values({ user_id: t.ids.users[owner] ?? 0, company_id: company, role: 'owner' });
  await t.ctx.db.insert(numbers).values([
    { company_id: company, number: '+12065557777', label: 'Seattle repeating', tags: ['west'], type: 2 },
    {
      company_id: company,
      number: '+12065551234',
      label: 'Seattle sequence',
      tags: ['west', 'sales'],
      type: 2,
    },
    {
      company_id: company,
      number: '+13055550100',
      label: 'Miami round',
      tags: ['east'],
      type: 2,
      sms_enabled: false,
    },
    { company_id: company, number: '+18005551221', label: 'Toll-free mirror', tags: [], type: 1 },
    {
      company_id: company,
      number: '+13055550142',
      label: 'Miami plain',
      tags: ['east'],
      type: 4,
      status: 'inactive',
      remove_at: new Date(Date.now() + 86_400_000),
    },
    {
      company_id: company,
      number: '+13055550143',
      label: 'Gone',
      tags: ['east'],
      type: 2,
      status: 'inactive',
      released_at: new Date(),
    },
  ]);
});

const table = async (query: string) => {
  const response = await t.as(owner, {
    method: 'GET',
    url: `/api/numbers/datatable?company_id=${company}&${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<NumberTableRow>>();
};
const labels = (page: Paged<NumberTableRow>) => page.data.map((row) => row.label);

describe('GET /numbers/datatable', () => {
  it.each([
    ['', ['Seattle sequence', 'Seattle repeating', 'Miami round', 'Miami plain', 'Toll-free mirror']],
    ['type=1', ['Toll-free mirror']],
    ['type=4', ['Miami plain']],
    ['status=inactive', ['Miami plain']],
    ['status=active&tag=east', ['Miami round']],
    ['tag=sales', ['Seattle sequence']],
    ['area_code=305', ['Miami round', 'Miami plain']],
    ['pattern=repeating', ['Seattle repeating']],
    ['pattern=sequence', ['Seattle sequence']],
    ['pattern=round', ['Miami round']],
    ['pattern=mirror', ['Toll-free mirror']],
    ['search=Miami', ['Miami round', 'Miami plain']],
    ['search=(206) 555-12', ['Seattle sequence']],
    [
      'sort=label&direction=desc',
      ['Toll-free mirror', 'Seattle sequence', 'Seattle repeating', 'Miami round', 'Miami plain'],
    ],
  ])('%s → %j (a released number never shows)', async (query, expected) => {
    expect(labels(await table(query))).toEqual(expected);
  });

  it('each row carries what the table shows: status, category, extensions and patterns', async () => {
    const [row] = (await table('pattern=repeating')).data;
    expect(row).toMatchObject({
      number: '+12065557777',
      status: 'active',
      remove_at: null,
      category: 1,
      extensions: 0,
      patterns: ['repeating'],
      unread_messages_count: 0,
    });
  });

  it('pages stably, with a pattern filter too', async () => {
    const first = await table('perPage=2&page=1');
    const second = await table('perPage=2&page=2');
    const third = await table('perPage=2&page=3');
    expect([...labels(first), ...labels(second), ...labels(third)]).toEqual(labels(await table('')));
    expect(first).toMatchObject({ total: 5, last_page: 3, current_page: 1 });
    const patterned = await table('pattern=round&perPage=1&page=1');
    expect(patterned).toMatchObject({ total: 1, last_page: 1 });
  });

  it('refuses a filter it does not know, per field', async () => {
    const response = await t.as(owner, {
      method: 'GET',
      url: `/api/numbers/datatable?company_id=${company}&type=9&pattern=lucky&area_code=12`,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'query.area_code',
      'query.pattern',
      'query.type',
    ]);
  });
});

describe('POST /numbers/datatable/export', () => {
  it('is the filtered rows as CSV, every page of them', async () => {
    const response = await t.as(owner, {
      method: 'POST',
      url: '/api/numbers/datatable/export',
      payload: { company_id: company, area_code: '305' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="numbers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        Number: '+13055550100',
        Label: 'Miami round',
        Status: 'Active',
        SMS: 'No',
        Patterns: 'Round ending',
      }),
      expect.objectContaining({
        Number: '+13055550142',
        Type: 'Bulk numbers',
        Status: 'Inactive',
        Tags: 'east',
      }),
    ]);
    expect(rows[1]?.['Removal date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('writes a label that is a formula as text (a quote before it), so a spreadsheet shows it and never runs it', async () => {
    const [tollFree] = await t.ctx.db.select().from(numbers).where(eq(numbers.number, '+18005551221'));
    const label = '=HYPERLINK("http://x","y")';
    const rename = (to: string) =>
      t.as(owner, { method: 'PUT', url: `/api/numbers/${tollFree?.id}`, payload: { label: to } });
    expect((await rename(label)).statusCode).toBe(200);
    try {
      const response = await t.as(owner, {
        method: 'POST',
        url: '/api/numbers/datatable/export',
        payload: { company_id: company, search: 'HYPERLINK' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const rows = parse(response.body, { columns: true }) as Record<string, string>[];
      expect(rows.map((row) => [row.Number, row.Label])).toEqual([['+18005551221', `'${label}`]]);
    } finally {
      await rename(tollFree?.label ?? '');
    }
  });
});

describe('stats, prefixes, patterns', () => {
  it('counts the company’s numbers (the released one is no longer counted)', async () => {
    const response = await t.as(owner, { method: 'GET', url: `/api/numbers/stats?company_id=${company}` });
    expect(response.json<NumberStats>()).toEqual({
      total: 5,
      active: 4,
      inactive: 1,
      by_type: [
        { type: 1, count: 1 },
        { type: 2, count: 3 },
        { type: 4, count: 1 },
      ],
      sms_enabled: 4,
      transcription_enabled: 0,
      limit: 40,
      remaining: 35,
    });
  });

  it('lists the NPA-NXX prefixes and every pattern with its count', async () => {
    const prefixes = await t.as(owner, { method: 'GET', url: `/api/numberPrefixes?company_id=${company}` });
    expect(prefixes.json().data).toEqual([
      { prefix: '206-555', area_code: '206', count: 2 },
      { prefix: '305-555', area_code: '305', count: 2 },
      { prefix: '800-555', area_code: '800', count: 1 },
    ]);
    const patterns = await t.as(owner, { method: 'GET', url: `/api/patterns?company_id=${company}` });
    expect(patterns.json().data).toEqual([
      { pattern: 'repeating', label: 'Repeating digits', count: 1 },
      { pattern: 'sequence', label: 'Sequence', count: 1 },
      { pattern: 'round', label: 'Round ending', count: 1 },
      { pattern: 'mirror', label: 'Mirror or pair ending', count: 1 },
    ]);
  });
});

describe('overlays and the bulk search', () => {
  it('GET /numbers/overlay/{areaCode} names the codes of the same place', async () => {
    const response = await t.as('agent@demo.test', { method: 'GET', url: '/api/numbers/overlay/212' });
    expect(response.json()).toEqual({
      area_code: '212',
      place: 'Manhattan',
      state: 'NY',
      overlays: ['646', '332', '917'],
    });
    expect(
      (await t.as('agent@demo.test', { method: 'GET', url: '/api/numbers/overlay/21' })).statusCode,
    ).toBe(422);
  });

  it('POST /numbers/locate-bulk searches each area code, toll-free ones as toll-free', async () => {
    const response = await t.as(owner, {
      method: 'POST',
      url: '/api/numbers/locate-bulk',
      payload: {
        company_id: t.ids.companies.demoMotors,
        area_codes: ['312', '773', '800'],
        per_area_code: 3,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{
      data: { area_code: string; numbers: { number: string; type: number }[] }[];
    }>().data;
    expect(data.map((group) => group.area_code)).toEqual(['312', '773', '800']);
    for (const group of data) {
      expect(group.numbers).toHaveLength(3);
      for (const found of group.numbers) expect(found.number.slice(2, 5)).toBe(group.area_code);
    }
    expect(data[2]?.numbers.every((found) => found.type === 1)).toBe(true);
    const tooMany = await t.as(owner, {
      method: 'POST',
      url: '/api/numbers/locate-bulk',
      payload: {
        company_id: t.ids.companies.demoMotors,
        area_codes: Array.from({ length: 11 }, () => '312'),
      },
    });
    expect(tooMany.statusCode).toBe(422);
  });
});

describe('access', () => {
  it('another company’s table is not found', async () => {
    const response = await t.as('agent@demo.test', {
      method: 'GET',
      url: `/api/numbers/datatable?company_id=${company}`,
    });
    expect(response.statusCode).toBe(404);
    const own = await t.ctx.db.select().from(companies).where(eq(companies.id, company));
    expect(own).toHaveLength(1);
  });
});
