/**
 * §7 activity: one call's §3 JSON (outcome and event labels, transcription, a signed recording that plays,
 * custom values), 404 across companies, roles; the calls search; the mixed feed's paging, filters, kinds and
 * the §9 two-year window.
 */
import type { ActivityRow, Call } from '@shared/api/activity';
import type { Paged } from '@shared/api/paged';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { calls, contacts, eavAttributes, eavValues, faxes, voicemails } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/testApp';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2026-11-21T12:00:00Z'));
});
afterAll(() => t.close());

const motors = () => t.ids.companies.demoMotors;
const getCall = (email: string, id: number) => t.as(email, { method: 'GET', url: `/api/calls/${id}` });
const feed = (body: Record<string, unknown>, email = 'agent@demo.test', companyId = motors()) =>
  t.as(email, { method: 'POST', url: `/api/activity?companyId=${companyId}`, payload: body });

async function transcribedCall() {
  const [row] = await t.ctx.db
    .select()
    .from(calls)
    .where(
      and(
        eq(calls.company_id, motors()),
        sql`${calls.transcription}->>'state' = 'complete'`,
        isNotNull(calls.recording_path),
      ),
    )
    .orderBy(desc(calls.started_at))
    .limit(1);
  if (!row) throw new Error('no transcribed call in the seed');
  return row;
}

describe('GET /calls/{id}', () => {
  it('gives the §3 call with labels, transcription, a playable recording and custom values', async () => {
    const row = await transcribedCall();
    const [field] = await t.ctx.db
      .insert(eavAttributes)
      .values({
        company_id: motors(),
        entity_type: 6,
        name: 'Deal size',
        key: 'deal_size',
        data_type: 'number',
      })
      .returning();
    await t.ctx.db.insert(eavValues).values({
      attribute_id: field?.id ?? 0,
      entity_type: 6,
      entity_id: row.id,
      company_id: motors(),
      value: 25000,
    });
    const response = await getCall('reporting@demo.test', row.id);
    expect(response.statusCode, response.body).toBe(200);
    const call = response.json<Call>();
    expect(call).toMatchObject({
      id: row.id,
      company_id: motors(),
      outcome: 1,
      outcome_label: 'Answered',
      caller: row.caller,
      called: row.called,
      number: { id: row.number_id, number: row.called },
      duration: row.duration,
      started_at: row.started_at.toISOString(),
      eavAttributeValues: [{ attribute_id: field?.id, value: 25000 }],
    });
    expect(call.events[0]).toEqual({ status: 1, label: 'Started', at: expect.any(String) });
    expect(call.events.map((event) => event.label)).toContain('Connected');
    expect(call.transcription).toMatchObject({ id: row.id, state: 'complete' });
    expect(call.transcription?.raw.length).toBeGreaterThan(0);
    expect(call.transcription?.raw.some((segment) => segment.speaker === 1)).toBe(true);
    expect(call.transcription?.raw.some((segment) => segment.speaker === 2)).toBe(true);
    const { agent, client } = call.transcription?.statistics ?? { agent: 0, client: 0 };
    expect(agent + client).toBe(100);
    expect(call.user?.name).toBeTruthy();

    const audio = await t.app.inject({ method: 'GET', url: call.recording_url ?? '' });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    const tampered = (call.recording_url ?? '').replace('/recordings/call/', '/recordings/voicemail/');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
  });

  it('answers 404 for another company’s call and 403 for billing', async () => {
    const [foreign] = await t.ctx.db
      .insert(calls)
      .values({
        company_id: t.ids.companies.otherCo,
        caller: '+13125550188',
        called: '+14155550120',
        started_at: new Date('2026-11-01T10:00:00Z'),
      })
      .returning();
    expect((await getCall('owner@demo.test', foreign?.id ?? 0)).statusCode).toBe(404);
    expect((await getCall('other@demo.test', foreign?.id ?? 0)).statusCode).toBe(200);
    const own = await transcribedCall();
    expect((await getCall('billing@demo.test', own.id)).statusCode).toBe(403);
    expect((await getCall('agent@demo.test', own.id)).statusCode).toBe(200);
    expect((await getCall('agent@demo.test', 999_999)).statusCode).toBe(404);
  });
});

