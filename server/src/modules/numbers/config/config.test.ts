/**
 * §7 Numbers configuration: `GET /numbers/list/{id}`, `PUT /numbers/{id}`, `PUT /companies/{companyId}/triggers`,
 * `GET`/`PUT /companies/{companyId}/schedule` — accepted, refused with per-field messages, 404 across companies,
 * 403 by role — and the seeded routing of Demo Motors.
 */
import {
  GREETING_AUDIO_HTTPS,
  type NumberDetail,
  type ScheduleView,
  type Trigger,
} from '@shared/api/numbers';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fieldErrors, type TestApp } from '../../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const show = (email: string, id: number) => t.as(email, { method: 'GET', url: `/api/numbers/list/${id}` });
const update = (email: string, id: number, payload: unknown) =>
  t.as(email, { method: 'PUT', url: `/api/numbers/${id}`, payload: payload as object });

describe('GET /numbers/list/{id}', () => {
  it('answers the seeded menu line with its extensions, greeting, voicemail and triggers', async () => {
    const response = await show('agent@demo.test', t.ids.numbers.motorsMain);
    expect(response.statusCode).toBe(200);
    const number = response.json<NumberDetail>();
    expect(number).toMatchObject({
      id: t.ids.numbers.motorsMain,
      number: '+13125550100',
      label: 'Main line',
      recording_enabled: true,
      routing_type: 'simultaneous',
      menu: { timeout: 5, retries: 1, default_extension: 1 },
      after_hours_extension: null,
      voicemail: { email_alert_address: 'owner@demo.test' },
      schedule: null,
      triggers: [{ event: 'call.missed', action: 'email', target: 'owner@demo.test' }],
    });
    expect(number.greeting?.text).toMatch(/For sales, press 1/);
    expect(number.routes.map((r) => [r.extension, r.label, r.type])).toEqual([
      [1, 'Sales', 'simultaneous'],
      [2, 'Service', 'sequential'],
      [3, 'Parts', 'standard'],
    ]);
    // The §3 default config fills what the seed did not say.
    expect(number.routes[2]).toMatchObject({
      caller_id_pass_thru: true,
      confirm_key_wait: 10,
      timeout: 20,
      round_robin: 'none',
      forwards: [{ number: '+13125550164', state: null }],
    });
  });

  it('answers the in-app line: 24/7 of its own, no greeting, members agent and agent2', async () => {
    const number = (await show('owner@demo.test', t.ids.numbers.motorsInApp)).json<NumberDetail>();
    expect(number.greeting).toBeNull();
    expect(number.schedule).toMatchObject({ preset: 1, label: '24/7' });
    expect(number.routes).toHaveLength(1);
    expect(number.routes[0]).toMatchObject({ type: 'in-app-calling', round_robin: 'none' });
    expect(number.routes[0]?.members).toEqual([
      t.ids.users['agent@demo.test'],
      t.ids.users['agent2@demo.test'],
    ]);
    expect(number.routing_type).toBe('in-app-calling');
  });

  it('answers geo routing with states and a static fallback', async () => {
    const number = (await show('reporting@demo.test', t.ids.numbers.motorsTollFree)).json<NumberDetail>();
    expect(number.routes[0]?.forwards).toEqual([
      { number: '+13125550160', state: 'IL' },
      { number: '+13175550167', state: 'IN' },
      { number: '+14145550168', state: 'WI' },
      { number: '+13125550169', state: null },
    ]);
  });

  it('404 for another company’s number or none; 403 for a billing user', async () => {
    expect((await show('agent@demo.test', t.ids.numbers.otherMain)).statusCode).toBe(404);
    expect((await show('agent@demo.test', 999_999)).statusCode).toBe(404);
    expect((await show('billing@demo.test', t.ids.numbers.motorsMain)).statusCode).toBe(403);
  });
});

