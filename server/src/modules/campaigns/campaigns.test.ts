/**
 * §7 Campaigns through the real app: saving (§5 sendability server-side, each unmet condition a 422 on its field;
 * a draft needs only a title), the list (display-state filter, title search, sort, paging, groups), one
 * campaign, the change rules (409 once a send has started or ended), delete (soft; a sending campaign is
 * cancelled with §8's message), pause and resume, the events list, attachments by signed URL, and another
 * company's campaign answering 404 on every route about one campaign. The demo seed's campaigns
 * (seed/campaigns.ts) are the sent, paused, failed, scheduled and draft ones read here.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CAMPAIGN_ENDPOINTS,
  CAMPAIGN_MESSAGES,
  type Campaign,
  type CampaignEvent,
} from '@shared/api/campaigns';
import type { Paged } from '@shared/api/paged';
import {
  CAMPAIGN_BLOCKERS,
  DEFAULT_DYNAMIC_FIELDS,
  DEFAULT_UNSUBSCRIBE_TEXT,
  TEXT_ERRORS,
} from '@shared/domain/campaigns';
import { channels, EVENTS } from '@shared/realtime';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { campaignRecipients, campaigns, contactGroups, jobs } from '../../db/schema';
import { fieldErrors, publishedEvents, sharedTestAppWithFiles } from '../../testing/testApp';
import { findOrCreateConversation } from '../conversations/store';
import { multipart, type Part, TINY_PNG } from '../messaging/testing';
import { CAMPAIGN_SEND_JOB } from './engine';
import { SEND_MESSAGES } from './engine/send';
import { campaignMediaForCarrier } from './media';
import { SAVE_MESSAGES } from './service/save';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = sharedTestAppWithFiles();
const events = publishedEvents(t);

const ADMIN = 'admin@demo.test';
let motors: number;
let otherCo: number;
let spring: number;
let service: number;
let mainLine: number;
const seeded = () => t.ids.campaigns;

beforeAll(async () => {
  motors = t.ids.companies.demoMotors;
  otherCo = t.ids.companies.otherCo;
  mainLine = t.ids.numbers.motorsMain;
  const groups = await t.ctx.db.select().from(contactGroups).where(eq(contactGroups.company_id, motors));
  spring = groups.find((group) => group.name === 'Spring sales event')?.id ?? 0;
  service = groups.find((group) => group.name === 'Service reminders')?.id ?? 0;
});

const inAnHour = () => new Date(t.ctx.now().getTime() + 3_600_000).toISOString();

/** A campaign every condition of §5 holds for, as multipart fields. */
function sendable(overrides: Record<string, string | string[] | null> = {}): Part[] {
  const fields: Record<string, string | string[] | null> = {
    title: 'Cmp Sendable',
    text: 'Hi %%first_name%%, our service bay has openings this week.',
    unsubscribe_text: DEFAULT_UNSUBSCRIBE_TEXT,
    'groups[]': [String(spring)],
    number_id: String(mainLine),
    should_be_sent_at: inAnHour(),
    state: 'queued',
    ...overrides,
  };
  return Object.entries(fields).flatMap(([name, value]): Part[] => {
    if (value === null) return [];
    return Array.isArray(value) ? value.map((one): Part => [name, one]) : [[name, value]];
  });
}

async function post(url: string, parts: Part[], email = ADMIN) {
  const body = await multipart(parts);
  return t.as(email, { method: 'POST', url, payload: body.payload, headers: body.headers });
}

const create = (parts: Part[], email = ADMIN, company = motors) =>
  post(`/api/campaigns?company_id=${company}`, parts, email);

async function created(parts: Part[], email = ADMIN, company = motors): Promise<Campaign> {
  const response = await create(parts, email, company);
  expect(response.statusCode, response.body).toBe(201);
  return CAMPAIGN_ENDPOINTS.create.response.parse(response.json());
}

const update = (id: number, parts: Part[], email = ADMIN) =>
  post(`/api/campaigns/${id}`, [['_method', 'PATCH'], ...parts], email);

async function get(id: number, email = ADMIN) {
  return t.as(email, { method: 'GET', url: `/api/campaigns/${id}` });
}

async function list(query: string, email = ADMIN): Promise<Paged<Campaign>> {
  const response = await t.as(email, { method: 'GET', url: `/api/campaigns?company_id=${motors}&${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return CAMPAIGN_ENDPOINTS.list.response.parse(response.json());
}

async function eventsOf(id: number, query = ''): Promise<Paged<CampaignEvent>> {
  const response = await t.as(ADMIN, { method: 'GET', url: `/api/campaigns/${id}/events?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return CAMPAIGN_ENDPOINTS.events.response.parse(response.json());
}

async function row(id: number) {
  const [found] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!found) throw new Error(`campaign ${id} missing`);
  return found;
}

async function sendJobs(id: number) {
  return t.ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, CAMPAIGN_SEND_JOB)))
    .then((all) => all.filter((job) => job.key.startsWith(`${id}:`)));
}

