/**
 * The number page's preview of what a caller meets, worked out by the routing engine: one extension ringing two
 * phones together then voicemail; a menu, each key's path and what pressing nothing does; a closed schedule; an
 * agent in the app named by name. The preview follows the engine, so these read what a call really does. And the
 * number page's other part that is new: its custom field values.
 */
import type { RoutingPreview } from '@shared/api/numbers';
import { beforeAll, describe, expect, it } from 'vitest';
import { eavAttributes, numbers } from '../../../db/schema';
import { sharedTestApp } from '../../../testing/testApp';

const t = sharedTestApp();
const owner = 'owner@demo.test';
let numberId: number;
beforeAll(async () => {
  const [row] = await t.ctx.db
    .insert(numbers)
    .values({ company_id: t.ids.companies.demoMotors, number: '+13125556001', label: 'Preview' })
    .returning();
  numberId = row?.id ?? 0;
});

const configure = async (payload: Record<string, unknown>) => {
  const response = await t.as(owner, { method: 'PUT', url: `/api/numbers/${numberId}`, payload });
  expect(response.statusCode, response.body).toBe(200);
};
const preview = async (at?: string) => {
  const response = await t.as('agent@demo.test', {
    method: 'GET',
    url: `/api/numbers/${numberId}/routing-preview${at ? `?at=${encodeURIComponent(at)}` : ''}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RoutingPreview>();
};

describe('GET /numbers/{id}/routing-preview', () => {
  it('one extension ringing two phones together, then voicemail', async () => {
    await configure({
      routes: [
        {
          extension: 1,
          label: 'Sales',
          type: 'simultaneous',
          forwards: [{ number: '+13125550111' }, { number: '+13125550122' }],
          timeout: 20,
        },
      ],
      schedule: { preset: 1, timezone: 'America/Chicago' },
    });
    const result = await preview();
    expect(result).toMatchObject({
      state: 'Open',
      summary: 'Open: rings (312) 555-0111 and (312) 555-0122 together for 20 s, then takes a voicemail.',
      menu: [],
    });
  });

  it('a menu: each key and pressing nothing', async () => {
    const agent = t.ids.users['agent@demo.test'];
    await configure({
      routes: [
        {
          extension: 1,
          label: 'Sales',
          type: 'standard',
          forwards: [{ number: '+13125550111' }],
          timeout: 15,
        },
        { extension: 2, label: 'Service', type: 'in-app-calling', members: [agent], timeout: 25 },
        { extension: 3, label: 'Leave a message', type: 'voicemail', voicemail_enabled: true },
      ],
    });
    expect(await preview()).toMatchObject({
      state: 'Open',
      summary:
        'Open: offers a menu (1 Sales, 2 Service, 3 Leave a message); pressing nothing rings (312) 555-0111 for 15 s, then takes a voicemail.',
      menu: [
        { key: '1', label: 'Sales', steps: ['rings (312) 555-0111 for 15 s', 'takes a voicemail'] },
        { key: '2', label: 'Service', steps: ['rings Aria Agent for 25 s', 'takes a voicemail'] },
        { key: '3', label: 'Leave a message', steps: ['takes a voicemail'] },
      ],
    });
  });

  it('closed on a Saturday with weekday hours', async () => {
    await configure({ schedule: { preset: 2, timezone: 'America/Chicago' } });
    // Saturday noon in Chicago: closed, so the number's voicemail (the after-hours route is not set).
    expect(await preview('2026-11-28T18:00:00Z')).toMatchObject({
      at: '2026-11-28T18:00:00.000Z',
      state: 'Closed',
      summary: 'Closed: takes a voicemail.',
    });
    // Tuesday noon: open, the menu.
    expect((await preview('2026-11-24T18:00:00Z')).state).toBe('Open');
  });

  it('refuses a moment that is not one, and another company’s number is not found', async () => {
    const bad = await t.as(owner, {
      method: 'GET',
      url: `/api/numbers/${numberId}/routing-preview?at=tomorrow`,
    });
    expect(bad.statusCode).toBe(422);
    const foreign = await t.as(owner, {
      method: 'GET',
      url: `/api/numbers/${t.ids.numbers.otherMain}/routing-preview`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('custom fields on a number (§3 Number eavAttributeValues, entity type "number 1")', () => {
  it('saves values of the company’s number fields, refuses others per field, and removes with null', async () => {
    const [storeId, contactField] = await t.ctx.db
      .insert(eavAttributes)
      .values([
        {
          company_id: t.ids.companies.demoMotors,
          entity_type: 1,
          name: 'Store ID',
          key: 'store_id',
          data_type: 'number',
        },
        {
          company_id: t.ids.companies.demoMotors,
          entity_type: 7,
          name: 'Tier',
          key: 'tier',
          data_type: 'stringText',
        },
      ])
      .returning();
    const put = (values: unknown) =>
      t.as(owner, {
        method: 'PUT',
        url: `/api/numbers/${numberId}`,
        payload: { eavAttributeValues: values },
      });

    const saved = await put([{ attribute_id: storeId?.id, value: 42 }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().number.eavAttributeValues).toEqual([{ attribute_id: storeId?.id, value: 42 }]);

    // A contact field is not a number's; a word is not a number: each refused where it was sent, nothing saved.
    const refused = await put([
      { attribute_id: contactField?.id, value: 'Gold' },
      { attribute_id: storeId?.id, value: 'forty' },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual([
      'eavAttributeValues.0',
      'eavAttributeValues.1',
    ]);

    const removed = await put([{ attribute_id: storeId?.id, value: null }]);
    expect(removed.json().number.eavAttributeValues).toEqual([]);
    const read = await t.as('agent@demo.test', { method: 'GET', url: `/api/numbers/list/${numberId}` });
    expect(read.json().eavAttributeValues).toEqual([]);
  });
});