describe('PUT /numbers/{id}', () => {
  it('saves a configuration, fills the defaults, sorts extensions and answers the §8 message', async () => {
    const response = await update('admin@demo.test', t.ids.numbers.motorsSales, {
      label: 'Sales desk',
      routes: [
        {
          extension: 2,
          label: 'Used cars',
          type: 'standard',
          forwards: [{ number: '(312) 555-0161', isValid: true }],
        },
        {
          label: 'New cars',
          type: 'sequential',
          forwards: [{ number: '+13125550160' }, { number: '3125550165' }],
        },
        { extension: '*', label: 'Operator', type: 'voicemail', voicemail_enabled: true },
      ],
      menu: { default_extension: 1 },
      after_hours_extension: 65535,
      greeting: { text: 'Demo Motors sales.' },
      recording_enabled: true,
      call_transcription_enabled: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; number: NumberDetail }>();
    expect(body.message).toBe(SUCCESS_MESSAGES.numberUpdated);
    expect(body.message).toBe('The number has been updated');
    expect(body.number.label).toBe('Sales desk');
    expect(body.number.routes.map((r) => r.extension)).toEqual([1, 2, 65535]);
    expect(body.number.routes[0]?.forwards).toEqual([
      { number: '+13125550160', state: null },
      { number: '+13125550165', state: null },
    ]);
    expect(body.number.routes[1]?.forwards).toEqual([{ number: '+13125550161', state: null }]);
    expect(body.number.routes[1]).not.toHaveProperty('forwards.0.isValid');
    expect(body.number).toMatchObject({ recording_enabled: true, call_transcription_enabled: true });
    const again = (await show('agent@demo.test', t.ids.numbers.motorsSales)).json<NumberDetail>();
    expect(again.routes).toEqual(body.number.routes);
    expect(again.after_hours_extension).toBe(65535);
  });

  it('keeps what is not sent', async () => {
    const before = (await show('owner@demo.test', t.ids.numbers.motorsService)).json<NumberDetail>();
    const response = await update('owner@demo.test', t.ids.numbers.motorsService, {
      tags: ['service', 'bdc'],
    });
    expect(response.statusCode).toBe(200);
    const after = response.json<{ number: NumberDetail }>().number;
    expect(after.tags).toEqual(['service', 'bdc']);
    expect(after.routes).toEqual(before.routes);
    expect(after.label).toBe(before.label);
  });

  it('gives a number its own schedule, and null returns it to the company’s', async () => {
    const own = await update('owner@demo.test', t.ids.numbers.motorsService, {
      schedule: { preset: 5, timezone: 'America/Denver' },
    });
    expect(own.json<{ number: NumberDetail }>().number).toMatchObject({
      schedule: { preset: 5, label: 'Direct Voicemail', timezone: 'America/Denver' },
      routing_type: 'voicemail',
    });
    const back = await update('owner@demo.test', t.ids.numbers.motorsService, { schedule: null });
    expect(back.json<{ number: NumberDetail }>().number.schedule).toBeNull();
  });

  it.each([
    [
      'a forward without a number',
      { routes: [{ extension: 1, forwards: [{ number: '' }] }] },
      { 'routes.0.forwards.0.number': ['Each forward needs a number.'] },
    ],
    [
      'a forward whose number is no phone number',
      { routes: [{ extension: 1, forwards: [{ number: '12' }] }] },
      { 'routes.0.forwards.0.number': ['Enter a valid phone number for this forward.'] },
    ],
    [
      'an extension above 25',
      { routes: [{ extension: 26 }] },
      { 'routes.0.extension': ['An extension is 0 to 25, or the * or # key.'] },
    ],
    [
      'a negative extension',
      { routes: [{ extension: -1 }] },
      { 'routes.0.extension': ['An extension is 0 to 25, or the * or # key.'] },
    ],
    [
      'a key code other than * or #',
      { routes: [{ extension: 65533 }] },
      { 'routes.0.extension': ['An extension is 0 to 25, or the * or # key.'] },
    ],
    [
      'the same extension twice',
      { routes: [{ extension: 4 }, { extension: 4 }] },
      { 'routes.1.extension': ['Each extension may be used once on a number.'] },
    ],
    [
      'a sequential group with no members',
      { routes: [{ extension: 1, type: 'sequential', forwards: [] }] },
      { 'routes.0.forwards': ['A sequential group needs at least one forward.'] },
    ],
    [
      'a simultaneous group with no members',
      { routes: [{ extension: 1, type: 'simultaneous' }] },
      { 'routes.0.forwards': ['A simultaneous group needs at least one forward.'] },
    ],
    [
      'in-app calling with no members',
      { routes: [{ extension: 1, type: 'in-app-calling' }] },
      { 'routes.0.members': ['An in-app calling extension needs at least one member.'] },
    ],
    [
      'an unknown forward type',
      { routes: [{ extension: 1, type: 'fax' }] },
      { 'routes.0.type': [expect.any(String)] },
    ],
    [
      'a geo state that is no state code',
      { routes: [{ extension: 1, type: 'geo', forwards: [{ number: '+13125550160', state: 'Illinois' }] }] },
      { 'routes.0.forwards.0.state': ['A state is its two-letter code, such as IL.'] },
    ],
    [
      'a bad alert address',
      { voicemail: { email_alert_address: 'nobody' } },
      { 'voicemail.email_alert_address': ['Enter a valid email address, or leave it empty.'] },
    ],
    [
      'a field the number does not have',
      { colour: 'red' },
      { colour: ['colour is not a field of this request.'] },
    ],
    [
      'a schedule time in no known form',
      { schedule: { preset: 4, timezone: 'UTC', mon_open_hour: '25:00' } },
      { 'schedule.mon_open_hour': [expect.stringMatching(/24-hour HH:MM/)] },
    ],
  ])('refuses %s', async (_what, payload, errors) => {
    const response = await update('owner@demo.test', t.ids.numbers.motorsTollFree, payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response)).toEqual(errors);
  });

  it('refuses in-app members who are not members of the company', async () => {
    const otherOwner = t.ids.users['other@demo.test'] ?? 0;
    const response = await update('owner@demo.test', t.ids.numbers.motorsInApp, {
      routes: [
        {
          extension: 1,
          type: 'in-app-calling',
          members: [t.ids.users['agent@demo.test'], otherOwner, 999_999],
        },
      ],
    });
    expect(response.statusCode).toBe(422);
    // Each member is a reference (http/references.ts): each one at fault is named by its place in the list.
    expect(fieldErrors(response)).toEqual({
      'routes.0.members.1': [`User ${otherOwner} is not a member of this company.`],
      'routes.0.members.2': ['User 999999 is not a member of this company.'],
    });
  });

  it('refuses a menu default or after-hours extension the number does not have', async () => {
    const response = await update('owner@demo.test', t.ids.numbers.motorsMain, {
      menu: { default_extension: 9 },
      after_hours_extension: 65534,
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual({
      'menu.default_extension': ['Extension 9 is not one of this number’s extensions.'],
      after_hours_extension: ['Extension # is not one of this number’s extensions.'],
    });
  });

  it('404 for another company’s number; 403 for an agent or a reporting user', async () => {
    expect((await update('owner@demo.test', t.ids.numbers.otherMain, { label: 'x' })).statusCode).toBe(404);
    expect((await update('agent@demo.test', t.ids.numbers.motorsMain, { label: 'x' })).statusCode).toBe(403);
    expect((await update('reporting@demo.test', t.ids.numbers.motorsMain, { label: 'x' })).statusCode).toBe(
      403,
    );
    expect((await show('owner@demo.test', t.ids.numbers.motorsMain)).json<NumberDetail>().label).toBe(
      'Main line',
    );
  });
});

/**
 * Issue 33: a greeting's audio address of any scheme (`file:///etc/passwd`, `javascript:`, `gopher:`) was stored
 * and written into the call's TwiML. The carrier fetches it, so only https is accepted, wherever a number takes a
 * greeting: its own, its voicemail's, and an extension's voicemail greeting.
 */
describe('PUT /numbers/{id}: a greeting’s audio address', () => {
  const places = [
    ['the number’s greeting', (greeting: object) => ({ greeting }), 'greeting'],
    ['its voicemail greeting', (greeting: object) => ({ voicemail: { greeting } }), 'voicemail.greeting'],
    [
      'an extension’s voicemail greeting',
      (greeting: object) => ({ routes: [{ extension: 1, voicemail_greeting: greeting }] }),
      'routes.0.voicemail_greeting',
    ],
  ] as const;
  const refused = [
    'file:///etc/passwd',
    'javascript:alert(1)',
    'gopher://127.0.0.1:6379/_FLUSHALL',
    'http://media.example.com/welcome.mp3',
    'ftp://media.example.com/welcome.mp3',
    'data:audio/mpeg;base64,AAAA',
    '//media.example.com/welcome.mp3',
    'https://',
    'https://user:secret@media.example.com/welcome.mp3',
    'media.example.com/welcome.mp3',
  ];

  it.each(places.flatMap(([where, body, path]) => refused.map((url) => [where, url, body, path] as const)))(
    '%s: refuses %j with 422 naming the field',
    async (_where, url, body, path) => {
      const response = await update('owner@demo.test', t.ids.numbers.motorsService, body({ audio_url: url }));
      expect(response.statusCode, response.body).toBe(422);
      expect(fieldErrors(response)).toEqual({ [`${path}.audio_url`]: [GREETING_AUDIO_HTTPS] });
    },
  );

  it.each(places)('%s: keeps an https address, and a blank one means none', async (_where, body) => {
    const url = 'https://media.example.com/welcome.mp3?v=2';
    const saved = await update('owner@demo.test', t.ids.numbers.motorsService, body({ audio_url: url }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.stringify(saved.json<{ number: NumberDetail }>().number)).toContain(url);
    const blank = await update('owner@demo.test', t.ids.numbers.motorsService, body({ audio_url: '' }));
    expect(blank.statusCode, blank.body).toBe(200);
  });
});

describe('PUT /companies/{companyId}/triggers', () => {
  const put = (email: string, payload: unknown, companyId = t.ids.companies.demoMotors) =>
    t.as(email, { method: 'PUT', url: `/api/companies/${companyId}/triggers`, payload: payload as object });

  it('upserts and removes, answering the company’s triggers', async () => {
    const created = await put('owner@demo.test', {
      upsert: [
        {
          number_id: t.ids.numbers.motorsSales,
          event: 'voicemail.left',
          action: 'email',
          target: 'sales@demo.test',
        },
        {
          number_id: t.ids.numbers.motorsSales,
          event: 'call.answered',
          action: 'webhook',
          target: 'https://crm.example.com/hooks/calls',
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const all = created.json<{ data: Trigger[] }>().data;
    const added = all.filter((tr) => tr.number_id === t.ids.numbers.motorsSales);
    expect(added).toHaveLength(2);
    const [first, second] = added as [Trigger, Trigger];
    const changed = await put('owner@demo.test', {
      remove: [second.id],
      upsert: [{ ...first, target: 'bdc@demo.test' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed
      .json<{ data: Trigger[] }>()
      .data.filter((tr) => tr.number_id === t.ids.numbers.motorsSales);
    expect(after).toEqual([{ ...first, target: 'bdc@demo.test' }]);
    const detail = (await show('owner@demo.test', t.ids.numbers.motorsSales)).json<NumberDetail>();
    expect(detail.triggers).toEqual(after);
  });

  it('refuses another company’s numbers and triggers, and bad targets, field by field', async () => {
    const response = await put('owner@demo.test', {
      remove: [999_999],
      upsert: [
        { number_id: t.ids.numbers.otherMain, event: 'call.missed', action: 'email', target: 'a@b.test' },
        { number_id: t.ids.numbers.motorsMain, event: 'call.missed', action: 'webhook', target: 'not a url' },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual({ 'upsert.1.target': ['Enter an http(s) URL.'] });
    const second = await put('owner@demo.test', {
      remove: [999_999],
      upsert: [
        { number_id: t.ids.numbers.otherMain, event: 'call.missed', action: 'email', target: 'a@b.test' },
      ],
    });
    expect(fieldErrors(second)).toEqual({
      'remove.0': ['Trigger 999999 is not one of this company’s.'],
      'upsert.0.number_id': ['This is not a number of this company.'],
    });
  });

  it('404 for another company; 403 for an agent', async () => {
    expect((await put('owner@demo.test', {}, t.ids.companies.otherCo)).statusCode).toBe(404);
    expect((await put('agent@demo.test', {})).statusCode).toBe(403);
  });
});

describe('GET/PUT /companies/{companyId}/schedule', () => {
  const get = (email: string, companyId = t.ids.companies.demoMotors) =>
    t.as(email, { method: 'GET', url: `/api/companies/${companyId}/schedule` });
  const put = (email: string, payload: unknown, companyId = t.ids.companies.demoRealty) =>
    t.as(email, { method: 'PUT', url: `/api/companies/${companyId}/schedule`, payload: payload as object });

  it('answers the seeded business hours', async () => {
    const response = await get('agent@demo.test');
    expect(response.statusCode).toBe(200);
    expect(response.json<ScheduleView>()).toMatchObject({
      preset: 6,
      label: 'Business Hours',
      timezone: 'America/Chicago',
      mon_open_hour: '08:00',
      mon_close_hour: '19:00',
      sat_open_hour: '09:00',
      sun_open_hour: 'Closed',
      voicemail: false,
      blocks: [],
    });
  });

  it('replaces it: 12-hour times are read as 24-hour, blocks sorted by weekday', async () => {
    const response = await put('owner@demo.test', {
      preset: 4,
      timezone: 'America/New_York',
      mon_open_hour: '9:30 AM',
      mon_close_hour: '17:45',
      tue_open_hour: 'All Day',
      blocks: [{ days: ['sun', 'sat'], start: '10:00', end: '2:00 PM', user: true }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const schedule = response.json<ScheduleView>();
    expect(schedule).toMatchObject({
      preset: 4,
      label: 'Custom',
      mon_open_hour: '09:30',
      mon_close_hour: '17:45',
      tue_open_hour: 'All Day',
      wed_open_hour: null,
      blocks: [{ days: ['sat', 'sun'], start: '10:00', end: '14:00', timezone: null, user: true }],
    });
    expect((await get('owner@demo.test', t.ids.companies.demoRealty)).json<ScheduleView>()).toEqual(schedule);
    const voicemail = await put('owner@demo.test', { preset: 1, timezone: 'UTC', voicemail: true });
    expect(voicemail.json<ScheduleView>().label).toBe('Direct Voicemail');
  });

  it.each([
    ['a preset outside 1–6', { preset: 7, timezone: 'UTC' }, 'preset'],
    ['an unknown time zone', { preset: 1, timezone: 'Mars/Olympus' }, 'timezone'],
    [
      'a time of day that is none',
      { preset: 4, timezone: 'UTC', fri_close_hour: '5 o’clock' },
      'fri_close_hour',
    ],
    [
      'a block with no days',
      { preset: 4, timezone: 'UTC', blocks: [{ days: [], start: '09:00', end: '10:00' }] },
      'blocks.0.days',
    ],
    [
      'a block on a day that is none',
      { preset: 4, timezone: 'UTC', blocks: [{ days: ['fun'], start: '09:00', end: '10:00' }] },
      'blocks.0.days.0',
    ],
    [
      'a block that ends when it starts',
      { preset: 4, timezone: 'UTC', blocks: [{ days: ['mon'], start: '09:00', end: '9:00 AM' }] },
      'blocks.0.end',
    ],
    [
      'a block in an unknown zone',
      {
        preset: 4,
        timezone: 'UTC',
        blocks: [{ days: ['mon'], start: '09:00', end: '10:00', timezone: 'Nowhere' }],
      },
      'blocks.0.timezone',
    ],
  ])('refuses %s', async (_what, payload, field) => {
    const response = await put('owner@demo.test', payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(fieldErrors(response))).toEqual([field]);
  });

  it('404 for another company; 403 for an agent changing it (who may read it)', async () => {
    expect((await get('owner@demo.test', t.ids.companies.otherCo)).statusCode).toBe(404);
    expect(
      (await put('owner@demo.test', { preset: 1, timezone: 'UTC' }, t.ids.companies.otherCo)).statusCode,
    ).toBe(404);
    expect(
      (await put('agent@demo.test', { preset: 1, timezone: 'UTC' }, t.ids.companies.demoMotors)).statusCode,
    ).toBe(403);
    expect((await get('billing@demo.test')).statusCode).toBe(403);
  });
});
