/**
 * The one company rule (http/companyNaming.ts, docs/decisions.md "One company rule"), the probe's finding that half
 * the API took `companyId` and half `company_id`, some in the query and some in the body (`POST /numbers` only in
 * the body, `GET /number-limit` only as `company_id`). Proved over every route whose company the request names,
 * read from the app's route table as the access matrix does, so a route added later is held to it too: either
 * spelling, in the query or the body, names the company; none is a 422 saying so; two different ones a 422 naming
 * both. And §7 "POST /campaigns multipart (…, media[], company_id)": the company as a field of the form.
 */
import { CUSTOM_FIELD_ENTITY_TYPES } from '@shared/domain/customFields';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RouteInfo } from '../app';
import { multipart, type Part, TINY_PNG } from '../modules/messaging/testing';
import { sharedTestAppWithFiles } from '../testing/testApp';

const t = sharedTestAppWithFiles();
const OWNER = 'owner@demo.test';

type Spelling = 'company_id' | 'companyId';
interface Naming {
  place: 'query' | 'body';
  spelling: Spelling;
  value: number;
}

const SPELLINGS: Spelling[] = ['company_id', 'companyId'];
/** How a 422 names each naming's field: `query.` before a query's, a body's bare. */
const COMPANY_KEYS = ['query.company_id', 'query.companyId', 'company_id', 'companyId'];

/** The routes whose company the request names (not their path, not a record's), and where they read it. */
function namedRoutes(): (RouteInfo & { place: 'query' | 'body'; name: string })[] {
  return t.app.routeTable.flatMap((route) => {
    const [place, name] = (route.companyFrom ?? '').split(':');
    return (place === 'query' || place === 'body') && name ? [{ ...route, place, name }] : [];
  });
}

/** Every way a route may be sent its company: both spellings in the query, and in the body unless it is a GET. */
function namingsFor(route: RouteInfo, value: number): Naming[] {
  const places = route.method === 'GET' ? (['query'] as const) : (['query', 'body'] as const);
  return places.flatMap((place) => SPELLINGS.map((spelling) => ({ place, spelling, value })));
}

/** Values for the path's other parameters that its schema accepts (the company is checked before the record). */
function pathOf(route: RouteInfo): string {
  const values: Record<string, string> = {
    id: String(t.ids.users['agent@demo.test']),
    type: String(CUSTOM_FIELD_ENTITY_TYPES[0]?.value),
    number: '+13125550100',
  };
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`${route.method} ${route.url}: give :${name} a value here`);
    return value;
  });
}

function requestFor(route: RouteInfo, namings: Naming[]): InjectOptions {
  const query = new URLSearchParams(
    namings
      .filter((one) => one.place === 'query')
      .map((one): [string, string] => [one.spelling, String(one.value)]),
  ).toString();
  const body = Object.fromEntries(
    namings.filter((one) => one.place === 'body').map((one) => [one.spelling, one.value]),
  );
  return {
    method: route.method as InjectOptions['method'],
    url: `${pathOf(route)}${query ? `?${query}` : ''}`,
    ...(route.method === 'GET' ? {} : { payload: body }),
  };
}

const errorsOf = (response: LightMyRequestResponse): Record<string, string[]> =>
  response.headers['content-type']?.toString().includes('json')
    ? (response.json<{ errors?: Record<string, string[]> }>().errors ?? {})
    : {};

/** What went wrong with the company in an answer, if anything: a 404, a 500, or a 422 about a company field. */
function companyTrouble(response: LightMyRequestResponse): string | null {
  if (response.statusCode === 404 || response.statusCode >= 500) return `${response.statusCode}`;
  const keys = Object.keys(errorsOf(response)).filter((key) => COMPANY_KEYS.includes(key));
  return keys.length > 0 ? `422 on ${keys.join(', ')}` : null;
}

const describeNaming = (namings: Naming[]) =>
  namings.map((one) => `${one.place}.${one.spelling}=${one.value}`).join(' & ') || 'nothing';

