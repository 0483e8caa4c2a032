/**
 * §7 Notifications: the caller's blocks per number and channel (numbers must be the company's), the numbers
 * list's `hasNotificationBlocks`, and the unseen counts by channel that leave blocked channels out. The test
 * adds its own number (+1 206 555 71xx) with unread texts, missed calls, a voicemail and a fax.
 */
import { NOTIFICATION_ENDPOINTS as E } from '@shared/api/notifications';
import { NUMBER_ENDPOINTS } from '@shared/api/numbers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, conversations, faxes, numbers, voicemails } from '../../db/schema';
import { createTestApp, fieldErrors, type TestApp } from '../../testing/testApp';

let t: TestApp;
let motors: number;
let numberId: number;
let otherNumberId: number;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  motors = t.ids.companies.demoMotors;
  const now = t.ctx.now();
  const [own] = await t.ctx.db
    .insert(numbers)
    .values({ company_id: motors, number: '+12065557100', label: 'Notifications test' })
    .returning();
  numberId = own?.id ?? 0;
  otherNumberId = t.ids.numbers.otherMain;
  await t.ctx.db.insert(conversations).values([
    { company_id: motors, number_id: numberId, recipient: '+12065557101', unread_count: 2 },
    { company_id: motors, number_id: numberId, recipient: '+12065557102', unread_count: 3 },
  ]);
  const call = (outcome: number, hoursAgo: number, is_inbound = true) => ({
    company_id: motors,
    number_id: numberId,
    caller: '+12065557101',
    called: '+12065557100',
    outcome,
    is_inbound,
    started_at: new Date(now.getTime() - hoursAgo * HOUR),
  });
  // Counted: two missed inbound calls today. Not: an answered one, one missed two days ago, an outbound one.
  await t.ctx.db.insert(calls).values([call(2, 1), call(2, 5), call(1, 1), call(2, 48), call(2, 1, false)]);
  await t.ctx.db.insert(voicemails).values([
    { company_id: motors, number_id: numberId, caller: '+12065557101' },
    { company_id: motors, number_id: numberId, caller: '+12065557102', listened_at: now },
  ]);
  await t.ctx.db.insert(faxes).values([
    { company_id: motors, number_id: numberId, remote: '+12065557103', status: 'received' },
    { company_id: motors, number_id: numberId, remote: '+12065557103', status: 'sent', is_inbound: false },
  ]);
});
afterAll(() => t.close());

const url = (path: string) => `/api/companies/${motors}/${path}`;

async function countsFor(email: string) {
  const response = await t.as(email, { method: 'GET', url: url('notificationCountsByNumber') });
  expect(response.statusCode, response.body).toBe(200);
  return E.countsByNumber.response.parse(response.json()).data.find((row) => row.number_id === numberId);
}

async function totals(email: string) {
  const response = await t.as(email, { method: 'GET', url: url('notificationCounts') });
  expect(response.statusCode, response.body).toBe(200);
  return E.counts.response.parse(response.json());
}

async function hasBlocks(email: string) {
  const response = await t.as(email, { method: 'GET', url: `${url('numbers')}?search=Notifications test` });
  expect(response.statusCode, response.body).toBe(200);
  return NUMBER_ENDPOINTS.list.response.parse(response.json()).data[0]?.hasNotificationBlocks;
}

describe('notification counts', () => {
  it('counts unread texts, missed calls of the last 24 h, unheard voicemails and received faxes', async () => {
    expect(await countsFor('agent@demo.test')).toEqual({
      number_id: numberId,
      messages: 5,
      calls: 2,
      voicemails: 1,
      faxes: 1,
    });
  });

  it('adds every number up in the totals', async () => {
    const all = await totals('agent@demo.test');
    const response = await t.as('agent@demo.test', { method: 'GET', url: url('notificationCountsByNumber') });
    const rows = E.countsByNumber.response.parse(response.json()).data;
    const sum = (key: 'messages' | 'calls' | 'voicemails' | 'faxes') =>
      rows.reduce((total, row) => total + row[key], 0);
    expect(all).toEqual({
      messages: sum('messages'),
      calls: sum('calls'),
      voicemails: sum('voicemails'),
      faxes: sum('faxes'),
    });
    expect(all.messages).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['reporting@demo.test', 403],
    ['billing@demo.test', 403],
    ['other@demo.test', 404],
  ])('%s → %i', async (email, status) => {
    const response = await t.as(email, { method: 'GET', url: url('notificationCounts') });
    expect(response.statusCode).toBe(status);
  });
});

