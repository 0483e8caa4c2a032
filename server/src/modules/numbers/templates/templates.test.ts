/**
 * §7 Number templates against the real server: `/companies/{companyId}/numberTemplates` (GET, POST, DELETE with
 * numberTemplatesToRemove, GET/PUT by id) and `POST …/{id}/apply` — per-field refusals, §5's AI-extraction rule,
 * 404 across companies (nothing applied, nothing deleted), 403 by role, the audit record, and the routing engine
 * reading an applied template from the number.
 */

import { GREETING_AUDIO_HTTPS, type NumberDetail } from '@shared/api/numbers';
import type { NumberTemplate } from '@shared/api/numberTemplates';
import { TEMPLATE_NAME_TAKEN } from '@shared/domain/numberTemplates';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, greetings, memberships } from '../../../db/schema';
import { route as routeCall } from '../../../routing/engine';
import { createTestApp, fieldErrors, type TestApp } from '../../../testing/testApp';
import { routingConfigOf } from '../config/service/routing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const base = (companyId = t.ids.companies.demoMotors) => `/api/companies/${companyId}/numberTemplates`;
const create = (email: string, payload: object, companyId?: number) =>
  t.as(email, { method: 'POST', url: base(companyId), payload });
const update = (email: string, id: number, payload: object, companyId?: number) =>
  t.as(email, { method: 'PUT', url: `${base(companyId)}/${id}`, payload });
const show = (email: string, id: number, companyId?: number) =>
  t.as(email, { method: 'GET', url: `${base(companyId)}/${id}` });
const list = (email: string, companyId?: number) => t.as(email, { method: 'GET', url: base(companyId) });
const apply = (email: string, id: number, numberIds: number[], companyId?: number) =>
  t.as(email, { method: 'POST', url: `${base(companyId)}/${id}/apply`, payload: { number_ids: numberIds } });
const remove = (email: string, ids: number[], companyId?: number) =>
  t.as(email, { method: 'DELETE', url: base(companyId), payload: { numberTemplatesToRemove: ids } });
const number = async (id: number) =>
  (await t.as('owner@demo.test', { method: 'GET', url: `/api/numbers/list/${id}` })).json<NumberDetail>();