describe('the demo seed', () => {
  it('has a sent, paused, failed, scheduled and draft campaign, with ledgers whose counts the engine took', async () => {
    const ids = seeded();
    const states = await Promise.all(
      [ids.sent, ids.paused, ids.failed, ids.scheduled, ids.draft].map(async (id) => {
        const response = await get(id);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<Campaign>();
      }),
    );
    expect(states.map((campaign) => campaign.display_state)).toEqual([
      'sent',
      'paused',
      'failed',
      'scheduled',
      'draft',
    ]);
    const [sent, paused, failed, scheduled] = states as [Campaign, Campaign, Campaign, Campaign];
    expect(sent.delivered_count).toBeGreaterThan(sent.sent_count * 0.8);
    expect(sent.undelivered_count).toBeGreaterThan(0);
    expect(sent.responded_count).toBeGreaterThan(0);
    expect(sent.unsubscriber_count).toBe(1);
    expect(sent.skipped_count).toBeGreaterThan(0);
    expect(sent.pending_count).toBe(0);
    expect(paused).toMatchObject({ state_reason: null });
    expect(paused.pending_count).toBeGreaterThan(0);
    expect(paused.sent_count).toBeGreaterThan(0);
    expect(failed.state_reason).toBe(SEND_MESSAGES.numberNoSms);
    expect(failed.failed_count).toBeGreaterThan(0);
    expect(scheduled.preview_count).toBeGreaterThan(0);
    expect(new Date(scheduled.should_be_sent_at ?? 0).getTime()).toBeGreaterThan(Date.now());
    // Its send job waits for its time.
    const [job] = await sendJobs(scheduled.id);
    expect(job).toMatchObject({ state: 'queued', run_at: new Date(scheduled.should_be_sent_at ?? '') });
  });
});