describe('notification blocks', () => {
  it('blocks channels for the caller only, and the counts leave them out', async () => {
    const before = await totals('agent@demo.test');
    const blocked = await t.as('agent@demo.test', {
      method: 'POST',
      url: url('notificationBlocks'),
      payload: { numbers: [numberId], channels: ['messages', 'calls', 'messages'] },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(E.block.response.parse(blocked.json()).data).toEqual([
      { number_id: numberId, channel: 'calls' },
      { number_id: numberId, channel: 'messages' },
    ]);
    expect(await countsFor('agent@demo.test')).toEqual({
      number_id: numberId,
      messages: 0,
      calls: 0,
      voicemails: 1,
      faxes: 1,
    });
    const after = await totals('agent@demo.test');
    expect(after.messages).toBe(before.messages - 5);
    expect(after.calls).toBe(before.calls - 2);
    expect(await hasBlocks('agent@demo.test')).toBe(true);
    // Another user is not affected.
    expect((await countsFor('agent2@demo.test'))?.messages).toBe(5);
    expect(await hasBlocks('agent2@demo.test')).toBe(false);
    const list = await t.as('agent2@demo.test', { method: 'GET', url: url('notificationBlocks') });
    expect(list.json()).toEqual({ data: [] });
  });

  it('blocking again changes nothing; unblocking lifts only the channels named', async () => {
    const again = await t.as('agent@demo.test', {
      method: 'POST',
      url: url('notificationBlocks'),
      payload: { numbers: [numberId], channels: ['calls'] },
    });
    expect(again.json().data).toHaveLength(2);
    const lifted = await t.as('agent@demo.test', {
      method: 'DELETE',
      url: url('notificationBlocks'),
      payload: { numbers: [numberId], channels: ['messages'] },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toEqual({ data: [{ number_id: numberId, channel: 'calls' }] });
    expect((await countsFor('agent@demo.test'))?.messages).toBe(5);
    const listed = await t.as('agent@demo.test', { method: 'GET', url: url('notificationBlocks') });
    expect(listed.json()).toEqual({ data: [{ number_id: numberId, channel: 'calls' }] });
    await t.as('agent@demo.test', {
      method: 'DELETE',
      url: url('notificationBlocks'),
      payload: { numbers: [numberId], channels: ['calls'] },
    });
    expect(await hasBlocks('agent@demo.test')).toBe(false);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['another company’s number', { numbers: [0], channels: ['calls'] }, 'numbers'],
    ['no numbers', { numbers: [], channels: ['calls'] }, 'numbers'],
    ['an unknown channel', { numbers: [1], channels: ['pager'] }, 'channels.0'],
    ['no channels', { numbers: [1], channels: [] }, 'channels'],
  ])('422 for %s', async (_label, payload, field) => {
    const body =
      payload.numbers && (payload.numbers as number[])[0] === 0
        ? { ...payload, numbers: [otherNumberId] }
        : payload;
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await t.as('agent@demo.test', {
        method,
        url: url('notificationBlocks'),
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(fieldErrors(response)).toHaveProperty([field]);
    }
  });
});

describe('§7 "notificationBlocks (number_id or number_ids, channel_types)": the spec’s spellings', () => {
  const send = (method: 'POST' | 'DELETE', payload: Record<string, unknown>) =>
    t.as('agent2@demo.test', { method, url: url('notificationBlocks'), payload });

  // Tables are read before beforeAll runs: ids are taken when each case runs.
  it.each<[string, (id: number) => Record<string, unknown>]>([
    ['number_id with channel_types', (id) => ({ number_id: id, channel_types: ['voicemails'] })],
    ['number_ids with channel_types', (id) => ({ number_ids: [id], channel_types: ['voicemails'] })],
    ['number_id with channels', (id) => ({ number_id: id, channels: ['voicemails'] })],
    ['numbers with channel_types', (id) => ({ numbers: [id], channel_types: ['voicemails'] })],
  ])('blocks and lifts with %s', async (_spelling, spelled) => {
    const payload = spelled(numberId);
    const blocked = await send('POST', payload);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toEqual({ data: [{ number_id: numberId, channel: 'voicemails' }] });
    const lifted = await send('DELETE', payload);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toEqual({ data: [] });
  });

  it.each<
    [string, () => Record<string, unknown>, Record<string, string[]> | (() => Record<string, string[]>)]
  >([
    [
      'two spellings of the numbers',
      () => ({ numbers: [numberId], number_id: numberId, channels: ['calls'] }),
      { number_id: ['Send these once, as one of numbers, number_ids or number_id.'] },
    ],
    [
      'two spellings of the channels',
      () => ({ number_id: numberId, channels: ['calls'], channel_types: ['calls'] }),
      { channel_types: ['Send these once, as one of channels or channel_types.'] },
    ],
    ['no numbers at all', () => ({ channel_types: ['calls'] }), { numbers: ['Choose at least one number.'] }],
    ['no channels at all', () => ({ number_id: numberId }), { channels: ['Choose at least one channel.'] }],
    [
      'another company’s number, named on the field it came in',
      () => ({ number_ids: [otherNumberId], channel_types: ['calls'] }),
      () => ({ number_ids: [`These numbers are not the company’s: ${otherNumberId}.`] }),
    ],
    [
      'an unknown channel type',
      () => ({ number_id: numberId, channel_types: ['pager'] }),
      { 'channel_types.0': ['Channels are: calls, messages, voicemails, faxes.'] },
    ],
  ])('422 for %s', async (_what, payload, errors) => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await send(method, payload());
      expect(response.statusCode, response.body).toBe(422);
      expect(fieldErrors(response)).toEqual(typeof errors === 'function' ? errors() : errors);
    }
  });
});