describe('GET /calls/search', () => {
  it('finds calls by a number in any format and by contact name', async () => {
    const row = await transcribedCall();
    const digits = row.caller.slice(2);
    const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    const response = await t.as('agent@demo.test', {
      method: 'GET',
      url: `/api/calls/search?companyId=${motors()}&q=${encodeURIComponent(formatted)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Paged<Call>>();
    expect(page.data.map((call) => call.id)).toContain(row.id);
    expect(page.data.every((call) => call.caller === row.caller || call.called === row.caller)).toBe(true);

    const [withContact] = await t.ctx.db
      .select({ id: calls.id, name: contacts.name })
      .from(calls)
      .innerJoin(contacts, eq(contacts.id, calls.contact_id))
      .where(eq(calls.company_id, motors()))
      .limit(1);
    const byName = (
      await t.as('agent@demo.test', {
        method: 'GET',
        url: `/api/calls/search?companyId=${motors()}&q=${encodeURIComponent(withContact?.name ?? '')}&perPage=200`,
      })
    ).json<Paged<Call>>();
    expect(byName.data.every((call) => call.contact?.name === withContact?.name)).toBe(true);
    expect(byName.total).toBeGreaterThan(0);
  });

  it('scope=mine: the caller’s own calls and the inbound calls nobody took, nobody else’s', async () => {
    const agentId = t.ids.users['agent@demo.test'];
    const page = (
      await t.as('agent@demo.test', {
        method: 'GET',
        url: `/api/calls/search?companyId=${motors()}&scope=mine&perPage=200`,
      })
    ).json<Paged<Call>>();
    expect(page.total).toBeGreaterThan(0);
    for (const call of page.data) {
      const untaken = call.isInbound && (call.outcome === 2 || call.outcome === 3);
      expect(call.user?.id === agentId || untaken, JSON.stringify(call)).toBe(true);
    }
    expect(page.data.some((call) => call.user?.id === agentId)).toBe(true);
  });
});

describe('POST /activity', () => {
  it('pages mixed activity newest first with current_page, last_page, total', async () => {
    const first = await feed({ perPage: 20 });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<Paged<ActivityRow>>();
    const [callCount, vmCount, faxCount] = await Promise.all([
      t.ctx.db.$count(calls, eq(calls.company_id, motors())),
      t.ctx.db.$count(voicemails, eq(voicemails.company_id, motors())),
      t.ctx.db.$count(faxes, eq(faxes.company_id, motors())),
    ]);
    expect(page.total).toBeGreaterThan(callCount + vmCount + faxCount);
    expect(page).toMatchObject({ current_page: 1, last_page: Math.ceil(page.total / 20), per_page: 20 });
    const times = page.data.map((row) => row.at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await feed({ perPage: 20, page: 2 })).json<Paged<ActivityRow>>();
    expect(second.data[0]?.at && second.data[0].at <= (times.at(-1) ?? '')).toBe(true);
    const all = (await feed({ perPage: 200, page: 1 })).json<Paged<ActivityRow>>();
    expect(new Set(all.data.map((row) => row.type))).toEqual(
      new Set(['call', 'voicemail', 'message', 'fax']),
    );
  });

  it.each([
    ['every kind', {}],
    ['one number, searched by digits', { filters: { search: '312' } }],
    ['calls of two outcomes', { filters: { outcomes: [1, 2] } }],
  ])('pages of %s join up to the whole feed, in order, without gaps or repeats', async (_name, extra) => {
    const whole = (await feed({ ...extra, perPage: 200 })).json<Paged<ActivityRow>>();
    const pieces: ActivityRow[] = [];
    for (let page = 1; page <= Math.ceil(Math.min(whole.total, 200) / 9); page++) {
      const response = await feed({ ...extra, perPage: 9, page });
      expect(response.statusCode, response.body).toBe(200);
      const paged = response.json<Paged<ActivityRow>>();
      expect(paged.total).toBe(whole.total);
      pieces.push(...paged.data);
    }
    const key = (row: ActivityRow) => `${row.type}:${row.id}`;
    const covered = Math.min(whole.total, 200);
    expect(pieces.length).toBeGreaterThanOrEqual(covered);
    expect(pieces.slice(0, covered).map(key)).toEqual(whole.data.map(key));
  });

  it('keeps to the kinds asked for', async () => {
    const only = async (flags: Record<string, boolean>) =>
      (
        await feed({
          perPage: 200,
          checkCalls: false,
          checkVoicemails: false,
          checkMessages: false,
          checkFaxes: false,
          ...flags,
        })
      ).json<Paged<ActivityRow>>();
    const callsOnly = await only({ checkCalls: true });
    expect(callsOnly.total).toBe(await t.ctx.db.$count(calls, eq(calls.company_id, motors())));
    expect(callsOnly.data.every((row) => row.type === 'call' && row.outcome_label)).toBe(true);
    const vms = await only({ checkVoicemails: true });
    expect(vms.total).toBe(await t.ctx.db.$count(voicemails, eq(voicemails.company_id, motors())));
    expect(vms.data[0]?.recording_url).toMatch(/^\/api\/recordings\/voicemail\//);
    const faxRows = await only({ checkFaxes: true });
    expect(faxRows.total).toBe(15);
    expect(faxRows.data.every((row) => row.type === 'fax' && row.number?.id === t.ids.faxNumber)).toBe(true);
    const messages = await only({ checkMessages: true });
    expect(messages.data.every((row) => row.type === 'message')).toBe(true);
    expect(messages.total).toBeGreaterThan(0);
    expect((await only({})).total).toBe(0);
  });

  it('filters by numbers, dates, outcomes, contact and search', async () => {
    const sales = (await feed({ perPage: 200, filters: { numbers: [t.ids.numbers.motorsSales] } })).json<
      Paged<ActivityRow>
    >();
    expect(sales.total).toBeGreaterThan(0);
    expect(sales.data.every((row) => row.number?.id === t.ids.numbers.motorsSales)).toBe(true);

    const october = (
      await feed({ perPage: 200, tz: 'America/Chicago', filters: { from: '2026-10-01', to: '2026-10-07' } })
    ).json<Paged<ActivityRow>>();
    expect(october.total).toBeGreaterThan(0);
    expect(
      october.data.every(
        (row) => row.at >= '2026-10-01T05:00:00.000Z' && row.at < '2026-10-08T05:00:00.000Z',
      ),
    ).toBe(true);

    const missed = (await feed({ perPage: 200, filters: { outcomes: [2, 4] } })).json<Paged<ActivityRow>>();
    expect(missed.total).toBeGreaterThan(0);
    expect(missed.data.every((row) => row.type === 'call' && (row.outcome === 2 || row.outcome === 4))).toBe(
      true,
    );

    const [withContact] = await t.ctx.db
      .select({ id: contacts.id, name: contacts.name, number: contacts.number })
      .from(calls)
      .innerJoin(contacts, eq(contacts.id, calls.contact_id))
      .where(eq(calls.company_id, motors()))
      .limit(1);
    const theirs = (await feed({ perPage: 200, filters: { contact: withContact?.id } })).json<
      Paged<ActivityRow>
    >();
    expect(theirs.total).toBeGreaterThan(0);
    expect(theirs.data.every((row) => row.contact?.id === withContact?.id)).toBe(true);

    const byNumber = (
      await feed({ perPage: 200, filters: { search: (withContact?.number ?? '').replace('+1', '1-') } })
    ).json<Paged<ActivityRow>>();
    expect(byNumber.data.every((row) => row.remote === withContact?.number)).toBe(true);
    const byName = (await feed({ perPage: 200, filters: { search: withContact?.name } })).json<
      Paged<ActivityRow>
    >();
    expect(byName.data.every((row) => row.contact?.name === withContact?.name)).toBe(true);
    expect(byName.total).toBeGreaterThanOrEqual(theirs.total);
  });

  it('filters calls by agent and by tag (any of them, as spelt), leaving the other kinds out', async () => {
    const motorsCalls = await t.ctx.db
      .select({ id: calls.id, user_id: calls.user_id, tags: calls.tags })
      .from(calls)
      .where(eq(calls.company_id, motors()));
    const agent = t.ids.users['agent@demo.test'];
    const agents = (await feed({ perPage: 200, filters: { agents: [agent] } })).json<Paged<ActivityRow>>();
    const agentsCalls = motorsCalls.filter((row) => row.user_id === agent).map((row) => row.id);
    expect(agentsCalls.length).toBeGreaterThan(0);
    expect(agents.total).toBe(agentsCalls.length);
    expect(agents.data.every((row) => row.type === 'call' && agentsCalls.includes(row.id))).toBe(true);

    const tag = motorsCalls.find((row) => row.tags.length)?.tags[0] ?? '';
    const other = motorsCalls.flatMap((row) => row.tags).find((one) => one !== tag) ?? '';
    expect(tag && other).toBeTruthy();
    const tagged = (await feed({ perPage: 200, filters: { tags: [tag, other] } })).json<Paged<ActivityRow>>();
    const taggedCalls = motorsCalls.filter((row) => row.tags.includes(tag) || row.tags.includes(other));
    expect(tagged.total).toBe(taggedCalls.length);
    expect(tagged.data.every((row) => row.type === 'call')).toBe(true);
    // Tags match as spelt: another case is another tag.
    const shouted = (await feed({ filters: { tags: [tag.toUpperCase()] } })).json<Paged<ActivityRow>>();
    expect(shouted.total).toBe(motorsCalls.filter((row) => row.tags.includes(tag.toUpperCase())).length);
    expect((await feed({ filters: { tags: [''] } })).statusCode).toBe(422);
  });

  it('refuses a start beyond the two-year search window, naming the limit', async () => {
    const response = await feed({ filters: { from: '2024-11-01' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['filters.from'][0]).toMatch(/2 years/);
    expect((await feed({ filters: { from: '2024-11-22' } })).statusCode).toBe(200);
    expect((await feed({ filters: { from: '2026-11-02', to: '2026-11-01' } })).statusCode).toBe(422);
    expect((await feed({ filters: { outcomes: [9] } })).statusCode).toBe(422);
  });

  describe('narrowed to one contact: the timeline of the contact page (issue 17)', () => {
    /** The contact page's timeline asks for calls, voicemails and texts, a page of 20 at a time. */
    const timeline = (contact: number, page: number, email = 'agent@demo.test', companyId = motors()) =>
      feed({ page, perPage: 20, filters: { contact }, checkFaxes: false }, email, companyId);
    /** A contact of another company. */
    let foreign = 0;
    beforeAll(async () => {
      const [row] = await t.ctx.db
        .insert(contacts)
        .values({ company_id: t.ids.companies.otherCo, name: 'Olga Elsewhere', number: '+19715550188' })
        .returning({ id: contacts.id });
      foreign = row?.id ?? 0;
    });
    const busiestContact = async (companyId: number) => {
      const [row] = await t.ctx.db
        .select({ id: contacts.id })
        .from(calls)
        .innerJoin(contacts, eq(contacts.id, calls.contact_id))
        .where(eq(calls.company_id, companyId))
        .groupBy(contacts.id)
        .orderBy(desc(sql`count(*)`))
        .limit(1);
      if (!row) throw new Error('no contact with calls in the seed');
      return row.id;
    };

    it('gives only that person’s calls, voicemails and texts, newest first, page after page', async () => {
      const contact = await busiestContact(motors());
      const whole = (await feed({ perPage: 200, filters: { contact }, checkFaxes: false })).json<
        Paged<ActivityRow>
      >();
      expect(whole.total).toBeGreaterThan(0);
      expect(whole.data.every((row) => row.contact?.id === contact && row.type !== 'fax')).toBe(true);
      const times = whole.data.map((row) => row.at);
      expect(times).toEqual([...times].sort().reverse());
      const pages = await Promise.all(
        Array.from({ length: Math.ceil(Math.min(whole.total, 200) / 20) }, (_, index) =>
          timeline(contact, index + 1).then((response) => response.json<Paged<ActivityRow>>().data),
        ),
      );
      const key = (row: ActivityRow) => `${row.type}:${row.id}`;
      expect(pages.flat().map(key)).toEqual(whole.data.map(key));
    });

    it.each([
      {
        case: 'an agent, their company’s contact',
        email: 'agent@demo.test',
        contactOf: 'motors',
        status: 200,
      },
      { case: 'a reporting user', email: 'reporting@demo.test', contactOf: 'motors', status: 200 },
      { case: 'a billing user', email: 'billing@demo.test', contactOf: 'motors', status: 403 },
      // The feed keeps to the company asked about: another company's contact has nothing in it.
      { case: 'another company’s contact, in this company’s feed', contactOf: 'otherCo', status: 200 },
      {
        case: 'another company’s contact, asked of that company',
        contactOf: 'otherCo',
        askedOf: 'otherCo',
        status: 404,
      },
    ] as const)('$case → $status', async (row) => {
      const { contactOf, status } = row;
      const email = 'email' in row ? row.email : 'agent@demo.test';
      const askedOf = 'askedOf' in row ? t.ids.companies.otherCo : motors();
      const contact = contactOf === 'motors' ? await busiestContact(motors()) : foreign;
      expect(contact).toBeGreaterThan(0);
      const response = await timeline(contact, 1, email, askedOf);
      expect(response.statusCode, response.body).toBe(status);
      if (status !== 200) return;
      const page = response.json<Paged<ActivityRow>>();
      if (contactOf === 'motors') expect(page.data.length).toBeGreaterThan(0);
      else expect(page.total).toBe(0);
    });
  });

  it('is for roles that see activity, in their own company', async () => {
    expect((await feed({}, 'reporting@demo.test')).statusCode).toBe(200);
    expect((await feed({}, 'billing@demo.test')).statusCode).toBe(403);
    expect((await feed({}, 'agent@demo.test', t.ids.companies.otherCo)).statusCode).toBe(404);
  });
});