describe('POST /campaigns: §5 sendability, each unmet condition a 422 on its field', () => {
  let otherGroup: number;
  beforeAll(async () => {
    const [group] = await t.ctx.db
      .insert(contactGroups)
      .values({ company_id: otherCo, name: 'Cmp Other Co group' })
      .returning();
    otherGroup = group?.id ?? 0;
  });

  it.each<[string, () => Record<string, string | string[] | null>, string, string]>([
    ['no title', () => ({ title: '' }), 'title', CAMPAIGN_BLOCKERS.title],
    ['a blank title', () => ({ title: '   ' }), 'title', CAMPAIGN_BLOCKERS.title],
    ['no message', () => ({ text: '' }), 'text', CAMPAIGN_BLOCKERS.text],
    [
      'no unsubscribe text',
      () => ({ unsubscribe_text: ' ' }),
      'unsubscribe_text',
      CAMPAIGN_BLOCKERS.unsubscribeText,
    ],
    ['no group', () => ({ 'groups[]': null }), 'groups', CAMPAIGN_BLOCKERS.group],
    ['no number', () => ({ number_id: null }), 'number_id', CAMPAIGN_BLOCKERS.number],
    [
      'a delivery time in the past',
      () => ({ should_be_sent_at: new Date(t.ctx.now().getTime() - 60_000).toISOString() }),
      'should_be_sent_at',
      CAMPAIGN_BLOCKERS.pastDeliveryTime,
    ],
    [
      'message and unsubscribe text over 1000 characters (SMS)',
      () => ({ text: 'x'.repeat(990) }),
      'text',
      TEXT_ERRORS.sms,
    ],
    [
      'a dynamic field counted at its budget, not its tag',
      () => ({
        text: `${'x'.repeat(900)}%%model%%`,
        dynamic_fields: JSON.stringify([{ name: 'Model', tag: '%%model%%', length: 100 }]),
      }),
      'text',
      TEXT_ERRORS.sms,
    ],
    [
      'a link when the company has no links',
      () => ({ text: 'See https://demo-motors.test/spring' }),
      'text',
      CAMPAIGN_BLOCKERS.links,
    ],
    [
      'another company’s group',
      () => ({ 'groups[]': [String(otherGroup)] }),
      'groups',
      SAVE_MESSAGES.notOwnGroup,
    ],
    [
      'another company’s number',
      () => ({ number_id: String(t.ids.numbers.otherMain) }),
      'number_id',
      SAVE_MESSAGES.notOwnNumber,
    ],
    [
      'a number that cannot text (fax)',
      () => ({ number_id: String(t.ids.faxNumber) }),
      'number_id',
      SAVE_MESSAGES.notSmsNumber,
    ],
  ])('queued with %s → 422 on %s', async (_case, overrides, field, message) => {
    const response = await create(sendable(overrides()));
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response)[field]).toEqual([message]);
  });

  it('an MMS over 1000 characters says MMS', async () => {
    const response = await create([
      ...sendable({ text: 'x'.repeat(990) }),
      ['media[]', TINY_PNG, 'car.png', 'image/png'],
    ]);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).text).toEqual([TEXT_ERRORS.mms]);
  });

  it('names every unmet condition at once', async () => {
    const response = await create([['state', 'queued']]);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual({
      title: [CAMPAIGN_BLOCKERS.title],
      text: [CAMPAIGN_BLOCKERS.text],
      groups: [CAMPAIGN_BLOCKERS.group],
      number_id: [CAMPAIGN_BLOCKERS.number],
    });
  });

  it.each<[string, Part[], string]>([
    [
      'an unknown state',
      [
        ['title', 'Cmp'],
        ['state', 'sending'],
      ],
      'state',
    ],
    [
      'a time that is no time',
      [
        ['title', 'Cmp'],
        ['should_be_sent_at', 'tomorrow'],
      ],
      'should_be_sent_at',
    ],
    ['a title over 200 characters', [['title', 'x'.repeat(201)]], 'title'],
    [
      'a group id that is no id',
      [
        ['title', 'Cmp'],
        ['groups[]', 'abc'],
      ],
      'groups.0',
    ],
    [
      'dynamic fields that are not fields',
      [
        ['title', 'Cmp'],
        ['dynamic_fields', '[{"name":"A"}]'],
      ],
      'dynamic_fields.0.tag',
    ],
    [
      'another company in the fields',
      [
        ['title', 'Cmp'],
        ['company_id', '999'],
      ],
      'company_id',
    ],
  ])('refuses %s (422 on %s)', async (_case, parts, field) => {
    const response = await create(parts);
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response)[field]).toBeTruthy();
  });

  it('a draft needs only a title: it gets the default unsubscribe text and dynamic fields', async () => {
    const campaign = await created([
      ['title', 'Cmp Only a title'],
      ['state', 'draft'],
    ]);
    expect(campaign).toMatchObject({
      title: 'Cmp Only a title',
      state: 'draft',
      display_state: 'draft',
      text: '',
      unsubscribe_text: DEFAULT_UNSUBSCRIBE_TEXT,
      dynamic_fields: [...DEFAULT_DYNAMIC_FIELDS],
      user_id: t.ids.users[ADMIN],
      company_id: motors,
      group_ids: [],
      number_id: null,
      preview_count: 0,
      media: [],
    });
    // With no state at all it is a draft too; without a title it is not saved.
    expect((await created([['title', 'Cmp No state']])).state).toBe('draft');
    const untitled = await create([
      ['state', 'draft'],
      ['text', 'Hello'],
    ]);
    expect(untitled.statusCode).toBe(422);
    expect(fieldErrors(untitled)).toEqual({ title: [CAMPAIGN_BLOCKERS.title] });
  });

  it('a draft may carry a past time and a link: only sending needs those right', async () => {
    const campaign = await created(
      sendable({
        state: 'draft',
        text: 'See https://demo-motors.test',
        should_be_sent_at: '2020-01-01T10:00:00Z',
      }),
    );
    expect(campaign.display_state).toBe('draft');
  });

  it('a sendable campaign is queued with its send job at its time, its preview counted, and published', async () => {
    events.length = 0;
    const campaign = await created(
      sendable({ title: 'Cmp Queued', 'groups[]': [String(spring), String(service)] }),
    );
    expect(campaign).toMatchObject({
      state: 'queued',
      display_state: 'scheduled',
      group_ids: [spring, service],
    });
    expect(campaign.preview_count).toBeGreaterThan(0);
    expect(campaign.preview_credits).toBeGreaterThanOrEqual(campaign.preview_count);
    const [job] = await sendJobs(campaign.id);
    expect(job).toMatchObject({ state: 'queued', key: `${campaign.id}:1` });
    expect(job?.run_at.toISOString()).toBe(campaign.should_be_sent_at);
    expect(events).toContainEqual({
      channel: channels.campaigns(motors),
      event: EVENTS.campaignsUpdated,
      payload: { campaign: expect.objectContaining({ id: campaign.id, state: 'queued' }) },
    });
  });

  it('accepts JSON without files', async () => {
    const response = await t.as(ADMIN, {
      method: 'POST',
      url: `/api/campaigns?company_id=${motors}`,
      payload: { title: 'Cmp JSON', groups: [spring], skip_inbox: true, include: 'groups' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const campaign = response.json<Campaign>();
    expect(campaign).toMatchObject({ skip_inbox: true, group_ids: [spring] });
    expect(campaign.groups?.[0]).toMatchObject({ id: spring, name: 'Spring sales event' });
  });

  it('a reporting user may read but not create', async () => {
    expect((await create([['title', 'Cmp Reporting']], 'reporting@demo.test')).statusCode).toBe(403);
    expect((await get(seeded().sent, 'reporting@demo.test')).statusCode).toBe(200);
  });
});

describe('GET /campaigns', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    for (const title of ['Lst Alpha', 'Lst beta', 'Lst Gamma 100% off', 'Lst delta_under']) {
      ids[title] = (await created([['title', title]])).id;
    }
    ids.deleted = (await created([['title', 'Lst Deleted']])).id;
    await t.as(ADMIN, { method: 'DELETE', url: `/api/campaigns/${ids.deleted}` });
    // Queued and due (written directly: no send job runs here), so it shows in progress.
    const [due] = await t.ctx.db
      .insert(campaigns)
      .values({
        company_id: motors,
        title: 'Lst Now',
        state: 'queued',
        should_be_sent_at: new Date(Date.now() - 60_000),
      })
      .returning();
    ids.now = due?.id ?? 0;
  });

  it('pages 13 by default, newest first, without deleted campaigns', async () => {
    const page = await list('');
    expect(page.per_page).toBe(13);
    expect(page.current_page).toBe(1);
    const times = page.data.map((campaign) => campaign.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const all = await list('size=100');
    expect(all.data.map((campaign) => campaign.id)).not.toContain(ids.deleted);
    expect(all.total).toBe(all.data.length);
    expect(all.data.every((campaign) => campaign.company_id === motors)).toBe(true);
  });

  it.each([
    ['draft', (c: Campaign) => c.state === 'draft' || c.state === 'pending'],
    ['scheduled', (c: Campaign) => c.state === 'queued' && new Date(c.should_be_sent_at ?? 0) > new Date()],
    [
      'in-progress',
      (c: Campaign) =>
        c.state === 'sending' || (c.state === 'queued' && new Date(c.should_be_sent_at ?? 0) <= new Date()),
    ],
    ['paused', (c: Campaign) => c.state === 'paused'],
    ['sent', (c: Campaign) => c.state === 'sent'],
    ['failed', (c: Campaign) => c.state === 'failed'],
  ])('filter=%s shows what the list displays as that', async (filter, holds) => {
    const page = await list(`filter=${filter}&size=100`);
    expect(page.data.length).toBeGreaterThan(0);
    for (const campaign of page.data) {
      expect(campaign.display_state).toBe(filter);
      expect(holds(campaign), campaign.title).toBe(true);
    }
    const everything = await list('size=100&filter=all');
    expect(page.total).toBe(everything.data.filter((campaign) => campaign.display_state === filter).length);
  });

  it('in-progress includes a queued campaign whose time has come', async () => {
    const page = await list('filter=in-progress&size=100');
    expect(page.data.map((campaign) => campaign.id)).toContain(ids.now);
  });

  it('searches titles in any letter case; % and _ are plain characters', async () => {
    expect((await list('search=lst%20BETA')).data.map((c) => c.title)).toEqual(['Lst beta']);
    expect((await list('search=%25')).data.map((c) => c.title)).toEqual(['Lst Gamma 100% off']);
    expect((await list('search=_')).data.map((c) => c.title)).toEqual(['Lst delta_under']);
    expect((await list('search=nothing%20like%20this')).total).toBe(0);
  });

  it('sorts by title either way and pages', async () => {
    const asc = await list('search=Lst&sort=title&dir=asc');
    expect(asc.data.map((c) => c.title)).toEqual([
      'Lst Alpha',
      'Lst beta',
      'Lst delta_under',
      'Lst Gamma 100% off',
      'Lst Now',
    ]);
    const desc = await list('search=Lst&sort=title&dir=desc&size=2&page=2');
    expect(desc).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    expect(desc.data.map((c) => c.title)).toEqual(['Lst delta_under', 'Lst beta']);
    const beyond = await list('search=Lst&size=2&page=9');
    expect(beyond.data).toEqual([]);
  });

  it('sorts by delivery time with campaigns without one last', async () => {
    const page = await list('sort=should_be_sent_at&dir=asc&size=100');
    const times = page.data.map((c) => c.should_be_sent_at);
    const firstNull = times.indexOf(null);
    expect(firstNull).toBeGreaterThan(0);
    expect(times.slice(firstNull).every((time) => time === null)).toBe(true);
    const set = times.slice(0, firstNull) as string[];
    expect(set).toEqual([...set].sort());
  });

  it('include=groups adds each campaign’s groups with their counts', async () => {
    const page = await list('include=groups&filter=sent');
    const sent = page.data.find((campaign) => campaign.id === seeded().sent);
    expect(sent?.groups).toEqual([
      expect.objectContaining({ id: service, name: 'Service reminders', active_count: expect.any(Number) }),
    ]);
    expect((await list('filter=sent')).data[0]?.groups).toBeUndefined();
  });

  it.each(['filter=soon', 'sort=colour', 'dir=up', 'size=0', 'page=0'])('refuses %s', async (query) => {
    const response = await t.as(ADMIN, {
      method: 'GET',
      url: `/api/campaigns?company_id=${motors}&${query}`,
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('GET /campaigns/{id}', () => {
  it('answers the campaign, with its groups when asked', async () => {
    const response = await t.as(ADMIN, {
      method: 'GET',
      url: `/api/campaigns/${seeded().sent}?include=groups`,
    });
    expect(response.statusCode).toBe(200);
    const campaign = CAMPAIGN_ENDPOINTS.get.response.parse(response.json());
    expect(campaign).toMatchObject({
      id: seeded().sent,
      title: 'October service special',
      number: { id: t.ids.numbers.motorsService, number: '+13125550102', label: 'Service' },
      groups: [expect.objectContaining({ id: service })],
    });
  });

  it('a deleted campaign is not found', async () => {
    const campaign = await created([['title', 'Get Deleted']]);
    expect((await t.as(ADMIN, { method: 'DELETE', url: `/api/campaigns/${campaign.id}` })).statusCode).toBe(
      200,
    );
    expect((await get(campaign.id)).statusCode).toBe(404);
  });
});

describe('POST /campaigns/{id} (_method=PATCH): what may change, and when', () => {
  it('changes only the fields sent', async () => {
    const campaign = await created(sendable({ title: 'Upd Draft', state: 'draft', skip_inbox: 'true' }));
    const response = await update(campaign.id, [['text', 'A new message']]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Campaign>()).toMatchObject({
      title: 'Upd Draft',
      text: 'A new message',
      skip_inbox: true,
      group_ids: [spring],
      number_id: mainLine,
      state: 'draft',
    });
  });

  it('a draft saved as queued is scheduled; saved back as a draft its job is cancelled; rescheduled anew', async () => {
    const campaign = await created(sendable({ title: 'Upd Schedule', state: 'draft' }));
    expect(await sendJobs(campaign.id)).toEqual([]);
    const queued = await update(campaign.id, [['state', 'queued']]);
    expect(queued.statusCode, queued.body).toBe(200);
    expect((await sendJobs(campaign.id)).map((job) => [job.key, job.state])).toEqual([
      [`${campaign.id}:1`, 'queued'],
    ]);
    const later = new Date(t.ctx.now().getTime() + 2 * 3_600_000).toISOString();
    expect((await update(campaign.id, [['should_be_sent_at', later]])).statusCode).toBe(200);
    const jobsNow = await sendJobs(campaign.id);
    expect(jobsNow.map((job) => [job.key, job.state])).toEqual(
      expect.arrayContaining([
        [`${campaign.id}:1`, 'cancelled'],
        [`${campaign.id}:2`, 'queued'],
      ]),
    );
    expect(jobsNow.find((job) => job.key === `${campaign.id}:2`)?.run_at.toISOString()).toBe(later);
    const draft = await update(campaign.id, [['state', 'draft']]);
    expect(draft.json<Campaign>().state).toBe('draft');
    expect((await sendJobs(campaign.id)).every((job) => job.state === 'cancelled')).toBe(true);
  });

  it('a queued change is held to §5 again', async () => {
    const campaign = await created(sendable({ title: 'Upd Held' }));
    const response = await update(campaign.id, [['text', '']]);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual({ text: [CAMPAIGN_BLOCKERS.text] });
    expect((await row(campaign.id)).text).not.toBe('');
  });

  it.each([
    ['sent', () => seeded().sent, SAVE_MESSAGES.sent],
    ['failed', () => seeded().failed, SAVE_MESSAGES.failed],
    ['paused after it started', () => seeded().paused, SAVE_MESSAGES.started],
  ])('a %s campaign cannot change (409)', async (_state, id, message) => {
    const response = await update(id(), [['title', 'Changed']]);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('a campaign that started sending cannot change, and one cancelled neither', async () => {
    const campaign = await created(sendable({ title: 'Upd Started' }));
    await t.ctx.db
      .update(campaigns)
      .set({ state: 'sending', started_at: t.ctx.now() })
      .where(eq(campaigns.id, campaign.id));
    const started = await update(campaign.id, [['title', 'Too late']]);
    expect(started.statusCode).toBe(409);
    expect(started.json<{ message: string }>().message).toBe(SAVE_MESSAGES.started);
    await t.ctx.db.update(campaigns).set({ state: 'canceled' }).where(eq(campaigns.id, campaign.id));
    expect((await update(campaign.id, [['title', 'Too late']])).statusCode).toBe(409);
    expect((await row(campaign.id)).title).toBe('Upd Started');
  });

  it('a campaign paused before it started may change', async () => {
    const campaign = await created(sendable({ title: 'Upd Paused early' }));
    expect(
      (await t.as(ADMIN, { method: 'POST', url: `/api/campaigns/${campaign.id}/pause` })).statusCode,
    ).toBe(200);
    const response = await update(campaign.id, [['title', 'Upd Paused early, renamed']]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Campaign>()).toMatchObject({ state: 'paused', title: 'Upd Paused early, renamed' });
  });
});

describe('DELETE /campaigns/{id}', () => {
  it('a draft is kept with deleted_at and gone from the list', async () => {
    const campaign = await created([['title', 'Del Draft']]);
    const response = await t.as(ADMIN, { method: 'DELETE', url: `/api/campaigns/${campaign.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CAMPAIGN_MESSAGES.deleted });
    expect((await row(campaign.id)).deleted_at).not.toBeNull();
    expect((await t.as(ADMIN, { method: 'DELETE', url: `/api/campaigns/${campaign.id}` })).statusCode).toBe(
      404,
    );
  });

  it('a scheduled one is cancelled first: its job goes, and it was not sending', async () => {
    const campaign = await created(sendable({ title: 'Del Scheduled' }));
    const response = await t.as(ADMIN, { method: 'DELETE', url: `/api/campaigns/${campaign.id}` });
    expect(response.json()).toEqual({ message: CAMPAIGN_MESSAGES.deleted });
    expect(await row(campaign.id)).toMatchObject({ state: 'canceled' });
    expect((await sendJobs(campaign.id)).map((job) => job.state)).toEqual(['cancelled']);
  });

  it('one that had started sending is cancelled with §8’s message', async () => {
    const campaign = await created(sendable({ title: 'Del Sending' }));
    await t.ctx.db
      .update(campaigns)
      .set({ state: 'sending', started_at: t.ctx.now() })
      .where(eq(campaigns.id, campaign.id));
    events.length = 0;
    const response = await t.as(ADMIN, { method: 'DELETE', url: `/api/campaigns/${campaign.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CAMPAIGN_MESSAGES.cancelled });
    expect(await row(campaign.id)).toMatchObject({ state: 'canceled', deleted_at: expect.any(Date) });
    expect(events.map((event) => event.event)).toContain(EVENTS.campaignsUpdated);
  });

  it('a user without campaigns.manage may not', async () => {
    const campaign = await created([['title', 'Del Refused']]);
    expect(
      (await t.as('agent@demo.test', { method: 'DELETE', url: `/api/campaigns/${campaign.id}` })).statusCode,
    ).toBe(403);
  });
});

describe('POST /campaigns/{id}/pause and /resume', () => {
  const act = (id: number, action: 'pause' | 'resume') =>
    t.as(ADMIN, { method: 'POST', url: `/api/campaigns/${id}/${action}` });

  it('pauses a scheduled campaign (its job goes) and resumes it (a new job for its time)', async () => {
    const campaign = await created(sendable({ title: 'Pau Scheduled' }));
    const paused = await act(campaign.id, 'pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<Campaign>()).toMatchObject({ state: 'paused', display_state: 'paused' });
    expect((await sendJobs(campaign.id)).map((job) => job.state)).toEqual(['cancelled']);
    // Pausing again answers it as it is.
    expect((await act(campaign.id, 'pause')).json<Campaign>().state).toBe('paused');
    const resumed = await act(campaign.id, 'resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<Campaign>()).toMatchObject({ state: 'queued', display_state: 'scheduled' });
    expect((await sendJobs(campaign.id)).find((job) => job.state === 'queued')?.run_at.toISOString()).toBe(
      campaign.should_be_sent_at,
    );
  });

  it.each([
    ['pause', 'a draft', async () => (await created([['title', 'Pau Draft']])).id],
    ['pause', 'a sent campaign', async () => seeded().sent],
    ['resume', 'a draft', async () => (await created([['title', 'Pau Draft 2']])).id],
    ['resume', 'a failed campaign', async () => seeded().failed],
  ] as const)('%s of %s is a 409', async (action, _what, id) => {
    const response = await act(await id(), action);
    expect(response.statusCode).toBe(409);
  });

  it('a reporting user may do neither', async () => {
    const id = seeded().paused;
    expect(
      (await t.as('reporting@demo.test', { method: 'POST', url: `/api/campaigns/${id}/resume` })).statusCode,
    ).toBe(403);
  });
});

describe('GET /campaigns/{id}/events', () => {
  it('lists the ledger 10 to a page in send order, with the counts the campaign shows', async () => {
    const campaign = (await get(seeded().sent)).json<Campaign>();
    const first = await eventsOf(campaign.id);
    expect(first).toMatchObject({ per_page: 10, total: campaign.recipient_count, current_page: 1 });
    expect(first.data).toHaveLength(10);
    const second = await eventsOf(campaign.id, 'page=2');
    const ids = [...first.data, ...second.data].map((event) => event.id);
    expect(new Set(ids).size).toBe(20);
    const positions = await t.ctx.db
      .select({ id: campaignRecipients.id, position: campaignRecipients.position })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaign_id, campaign.id));
    const positionOf = new Map(positions.map((one) => [one.id, one.position]));
    const order = ids.map((id) => positionOf.get(id) ?? 0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it.each([
    ['delivered', (c: Campaign) => c.delivered_count, (e: CampaignEvent) => e.state === 'delivered'],
    [
      'undelivered',
      (c: Campaign) => c.undelivered_count,
      (e: CampaignEvent) => e.state === 'undelivered' && e.error_code === '30006',
    ],
    [
      'sent',
      (c: Campaign) => c.sent_count,
      (e: CampaignEvent) => ['sent', 'delivered', 'undelivered'].includes(e.state),
    ],
    [
      'skipped',
      (c: Campaign) => c.skipped_count,
      (e: CampaignEvent) => e.state === 'skipped' && e.skip_reason !== null,
    ],
    [
      'responded',
      (c: Campaign) => c.responded_count,
      (e: CampaignEvent) => e.responded_at !== null && !!e.reply,
    ],
    ['unsubscribed', (c: Campaign) => c.unsubscriber_count, (e: CampaignEvent) => e.unsubscribed_at !== null],
  ])('status=%s matches its count', async (status, count, holds) => {
    const campaign = (await get(seeded().sent)).json<Campaign>();
    const page = await eventsOf(campaign.id, `status=${status}&size=100`);
    expect(page.total).toBe(count(campaign));
    expect(page.total).toBeGreaterThan(0);
    for (const event of page.data) expect(holds(event), JSON.stringify(event)).toBe(true);
  });

  it('status=pending shows who still waits on a paused campaign', async () => {
    const campaign = (await get(seeded().paused)).json<Campaign>();
    const page = await eventsOf(campaign.id, 'status=pending&size=100');
    expect(page.total).toBe(campaign.pending_count);
    expect(page.data.every((event) => event.state === 'pending' && event.sent_at === null)).toBe(true);
  });

  it('searches by name (the contact’s name now) or by the number’s digits', async () => {
    const id = seeded().sent;
    const [sample] = (await eventsOf(id, 'status=delivered')).data;
    if (!sample?.contact) throw new Error('a delivered event with a contact');
    const byDigits = await eventsOf(
      id,
      `search=${encodeURIComponent(`(${sample.number.slice(2, 5)}) ${sample.number.slice(5, 8)}-${sample.number.slice(8)}`)}`,
    );
    expect(byDigits.data.map((event) => event.id)).toEqual([sample.id]);
    const firstName = sample.contact.name.split(' ')[0] ?? '';
    const byName = await eventsOf(id, `search=${encodeURIComponent(firstName.toUpperCase())}&size=100`);
    expect(byName.data.map((event) => event.id)).toContain(sample.id);
    expect(
      byName.data.every((event) => event.contact?.name.toLowerCase().includes(firstName.toLowerCase())),
    ).toBe(true);
    expect((await eventsOf(id, 'search=%25')).total).toBe(0);
  });

  it('links each row to the inbox conversation with that recipient on the campaign’s number', async () => {
    const id = seeded().sent;
    const [sample] = (await eventsOf(id, 'status=responded')).data;
    if (!sample) throw new Error('a responded event');
    const conversation = await findOrCreateConversation(t.ctx.db, {
      companyId: motors,
      numberId: t.ids.numbers.motorsService,
      recipient: sample.number,
    });
    const again = (await eventsOf(id, `search=${sample.number.slice(2)}`)).data[0];
    expect(again?.conversation_id).toBe(conversation.id);
  });

  it('refuses a status it does not know', async () => {
    const response = await t.as(ADMIN, {
      method: 'GET',
      url: `/api/campaigns/${seeded().sent}/events?status=lost`,
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('another company’s campaign', () => {
  let foreign: number;
  beforeAll(async () => {
    foreign = (await created([['title', 'Other Co campaign']], 'other@demo.test', otherCo)).id;
  });

  it.each([
    ['GET', '', undefined],
    ['GET', '/events', undefined],
    ['POST', '', { _method: 'PATCH', title: 'Mine now' }],
    ['POST', '/pause', undefined],
    ['POST', '/resume', undefined],
    ['DELETE', '', undefined],
  ] as const)('%s /campaigns/{id}%s is a 404', async (method, path, payload) => {
    const response = await t.as(ADMIN, { method, url: `/api/campaigns/${foreign}${path}`, payload });
    expect(response.statusCode).toBe(404);
    expect((await row(foreign)).title).toBe('Other Co campaign');
    expect((await row(foreign)).deleted_at).toBeNull();
  });

  it('is not in the list, and its company’s list is not the caller’s to read', async () => {
    expect((await list('size=100')).data.map((campaign) => campaign.id)).not.toContain(foreign);
    const response = await t.as(ADMIN, { method: 'GET', url: `/api/campaigns?company_id=${otherCo}` });
    expect(response.statusCode).toBe(404);
  });
});

describe('attachments (MMS)', () => {
  const mediaFiles = async () => {
    try {
      return await readdir(join(t.ctx.config.dataDir, 'media', String(motors)));
    } catch {
      return [];
    }
  };

  it('are stored, served by a signed link without sign-in, refused when tampered with or expired', async () => {
    const campaign = await created([
      ['title', 'Med Photo'],
      ['media[]', TINY_PNG, 'showroom.png', 'image/png'],
    ]);
    expect(campaign.media).toEqual([
      {
        url: expect.stringMatching(
          /^\/api\/campaigns\/\d+\/media\/0\?company=\d+&expires=\d+&sig=[0-9a-f]+$/,
        ),
        content_type: 'image/png',
        size: TINY_PNG.length,
        name: 'showroom.png',
      },
    ]);
    const url = campaign.media[0]?.url ?? '';
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    for (const tampered of [
      url.replace(/company=\d+/, `company=${otherCo}`),
      url.replace(/\/campaigns\/\d+\//, `/campaigns/${campaign.id + 1}/`),
      url.replace(/sig=[0-9a-f]{4}/, 'sig=0000'),
      // A conversation item's link with the same id and index is signed for something else.
      url.replace(`/campaigns/${campaign.id}/media/`, `/media/${campaign.id}/`),
    ]) {
      expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode, tampered).toBe(403);
    }
    const now = t.ctx.now();
    t.setNow(new Date(now.getTime() + 16 * 60_000));
    try {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    } finally {
      t.setNow(now);
    }
  });

  it('the carrier is given absolute links that work', async () => {
    const campaign = await created([
      ['title', 'Med Carrier'],
      ['media[]', TINY_PNG, 'a.png', 'image/png'],
    ]);
    const [media] = campaignMediaForCarrier(t.ctx, await row(campaign.id));
    expect(media?.content_type).toBe('image/png');
    expect(media?.url.startsWith(`${t.ctx.config.publicUrl}/api/campaigns/${campaign.id}/media/0?`)).toBe(
      true,
    );
    const path = media?.url.slice(t.ctx.config.publicUrl.length) ?? '';
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  });

  it('a change keeps the listed ones, appends new ones, and removes the dropped files', async () => {
    const campaign = await created([
      ['title', 'Med Change'],
      ['media[]', TINY_PNG, 'one.png', 'image/png'],
      ['media[]', TINY_PNG, 'two.png', 'image/png'],
    ]);
    const before = (await row(campaign.id)).media;
    const response = await update(campaign.id, [
      ['keep_media[]', '1'],
      ['media[]', TINY_PNG, 'three.png', 'image/png'],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Campaign>().media.map((media) => media.name)).toEqual(['two.png', 'three.png']);
    const files = await mediaFiles();
    expect(files).not.toContain(before[0]?.path.split('/').pop());
    expect(files).toContain(before[1]?.path.split('/').pop());
    // Without keep_media a change keeps them all; an empty list drops them all.
    expect((await update(campaign.id, [['title', 'Med Change 2']])).json<Campaign>().media).toHaveLength(2);
    expect((await update(campaign.id, [['keep_media', '[]']])).json<Campaign>().media).toEqual([]);
    const after = await mediaFiles();
    for (const media of (await row(campaign.id)).media) expect(after).toContain(media.path.split('/').pop());
    expect(after).not.toContain(before[1]?.path.split('/').pop());
  });

  it('a refused request leaves no file behind', async () => {
    const before = (await mediaFiles()).length;
    const refused = await create([
      ...sendable({ text: '' }),
      ['media[]', TINY_PNG, 'refused.png', 'image/png'],
    ]);
    expect(refused.statusCode).toBe(422);
    const notOwn = await update(seeded().sent, [['media[]', TINY_PNG, 'late.png', 'image/png']]);
    expect(notOwn.statusCode).toBe(409);
    const missing = await update((await created([['title', 'Med Keep']])).id, [
      ['keep_media[]', '3'],
      ['media[]', TINY_PNG, 'x.png', 'image/png'],
    ]);
    expect(missing.statusCode).toBe(422);
    expect(fieldErrors(missing).keep_media).toEqual([SAVE_MESSAGES.noSuchMedia(3)]);
    expect((await mediaFiles()).length).toBe(before);
  });
});

describe('POST /campaigns/preview', () => {
  it('summarises who a campaign reaches and what it costs', async () => {
    const response = await t.as(ADMIN, {
      method: 'POST',
      url: `/api/campaigns/preview?company_id=${motors}`,
      payload: { groups: [spring], number_id: mainLine, text: 'Hi %%first_name%%' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = CAMPAIGN_ENDPOINTS.preview.response.parse(response.json());
    expect(preview.members).toBeGreaterThan(preview.recipients);
    expect(preview.credits).toBe(preview.recipients * preview.segments);
  });

  it('refuses another company’s group', async () => {
    const [group] = await t.ctx.db.select().from(contactGroups).where(eq(contactGroups.company_id, otherCo));
    const response = await t.as(ADMIN, {
      method: 'POST',
      url: `/api/campaigns/preview?company_id=${motors}`,
      payload: { groups: [group?.id ?? 0] },
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)['groups.0']).toBeTruthy();
  });
});
