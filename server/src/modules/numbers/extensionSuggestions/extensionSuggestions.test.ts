/**
 * §7 `GET /companies/{companyId}/extension-suggestions (perPage default 10)`, §9 "extension suggestions 10": the
 * extensions of the company's numbers de-duplicated by label and configuration, searchable by label, paged; and
 * the pure rule beneath it (suggest.ts).
 */
import type { ExtensionSuggestion } from '@shared/api/forwardContacts';
import type { StoredRoute } from '@shared/api/numbers';
import { RouteSchema } from '@shared/api/numbers';
import type { Paged } from '@shared/api/paged';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { extensionSuggestions, suggestedRouteOf, suggestionKey } from './suggest';

let t: TestApp;
let motors: number;
beforeAll(async () => {
  t = await createTestApp();
  motors = t.ids.companies.demoMotors;
});
afterAll(() => t.close());

const suggestions = async (query = '', as = 'agent@demo.test', company = motors) => {
  const response = await t.as(as, {
    method: 'GET',
    url: `/api/companies/${company}/extension-suggestions${query}`,
  });
  return response;
};
const page = async (query = '') => {
  const response = await suggestions(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<ExtensionSuggestion>>();
};
const route = (input: Record<string, unknown>): StoredRoute => RouteSchema.parse(input);

describe('GET /companies/{companyId}/extension-suggestions', () => {
  it('lists the seeded extensions of Demo Motors by label, each with where it is set up', async () => {
    const answer = await page();
    expect(answer).toMatchObject({ current_page: 1, per_page: 10, last_page: 1, total: 7 });
    expect(answer.data.map((one) => one.route.label)).toEqual([
      'Agents in the app',
      'Nearest showroom',
      'Parts',
      'Sales',
      'Sales floor',
      'Service',
      'Service desk',
    ]);
    const sales = answer.data.find((one) => one.route.label === 'Sales');
    expect(sales).toMatchObject({
      route: {
        type: 'simultaneous',
        forwards: [
          { number: '+13125550160', state: null },
          { number: '+13125550161', state: null },
        ],
        timeout: 20,
      },
      used_on: [
        {
          number_id: t.ids.numbers.motorsMain,
          number: '+13125550100',
          number_label: 'Main line',
          extension: 1,
        },
      ],
    });
    const agents = answer.data.find((one) => one.route.label === 'Agents in the app');
    expect(agents?.route.members).toEqual([t.ids.users['agent@demo.test'], t.ids.users['agent2@demo.test']]);
  });

  it('de-duplicates by label and configuration: the same “Sales” on two numbers is one, another config another', async () => {
    const sales = {
      label: 'sales ',
      type: 'simultaneous',
      forwards: [{ number: '+13125550160' }, { number: '(312) 555-0161' }],
    };
    const saved = await t.as('owner@demo.test', {
      method: 'PUT',
      url: `/api/numbers/${t.ids.numbers.motorsService}`,
      payload: {
        routes: [
          // The main line's "Sales" again, at another key and in another case: the same suggestion.
          { extension: 4, ...sales },
          // The same label with another timeout: a suggestion of its own.
          { extension: 5, ...sales, label: 'Sales', timeout: 30 },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const found = (await page('?q=SAL')).data;
    expect(found.map((one) => [one.route.label, one.route.timeout, one.used_on.length])).toEqual([
      // The most used first among equal labels.
      ['Sales', 20, 2],
      ['Sales', 30, 1],
      ['Sales floor', 20, 1],
    ]);
    expect(found[0]?.used_on.map((place) => [place.number_id, place.extension])).toEqual([
      [t.ids.numbers.motorsMain, 1],
      [t.ids.numbers.motorsService, 4],
    ]);
    expect(new Set(found.map((one) => one.key)).size).toBe(3);
  });

  it('§9 "extension suggestions 10": ten a page, the rest on the next', async () => {
    const routes = Array.from({ length: 12 }, (_, index) => ({
      extension: index,
      label: `Desk ${String(index).padStart(2, '0')}`,
      type: 'voicemail',
      voicemail_enabled: true,
    }));
    const saved = await t.as('owner@demo.test', {
      method: 'PUT',
      url: `/api/numbers/${t.ids.numbers.motorsSales}`,
      payload: { routes },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const first = await page('?q=desk');
    expect(first).toMatchObject({ current_page: 1, per_page: 10, last_page: 2, total: 12 });
    expect(first.data).toHaveLength(10);
    expect(first.data[0]?.route.label).toBe('Desk 00');
    const second = await page('?q=desk&page=2');
    expect(second.data.map((one) => one.route.label)).toEqual(['Desk 10', 'Desk 11']);
    expect((await page('?q=desk&perPage=5&page=3')).data.map((one) => one.route.label)).toEqual([
      'Desk 10',
      'Desk 11',
    ]);
    expect((await page('?q=nothing%20like%20it')).data).toEqual([]);
  });

  it('404 for another company, 403 for a role that cannot see numbers; 422 for a page size over 100', async () => {
    expect((await suggestions('', 'owner@demo.test', t.ids.companies.otherCo)).statusCode).toBe(404);
    expect((await suggestions('', 'billing@demo.test')).statusCode).toBe(403);
    expect((await suggestions('', 'reporting@demo.test')).statusCode).toBe(200);
    expect((await suggestions('?perPage=101')).statusCode).toBe(422);
    // Another company's extensions are never suggested here, nor these there.
    const theirs = await suggestions('', 'other@demo.test', t.ids.companies.otherCo);
    expect(theirs.statusCode).toBe(200);
    expect(
      theirs
        .json<Paged<ExtensionSuggestion>>()
        .data.flatMap((one) => one.used_on.map((place) => place.number_id)),
    ).not.toContain(t.ids.numbers.motorsMain);
  });
});

describe('the rule (suggest.ts)', () => {
  const number = (id: number, routes: StoredRoute[]) => ({
    id,
    number: `+1312555010${id}`,
    label: `N${id}`,
    routes,
  });

  it('leaves out extensions without a label', () => {
    expect(extensionSuggestions([number(1, [route({ label: '  ', type: 'voicemail' })])])).toEqual([]);
  });

  it('the key ignores the label’s case and spaces, and the extension key; not the forwards’ order', () => {
    const a = route({
      extension: 1,
      label: 'Sales',
      forwards: [{ number: '3125550160' }, { number: '3125550161' }],
    });
    const b = route({
      extension: 7,
      label: ' SALES',
      forwards: [{ number: '3125550160' }, { number: '3125550161' }],
    });
    const c = route({
      extension: 1,
      label: 'Sales',
      forwards: [{ number: '3125550161' }, { number: '3125550160' }],
    });
    expect(suggestionKey(suggestedRouteOf(a))).toBe(suggestionKey(suggestedRouteOf(b)));
    expect(suggestionKey(suggestedRouteOf(a))).not.toBe(suggestionKey(suggestedRouteOf(c)));
    const all = extensionSuggestions([number(1, [a, c]), number(2, [b])]);
    expect(all.map((one) => one.used_on.length)).toEqual([2, 1]);
    // The first one seen keeps its spelling.
    expect(all[0]?.route.label).toBe('Sales');
  });
});