describe('one company rule: every route whose company the request names', () => {
  it('is read from the route table (both places, both spellings)', () => {
    const routes = namedRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const key = (route: RouteInfo) => `${route.method} ${route.url}`;
    // The probe's two examples, and one route of each place and spelling.
    expect(routes.map(key)).toEqual(
      expect.arrayContaining([
        'POST /api/numbers',
        'GET /api/number-limit',
        'GET /api/contacts',
        'POST /api/calls/export',
      ]),
    );
  });

  it('takes either spelling, in the query or the body: another company’s is a 404, its own is acted on', async () => {
    const failures: string[] = [];
    for (const route of namedRoutes()) {
      for (const naming of namingsFor(route, t.ids.companies.otherCo)) {
        const response = await t.as(OWNER, requestFor(route, [naming]));
        if (response.statusCode !== 404)
          failures.push(
            `${route.method} ${route.url} ${describeNaming([naming])} (another company) → ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
      }
      for (const naming of namingsFor(route, t.ids.companies.demoMotors)) {
        const response = await t.as(OWNER, requestFor(route, [naming]));
        const trouble = companyTrouble(response);
        if (trouble)
          failures.push(
            `${route.method} ${route.url} ${describeNaming([naming])} (own company) → ${trouble} ${response.body.slice(0, 160)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('takes the same company named twice, either spelling, either place', async () => {
    const failures: string[] = [];
    for (const route of namedRoutes()) {
      const [first, ...others] = namingsFor(route, t.ids.companies.demoMotors);
      for (const other of others) {
        if (!first) continue;
        const namings = [first, other];
        const response = await t.as(OWNER, requestFor(route, namings));
        const trouble = companyTrouble(response);
        if (trouble) failures.push(`${route.method} ${route.url} ${describeNaming(namings)} → ${trouble}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a request that names no company with a 422 saying which field', async () => {
    const failures: string[] = [];
    for (const route of namedRoutes()) {
      const response = await t.as(OWNER, requestFor(route, []));
      const key = route.place === 'query' ? `query.${route.name}` : route.name;
      const errors = errorsOf(response);
      if (response.statusCode !== 422 || !errors[key]?.[0]?.includes('Say which company'))
        failures.push(`${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses two that name different companies with a 422 naming both fields', async () => {
    const own = t.ids.companies.demoMotors;
    const other = t.ids.companies.otherCo;
    const failures: string[] = [];
    for (const route of namedRoutes()) {
      const cases: { namings: Naming[]; keys: string[]; message: string }[] = [
        {
          namings: [
            { place: 'query', spelling: 'company_id', value: own },
            { place: 'query', spelling: 'companyId', value: other },
          ],
          keys: ['query.company_id', 'query.companyId'],
          message: 'company_id and companyId name different companies.',
        },
      ];
      if (route.method !== 'GET') {
        cases.push(
          {
            namings: [
              { place: 'query', spelling: 'companyId', value: other },
              { place: 'body', spelling: 'company_id', value: own },
            ],
            keys: ['query.companyId', 'company_id'],
            message: 'company_id and companyId name different companies.',
          },
          {
            namings: [
              { place: 'query', spelling: 'company_id', value: own },
              { place: 'body', spelling: 'company_id', value: other },
            ],
            keys: ['query.company_id', 'company_id'],
            message: 'The query’s company_id and the body’s company_id name different companies.',
          },
        );
      }
      for (const { namings, keys, message } of cases) {
        const response = await t.as(OWNER, requestFor(route, namings));
        const errors = errorsOf(response);
        const named = keys.every((key) => errors[key]?.[0] === message);
        if (response.statusCode !== 422 || !named)
          failures.push(
            `${route.method} ${route.url} ${describeNaming(namings)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('§7 POST /campaigns multipart (…, media[], company_id): the company as a field of the form', () => {
  const draft = (title: string): Part[] => [
    ['title', title],
    ['state', 'draft'],
  ];
  const png: Part = ['media[]', TINY_PNG, 'pixel.png', 'image/png'];

  async function post(url: string, parts: Part[]) {
    const body = await multipart(parts);
    return t.as(OWNER, { method: 'POST', url, payload: body.payload, headers: body.headers });
  }

  it('creates the campaign in the company the form names, before or after its files, either spelling', async () => {
    const motors = t.ids.companies.demoMotors;
    const forms: [string, Part[]][] = [
      ['company_id first', [['company_id', String(motors)], ...draft('Form company first')]],
      ['company_id after a file', [...draft('Form company last'), png, ['company_id', String(motors)]]],
      ['companyId', [...draft('Form companyId'), ['companyId', String(motors)]]],
    ];
    for (const [what, parts] of forms) {
      const response = await post('/api/campaigns', parts);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(201);
      const campaign = response.json<{ company_id: number; title: string; media: unknown[] }>();
      expect(campaign.company_id, what).toBe(motors);
    }
    const withFile = await post('/api/campaigns', [
      png,
      ...draft('With file'),
      ['company_id', String(motors)],
    ]);
    expect(withFile.json<{ media: unknown[] }>().media).toHaveLength(1);
  });

  it('another company named in the form is a 404, as in the query', async () => {
    const response = await post('/api/campaigns', [
      ...draft('Elsewhere'),
      png,
      ['company_id', String(t.ids.companies.otherCo)],
    ]);
    expect(response.statusCode, response.body).toBe(404);
  });

  it('naming none, or a form and a query that disagree, is a 422 naming the fields', async () => {
    const none = await post('/api/campaigns', draft('Nowhere'));
    expect(none.statusCode).toBe(422);
    expect(errorsOf(none)).toEqual({
      'query.company_id': [
        'Say which company this is for: company_id (or companyId), in the query or the body.',
      ],
    });

    const motors = t.ids.companies.demoMotors;
    const other = t.ids.companies.otherCo;
    const queryAndForm = await post(`/api/campaigns?company_id=${motors}`, [
      ...draft('Two companies'),
      ['company_id', String(other)],
    ]);
    expect(queryAndForm.statusCode).toBe(422);
    const both = 'The query’s company_id and the body’s company_id name different companies.';
    expect(errorsOf(queryAndForm)).toEqual({ 'query.company_id': [both], company_id: [both] });

    const twoFields = await post('/api/campaigns', [
      ['company_id', String(motors)],
      png,
      ['companyId', String(other)],
      ...draft('Two fields'),
    ]);
    expect(twoFields.statusCode).toBe(422);
    const spellings = 'company_id and companyId name different companies.';
    expect(errorsOf(twoFields)).toEqual({ company_id: [spellings], companyId: [spellings] });
  });

  it('a change (POST /campaigns/{id}, _method=PATCH) takes its own company_id, and refuses another', async () => {
    const motors = t.ids.companies.demoMotors;
    const made = await post(`/api/campaigns?company_id=${motors}`, draft('To change'));
    const id = made.json<{ id: number }>().id;
    const same = await post(`/api/campaigns/${id}`, [
      ['_method', 'PATCH'],
      ['title', 'Changed'],
      ['company_id', String(motors)],
    ]);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<{ title: string }>().title).toBe('Changed');
    const moved = await post(`/api/campaigns/${id}`, [
      ['_method', 'PATCH'],
      ['company_id', String(t.ids.companies.otherCo)],
    ]);
    expect(moved.statusCode).toBe(422);
    expect(errorsOf(moved)).toHaveProperty('company_id');
  });
});