let serial = 0;
/** A template of Demo Motors (or `companyId`) made through the API. */
async function made(payload: object = {}, companyId?: number): Promise<NumberTemplate> {
  const email = companyId === t.ids.companies.otherCo ? 'other@demo.test' : 'owner@demo.test';
  const response = await create(email, { name: `Template ${++serial}`, ...payload }, companyId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<NumberTemplate>();
}

const SHOWROOM = {
  tags: ['showroom', 'google-ads'],
  routes: [
    { extension: 2, label: 'Service', type: 'standard', forwards: [{ number: '(312) 555-0171' }] },
    {
      label: 'Sales',
      type: 'simultaneous',
      forwards: [{ number: '+13125550172' }, { number: '3125550173', isValid: true }],
    },
  ],
  greeting: { text: 'Thanks for calling the showroom.' },
  menu: { default_extension: 1 },
  after_hours_extension: 2,
  voicemail: { email_alert_address: 'showroom@demo.test' },
  schedule: {
    preset: 2,
    timezone: 'America/Chicago',
    mon_open_hour: '09:00',
    mon_close_hour: '17:00',
  },
  sms_enabled: false,
  recording_enabled: true,
  call_transcription_enabled: false,
};

describe('POST /companies/{companyId}/numberTemplates', () => {
  it('creates a template with the number schemas’ defaults, extensions sorted, forwards normalised', async () => {
    const response = await create('admin@demo.test', { name: '  Showroom  ', ...SHOWROOM });
    expect(response.statusCode, response.body).toBe(201);
    const template = response.json<NumberTemplate>();
    expect(template).toMatchObject({
      company_id: t.ids.companies.demoMotors,
      name: 'Showroom',
      tags: ['showroom', 'google-ads'],
      greeting: { text: 'Thanks for calling the showroom.' },
      menu: { default_extension: 1 },
      after_hours_extension: 2,
      voicemail: { greeting: null, email_alert_address: 'showroom@demo.test' },
      schedule: { preset: 2, timezone: 'America/Chicago', label: 'Mon-Fri (9-5)' },
      sms_enabled: false,
      recording_enabled: true,
      call_transcription_enabled: false,
      ai_extraction_enabled: false,
      numbers_count: 0,
    });
    expect(template.routes.map((route) => [route.extension, route.label, route.type])).toEqual([
      [1, 'Sales', 'simultaneous'],
      [2, 'Service', 'standard'],
    ]);
    expect(template.routes[0]?.forwards).toEqual([
      { number: '+13125550172', state: null },
      { number: '+13125550173', state: null },
    ]);
    // §3 Default extension config fills what was not sent.
    expect(template.routes[1]).toMatchObject({ timeout: 20, caller_id_pass_thru: true, round_robin: 'none' });
  });

  it('a template with only a name: no extensions, the company’s hours, SMS on, nothing recorded', async () => {
    const template = await made();
    expect(template).toMatchObject({
      tags: [],
      routes: [],
      greeting: null,
      menu: {},
      after_hours_extension: null,
      schedule: null,
      sms_enabled: true,
      recording_enabled: false,
      call_transcription_enabled: false,
      ai_extraction_enabled: false,
    });
  });

  it('422 per field: a name is required, and unique in the company ignoring case', async () => {
    const nameless = await create('owner@demo.test', { sms_enabled: true });
    expect(nameless.statusCode).toBe(422);
    expect(fieldErrors(nameless).name).toEqual(['Give the template a name.']);
    const blank = await create('owner@demo.test', { name: '   ' });
    expect(fieldErrors(blank).name).toEqual(['Give the template a name.']);

    await made({ name: 'After hours' });
    const taken = await create('owner@demo.test', { name: 'AFTER HOURS' });
    expect(taken.statusCode).toBe(422);
    expect(fieldErrors(taken).name).toEqual([TEMPLATE_NAME_TAKEN]);
    // Another company may use the name.
    expect(
      (await create('other@demo.test', { name: 'After hours' }, t.ids.companies.otherCo)).statusCode,
    ).toBe(201);
  });

  it('422 per field: routes are checked with the number’s own schemas', async () => {
    const response = await create('owner@demo.test', {
      name: 'Broken',
      routes: [
        { extension: 1, type: 'simultaneous', forwards: [] },
        { extension: 1, type: 'standard', forwards: [{ number: 'not a phone' }] },
        { extension: 30 },
      ],
      after_hours_extension: 9,
    });
    expect(response.statusCode).toBe(422);
    const errors = fieldErrors(response);
    expect(errors['routes.0.forwards']).toEqual(['A simultaneous group needs at least one forward.']);
    expect(errors['routes.1.forwards.0.number']).toEqual(['Enter a valid phone number for this forward.']);
    expect(errors['routes.2.extension']?.[0]).toMatch(/An extension is 0 to 25/);
  });

  it('422: the after-hours extension and the menu default are extensions of the template', async () => {
    const response = await create('owner@demo.test', {
      name: 'Dangling',
      routes: [{ extension: 1, forwards: [{ number: '+13125550171' }] }],
      after_hours_extension: 4,
      menu: { default_extension: 3 },
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual({
      after_hours_extension: ['Extension 4 is not one of this number’s extensions.'],
      'menu.default_extension': ['Extension 3 is not one of this number’s extensions.'],
    });
  });

  it('422: a greeting or member of another company is refused, naming the field', async () => {
    const [foreign] = await t.ctx.db
      .insert(greetings)
      .values({ company_id: t.ids.companies.otherCo, name: 'Other’s greeting' })
      .returning();
    const response = await create('owner@demo.test', {
      name: 'Foreign parts',
      greeting: { greeting_id: foreign?.id },
      routes: [{ type: 'in-app-calling', members: [t.ids.users['other@demo.test']] }],
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(response)).sort()).toEqual(['greeting.greeting_id', 'routes.0.members.0']);
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'gopher://127.0.0.1:6379/_FLUSHALL',
    'http://media.example.com/welcome.mp3',
  ])(
    '422: a greeting audio address %j is refused, creating or changing a template (issue 33: https only)',
    async (url) => {
      const refusal = {
        'greeting.audio_url': [GREETING_AUDIO_HTTPS],
        'voicemail.greeting.audio_url': [GREETING_AUDIO_HTTPS],
        'routes.0.voicemail_greeting.audio_url': [GREETING_AUDIO_HTTPS],
      };
      const greetings = {
        greeting: { audio_url: url },
        voicemail: { greeting: { audio_url: url } },
        routes: [{ extension: 1, voicemail_greeting: { audio_url: url } }],
      };
      const created = await create('owner@demo.test', { name: `Audio ${url}`, ...greetings });
      expect(created.statusCode, created.body).toBe(422);
      expect(fieldErrors(created)).toEqual(refusal);
      const changed = await update('owner@demo.test', (await made()).id, greetings);
      expect(changed.statusCode, changed.body).toBe(422);
      expect(fieldErrors(changed)).toEqual(refusal);
    },
  );

  it('403 for an agent, reporting and billing user; 404 in another company', async () => {
    for (const email of ['agent@demo.test', 'reporting@demo.test', 'billing@demo.test'])
      expect((await create(email, { name: 'Nope' })).statusCode, email).toBe(403);
    expect((await create('owner@demo.test', { name: 'Nope' }, t.ids.companies.otherCo)).statusCode).toBe(404);
  });
});

describe('§5 "Updating a number template with AI extraction enabled drops the record and call transcription flags."', () => {
  it('a template created with AI extraction records and transcribes, whatever was sent for them', async () => {
    const template = await made({
      ai_extraction_enabled: true,
      recording_enabled: false,
      call_transcription_enabled: false,
    });
    expect(template).toMatchObject({
      ai_extraction_enabled: true,
      recording_enabled: true,
      call_transcription_enabled: true,
    });
  });

  it('updating an AI template drops the flags sent; turning AI off gives them back to the person', async () => {
    const template = await made({ ai_extraction_enabled: true });
    const dropped = await update('owner@demo.test', template.id, {
      recording_enabled: false,
      call_transcription_enabled: false,
      sms_enabled: false,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json<NumberTemplate>()).toMatchObject({
      ai_extraction_enabled: true,
      recording_enabled: true,
      call_transcription_enabled: true,
      sms_enabled: false,
    });

    const off = await update('owner@demo.test', template.id, {
      ai_extraction_enabled: false,
      recording_enabled: false,
    });
    expect(off.json<NumberTemplate>()).toMatchObject({
      ai_extraction_enabled: false,
      recording_enabled: false,
      call_transcription_enabled: true,
    });
  });
});

describe('GET and PUT /companies/{companyId}/numberTemplates/{id}', () => {
  it('an agent reads it; a change keeps what it does not send', async () => {
    const template = await made(SHOWROOM);
    const read = await show('agent@demo.test', template.id);
    expect(read.statusCode).toBe(200);
    expect(read.json<NumberTemplate>()).toEqual(template);

    const renamed = await update('admin@demo.test', template.id, {
      name: 'Showroom weekdays',
      schedule: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = renamed.json<NumberTemplate>();
    expect(after).toMatchObject({ name: 'Showroom weekdays', schedule: null, after_hours_extension: 2 });
    expect(after.routes).toEqual(template.routes);
    expect(Date.parse(after.updated_at)).toBeGreaterThanOrEqual(Date.parse(template.updated_at));
  });

  it('renaming to another template’s name is refused; to its own name in other case is fine', async () => {
    const first = await made({ name: 'Lot A' });
    const second = await made({ name: 'Lot B' });
    const clash = await update('owner@demo.test', second.id, { name: 'lot a' });
    expect(clash.statusCode).toBe(422);
    expect(fieldErrors(clash).name).toEqual([TEMPLATE_NAME_TAKEN]);
    expect((await update('owner@demo.test', first.id, { name: 'LOT A' })).statusCode).toBe(200);
  });

  it('removing the extension the after-hours one points at is refused', async () => {
    const template = await made(SHOWROOM);
    const response = await update('owner@demo.test', template.id, {
      routes: [{ extension: 1, forwards: [{ number: '+13125550171' }] }],
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).after_hours_extension).toBeDefined();
  });

  it('404 for another company’s template, through either company; 403 for billing; 403 to change as agent', async () => {
    const foreign = await made({}, t.ids.companies.otherCo);
    expect((await show('owner@demo.test', foreign.id)).statusCode).toBe(404);
    expect((await show('owner@demo.test', foreign.id, t.ids.companies.otherCo)).statusCode).toBe(404);
    expect((await update('owner@demo.test', foreign.id, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await show('owner@demo.test', 999_999)).statusCode).toBe(404);
    const own = await made();
    expect((await show('billing@demo.test', own.id)).statusCode).toBe(403);
    expect((await update('agent@demo.test', own.id, { name: 'x' })).statusCode).toBe(403);
    expect((await show('other@demo.test', foreign.id, t.ids.companies.otherCo)).statusCode).toBe(200);
  });
});

describe('POST /companies/{companyId}/numberTemplates/{id}/apply', () => {
  it('writes the configuration onto the numbers in one go: routing, hours, switches; tags merged, labels kept', async () => {
    const template = await made({ ...SHOWROOM, ai_extraction_enabled: true });
    const before = await number(t.ids.numbers.motorsSales);
    const response = await apply('admin@demo.test', template.id, [
      t.ids.numbers.motorsSales,
      t.ids.numbers.motorsService,
      t.ids.numbers.motorsSales,
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'The template was applied to 2 numbers.', updated: 2 });

    for (const id of [t.ids.numbers.motorsSales, t.ids.numbers.motorsService]) {
      const after = await number(id);
      expect(after.routes).toEqual(template.routes);
      expect(after).toMatchObject({
        greeting: { text: 'Thanks for calling the showroom.' },
        menu: { default_extension: 1 },
        after_hours_extension: 2,
        voicemail: { email_alert_address: 'showroom@demo.test' },
        schedule: { preset: 2, timezone: 'America/Chicago' },
        sms_enabled: false,
        // §5: an AI-extraction template records and transcribes.
        recording_enabled: true,
        call_transcription_enabled: true,
      });
      expect(after.tags).toEqual(expect.arrayContaining(['showroom', 'google-ads']));
    }
    const sales = await number(t.ids.numbers.motorsSales);
    expect(sales.label).toBe(before.label);
    expect(sales.tags.slice(0, before.tags.length)).toEqual(before.tags);

    const listed = (await list('reporting@demo.test')).json<{ data: NumberTemplate[] }>().data;
    expect(listed.find((row) => row.id === template.id)?.numbers_count).toBe(2);

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'number-template-applied'),
          eq(auditLog.company_id, t.ids.companies.demoMotors),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      actor_id: t.ids.users['admin@demo.test'],
      detail: {
        template_id: template.id,
        template_name: template.name,
        number_ids: [t.ids.numbers.motorsSales, t.ids.numbers.motorsService].sort((a, b) => a - b),
        ai_extraction_enabled: true,
      },
    });
  });

  it('the routing engine routes the next call by the template', async () => {
    const template = await made({
      routes: [
        { extension: 1, label: 'Front desk', type: 'standard', forwards: [{ number: '+13125550199' }] },
      ],
      schedule: { preset: 1, timezone: 'America/Chicago' },
    });
    expect((await apply('owner@demo.test', template.id, [t.ids.numbers.motorsTollFree])).statusCode).toBe(
      200,
    );
    const shown = await number(t.ids.numbers.motorsTollFree);
    expect(shown.routes.map((route) => route.forwards)).toEqual([[{ number: '+13125550199', state: null }]]);

    const config = await routingConfigOf(t.ctx.db, t.ids.numbers.motorsTollFree);
    if (!config) throw new Error('no routing config');
    const decision = routeCall({
      ...config,
      agents: [],
      roundRobin: {},
      caller: { number: '+16465550142' },
      now: new Date('2026-11-22T09:00:00Z'),
      step: { kind: 'start' },
    });
    expect(decision.action).toMatchObject({ type: 'dial' });
    const targets = decision.action.type === 'dial' ? decision.action.targets : [];
    expect(targets).toEqual([{ kind: 'number', number: '+13125550199' }]);
  });

  it('another company’s number among them: 404 and not applied to any', async () => {
    const template = await made({ tags: ['never-applied'], sms_enabled: false });
    const before = await number(t.ids.numbers.motorsMain);
    const response = await apply('owner@demo.test', template.id, [
      t.ids.numbers.motorsMain,
      t.ids.numbers.otherMain,
    ]);
    expect(response.statusCode).toBe(404);
    const after = await number(t.ids.numbers.motorsMain);
    expect(after).toEqual(before);
    expect(after.tags).not.toContain('never-applied');
    expect((await show('owner@demo.test', template.id)).json<NumberTemplate>().numbers_count).toBe(0);
    // And a number that does not exist.
    expect((await apply('owner@demo.test', template.id, [999_999])).statusCode).toBe(404);
  });

  it('another company’s template: 404; an empty selection: 422; an agent: 403', async () => {
    const foreign = await made({}, t.ids.companies.otherCo);
    expect((await apply('owner@demo.test', foreign.id, [t.ids.numbers.motorsMain])).statusCode).toBe(404);
    const own = await made();
    const empty = await apply('owner@demo.test', own.id, []);
    expect(empty.statusCode).toBe(422);
    expect(fieldErrors(empty).number_ids).toEqual(['Choose at least one number.']);
    expect((await apply('agent@demo.test', own.id, [t.ids.numbers.motorsMain])).statusCode).toBe(403);
  });

  it('a member the template rings who has since been deactivated: 422, nothing written', async () => {
    const agent2 = t.ids.users['agent2@demo.test'] ?? 0;
    const template = await made({ routes: [{ type: 'in-app-calling', members: [agent2] }] });
    await t.ctx.db
      .update(memberships)
      .set({ role: 'deactivated' })
      .where(and(eq(memberships.user_id, agent2), eq(memberships.company_id, t.ids.companies.demoMotors)));
    await t.ctx.callers.usersChanged([agent2]);
    try {
      const before = await number(t.ids.numbers.motorsInApp);
      const response = await apply('owner@demo.test', template.id, [t.ids.numbers.motorsInApp]);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(fieldErrors(response))).toEqual(['routes.0.members.0']);
      expect(await number(t.ids.numbers.motorsInApp)).toEqual(before);
    } finally {
      await t.ctx.db
        .update(memberships)
        .set({ role: 'user' })
        .where(and(eq(memberships.user_id, agent2), eq(memberships.company_id, t.ids.companies.demoMotors)));
      await t.ctx.callers.usersChanged([agent2]);
    }
  });
});

describe('GET and DELETE /companies/{companyId}/numberTemplates', () => {
  it('lists the company’s templates by name, no other company’s', async () => {
    await made({ name: 'zz last' });
    await made({ name: 'AA first' });
    const response = await list('agent@demo.test');
    expect(response.statusCode).toBe(200);
    const names = response.json<{ data: NumberTemplate[] }>().data.map((row) => row.name);
    expect(names[0]).toBe('AA first');
    expect(names.at(-1)).toBe('zz last');
    expect([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(names);
    const others = (await list('other@demo.test', t.ids.companies.otherCo)).json<{
      data: NumberTemplate[];
    }>();
    expect(others.data.every((row) => row.company_id === t.ids.companies.otherCo)).toBe(true);
    expect((await list('billing@demo.test')).statusCode).toBe(403);
  });

  it('with another company’s template among them: 404 and none deleted', async () => {
    const own = await made();
    const foreign = await made({}, t.ids.companies.otherCo);
    const response = await remove('owner@demo.test', [own.id, foreign.id]);
    expect(response.statusCode).toBe(404);
    expect((await show('owner@demo.test', own.id)).statusCode).toBe(200);
    expect((await show('other@demo.test', foreign.id, t.ids.companies.otherCo)).statusCode).toBe(200);
  });

  it('deletes the company’s templates; numbers keep their configuration and forget the template', async () => {
    const template = await made({
      routes: [{ extension: 3, label: 'Kept', forwards: [{ number: '+13125550188' }] }],
    });
    const spare = await made();
    await apply('owner@demo.test', template.id, [t.ids.numbers.realtyMain]).then((r) =>
      expect(r.statusCode).toBe(404),
    );
    expect((await apply('owner@demo.test', template.id, [t.ids.numbers.motorsService])).statusCode).toBe(200);
    expect((await remove('agent@demo.test', [template.id])).statusCode).toBe(403);
    const response = await remove('admin@demo.test', [template.id, spare.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: '2 templates were deleted.', removed: 2 });
    expect((await show('owner@demo.test', template.id)).statusCode).toBe(404);
    const kept = await number(t.ids.numbers.motorsService);
    expect(kept.routes.map((route) => route.label)).toEqual(['Kept']);
    const again = await made();
    expect(again.numbers_count).toBe(0);
  });

  it('422 for an empty list', async () => {
    const response = await remove('owner@demo.test', []);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).numberTemplatesToRemove).toEqual(['Choose at least one template.']);
  });
});
