/**
 * `POST /numbers/locate` over the sandbox inventory, table-driven: §5 "Number search modes: Contains, Starts with,
 * Ends with. US area code length 3" (Starts/Ends with read the seven digits after the area code, Contains all
 * ten), letters read as keypad digits with the vanity form shown, toll-free area codes ("8**"), a state instead of
 * an area code, the limit, the same answer every time, and a number some company has never offered.
 */
import { isTollFreeAreaCode, matchesSearch, nationalDigits } from '@shared/domain/numberSearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numbers } from '../../../db/schema';
import { createTestApp, fieldErrors, type TestApp } from '../../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Found {
  number: string;
  formatted: string;
  vanity: string | null;
  type: number;
  locality: string;
  region: string;
}

const locate = (body: Record<string, unknown>, as = 'owner@demo.test') =>
  t.as(as, {
    method: 'POST',
    url: '/api/numbers/locate',
    payload: { company_id: t.ids.companies.demoMotors, ...body },
  });
const found = async (body: Record<string, unknown>) => {
  const response = await locate(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Found[] }>().data;
};
const local = (number: string) => nationalDigits(number)?.slice(3) ?? '';
const areaOf = (number: string) => nationalDigits(number)?.slice(0, 3) ?? '';

const CASES: {
  name: string;
  body: Record<string, unknown>;
  count: number;
  each: (result: Found) => void;
}[] = [
  {
    name: 'an area code alone: its local numbers, formatted, with the place',
    body: { area_code: '312' },
    count: 20,
    each: (r) => {
      expect(areaOf(r.number)).toBe('312');
      expect(r.formatted).toMatch(/^\(312\) \d{3}-\d{4}$/);
      expect(r).toMatchObject({ type: 2, vanity: null, locality: 'Chicago', region: 'IL' });
    },
  },
  {
    name: 'toll-free without an area code: any 8** code',
    body: { type: 1, limit: 50 },
    count: 50,
    each: (r) => {
      expect(isTollFreeAreaCode(areaOf(r.number))).toBe(true);
      expect(r.type).toBe(1);
    },
  },
  {
    name: 'toll-free 800, vanity FLOWERS contains: the whole seven digits spelled',
    body: { type: 1, area_code: '800', pattern: 'FLOWERS' },
    count: 1,
    each: (r) => expect(r).toMatchObject({ number: '+18003569377', vanity: '+1 (800) FLOWERS' }),
  },
  {
    name: 'a state instead of an area code: the area codes in it',
    body: { region: 'il', limit: 50 },
    count: 50,
    each: (r) => {
      expect(['312', '773']).toContain(areaOf(r.number));
      expect(r.region).toBe('IL');
    },
  },
  {
    name: 'Starts with CARS: the seven digits start 2277, spelled',
    body: { area_code: '312', pattern: 'CARS', mode: 'starts_with' },
    count: 3,
    each: (r) => {
      expect(local(r.number).startsWith('2277')).toBe(true);
      expect(r.vanity).toBe(`+1 (312) CARS${local(r.number).slice(4)}`);
    },
  },
  {
    name: 'Ends with AUTO: the number ends 2886, spelled',
    body: { area_code: '773', pattern: 'auto', mode: 'ends_with' },
    count: 6,
    each: (r) => {
      expect(local(r.number).endsWith('2886')).toBe(true);
      expect(r.vanity).toBe(`+1 (773) ${local(r.number).slice(0, 3)}AUTO`);
    },
  },
  {
    name: 'Contains digits 4663 (HOME) anywhere in the ten',
    body: { area_code: '415', pattern: '4663', mode: 'contains' },
    // The HOME numbers the 415 stock holds (generated: the same every run).
    count: 8,
    each: (r) => {
      expect(matchesSearch(r.number, '4663', 'contains')).toBe(true);
      expect(r.vanity).toBeNull();
    },
  },
  {
    name: 'Starts with SALE, two of them',
    body: { area_code: '305', pattern: 'SALE', mode: 'starts_with', limit: 2 },
    count: 2,
    each: (r) => expect(local(r.number).startsWith('7253')).toBe(true),
  },
  {
    name: 'the limit caps the answer',
    body: { area_code: '212', limit: 5 },
    count: 5,
    each: (r) => expect(areaOf(r.number)).toBe('212'),
  },
  {
    name: 'a toll-free area code asked for a local number: none',
    body: { type: 2, area_code: '888' },
    count: 0,
    each: () => undefined,
  },
];

describe('POST /numbers/locate over the sandbox inventory', () => {
  it.each(CASES)('$name', async ({ body, count, each }) => {
    const results = await found(body);
    expect(results).toHaveLength(count);
    for (const result of results) each(result);
    expect(new Set(results.map((r) => r.number)).size).toBe(results.length);
  });

  it('answers the same list for the same search', async () => {
    const body = { area_code: '617', pattern: '7', mode: 'contains', limit: 30 };
    expect(await found(body)).toEqual(await found(body));
  });

  it('finds numbers near a city (the codes the sandbox places there), narrowed by state when given', async () => {
    const chicago = await found({ city: 'chicago', limit: 50 });
    expect(chicago.length).toBe(50);
    expect(chicago.every((r) => ['312', '773'].includes(r.number.slice(2, 5)))).toBe(true);
    expect(chicago.every((r) => r.locality === 'Chicago' && r.region === 'IL')).toBe(true);
    expect(await found({ city: 'Chicago', region: 'NY', limit: 5 })).toEqual([]);
    const newYork = await found({ city: 'New York', region: 'NY', limit: 5 });
    expect(newYork.every((r) => r.locality === 'New York')).toBe(true);
  });

  it('never offers a number some company already has, and still fills the page', async () => {
    const before = await found({ area_code: '206', limit: 10 });
    const taken = before[0]?.number ?? '';
    await t.ctx.db.insert(numbers).values({ company_id: t.ids.companies.otherCo, number: taken });
    const after = await found({ area_code: '206', limit: 10 });
    expect(after.map((r) => r.number)).not.toContain(taken);
    expect(after).toHaveLength(10);
    expect(after.slice(0, 9)).toEqual(before.slice(1));
  });

  it.each([
    [{}, 'area_code', 'Search by area code, by state, near a city, or toll-free.'],
    [{ city: '1' }, 'city', 'Enter a city name (2 to 60 letters).'],
    [{ area_code: '31' }, 'area_code', 'Enter a three-digit area code.'],
    [{ region: 'Illinois' }, 'region', 'Enter a two-letter state or province code.'],
    [{ area_code: '312', pattern: 'ABCDEFGHIJK' }, 'pattern', 'Use at most 10 letters or digits.'],
  ])('refuses %j with a message on %s', async (body, field, message) => {
    const response = await locate(body);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)[field]).toContain(message);
  });

  it('is for those who buy numbers: an agent is refused, another company’s id is not found', async () => {
    expect((await locate({ area_code: '312' }, 'agent@demo.test')).statusCode).toBe(403);
    const other = await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/numbers/locate',
      payload: { company_id: t.ids.companies.otherCo, area_code: '312' },
    });
    expect(other.statusCode).toBe(404);
  });
});
