/**
 * §7 Calls against the real app: `PATCH /calls/{id}` (every field accepted and refused with its 422 message,
 * tags normalised, custom values by type), adding and removing tags, 404 across companies, 403 by role, the
 * conversation event, and the enhanced caller ID of a call's outside party (hit, cached, miss, withheld).
 */
import { CALL_TAGS_LIMIT_MESSAGE, type Call, normalizeCallTags } from '@shared/api/activity';
import type { CallerId } from '@shared/api/callerId';
import type { ConversationItem } from '@shared/api/conversations';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { channels, EVENTS } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { calls, conversations, eavAttributes, eavChoices, eavValues } from '../../db/schema';
import { publishedEvents, sharedTestApp } from '../../testing/testApp';
import { NOT_LOOKED_UP } from '../callerId/routes';
import { addItem, findOrCreateConversation } from '../conversations/store';
import { CONVERSE_MESSAGES } from './service';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = sharedTestApp();
const events = publishedEvents(t);

const motors = () => t.ids.companies.demoMotors;
const OWNER = 'owner@demo.test';
const AGENT = 'agent@demo.test';

let serial = 0;
/** A fresh inbound call to Demo Motors' main number (or another company's), from a 312-555 caller. */
async function newCall(values: Partial<typeof calls.$inferInsert> = {}): Promise<number> {
  serial++;
  const [row] = await t.ctx.db
    .insert(calls)
    .values({
      company_id: motors(),
      number_id: t.ids.numbers.motorsMain,
      caller: `+1312555${String(2000 + serial)}`,
      called: '+13125550100',
      started_at: new Date('2026-11-01T10:00:00Z'),
      ...values,
    })
    .returning({ id: calls.id });
  if (!row) throw new Error('call insert');
  return row.id;
}

const patch = (id: number, payload: unknown, email = AGENT) =>
  t.as(email, { method: 'PATCH', url: `/api/calls/${id}`, payload: payload as object });
const tags = (method: 'POST' | 'DELETE', id: number, payload: unknown, email = AGENT) =>
  t.as(email, { method, url: `/api/calls/${id}/tags/tags`, payload: payload as object });
const callerId = (id: number, lookup = true, email = AGENT) =>
  t.as(email, {
    method: 'GET',
    url: `/api/calls/${id}/enhanced-caller-id${lookup ? '?lookupWhenMissing=1' : ''}`,
  });
const rowOf = async (id: number) => (await t.ctx.db.select().from(calls).where(eq(calls.id, id)))[0];

const many = (count: number, prefix = 'tag') => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);
const QUALIFICATION_MESSAGE = 'Choose a qualification: 1 Qualified, 2 Not qualified, 3 Lead, or none.';
const OUTCOME_MESSAGE = 'Choose an outcome: 0 None, 1 Answered, 2 Missed, 3 Voicemail, 4 Blocked.';

describe('normalizeCallTags', () => {
  it.each([
    [
      [' vip ', 'VIP', 'Follow up', 'follow up ', 'x'],
      ['vip', 'Follow up', 'x'],
    ],
    [['', '  ', 'a'], ['a']],
    [[], []],
  ])('%j → %j', (input, expected) => expect(normalizeCallTags(input)).toEqual(expected));
});

describe('PATCH /calls/{id}: each field accepted', () => {
  it.each<{ name: string; body: Record<string, unknown>; expected: Partial<Call> }>([
    { name: 'note, trimmed', body: { note: '  Wants a quote  ' }, expected: { note: 'Wants a quote' } },
    { name: 'note emptied → null', body: { note: '' }, expected: { note: null } },
    { name: 'note null', body: { note: null }, expected: { note: null } },
    {
      name: 'note of 5000 characters',
      body: { note: 'n'.repeat(5000) },
      expected: { note: 'n'.repeat(5000) },
    },
    {
      name: 'tags trimmed and deduplicated ignoring case',
      body: { tags: [' vip ', 'VIP', 'Follow up', 'follow up '] },
      expected: { tags: ['vip', 'Follow up'] },
    },
    { name: 'tags emptied', body: { tags: [] }, expected: { tags: [] } },
    { name: '20 tags', body: { tags: many(20) }, expected: { tags: many(20) } },
    {
      name: '25 tags that are 20 once deduplicated',
      body: { tags: [...many(20), ...many(5).map((tag) => tag.toUpperCase())] },
      expected: { tags: many(20) },
    },
    {
      name: 'a tag of 50 characters',
      body: { tags: ['t'.repeat(50)] },
      expected: { tags: ['t'.repeat(50)] },
    },
    ...[1, 2, 3].map((qualification) => ({
      name: `qualification ${qualification}`,
      body: { qualification },
      expected: { qualification } as Partial<Call>,
    })),
    { name: 'qualification cleared', body: { qualification: null }, expected: { qualification: null } },
    ...(
      [
        [0, 'None'],
        [1, 'Answered'],
        [2, 'Missed'],
        [3, 'Voicemail'],
        [4, 'Blocked'],
      ] as const
    ).map(([outcome, outcome_label]) => ({
      name: `outcome ${outcome}`,
      body: { outcome },
      expected: { outcome, outcome_label } as Partial<Call>,
    })),
    {
      name: 'everything at once',
      body: { note: 'Booked', tags: ['sales'], qualification: 3, outcome: 1 },
      expected: { note: 'Booked', tags: ['sales'], qualification: 3, outcome: 1 },
    },
  ])('$name', async ({ body, expected }) => {
    const id = await newCall({ note: 'before', tags: ['old'], qualification: 2, outcome: 2 });
    const response = await patch(id, body);
    expect(response.statusCode, response.body).toBe(200);
    const call = response.json<Call>();
    expect(call).toMatchObject({ id, ...expected });
    // It answers as GET /calls/{id} does, and the row holds the same.
    const again = await t.as(AGENT, { method: 'GET', url: `/api/calls/${id}` });
    expect(again.json<Call>()).toEqual(call);
    const row = await rowOf(id);
    for (const [key, value] of Object.entries(expected)) {
      if (key !== 'outcome_label') expect(row?.[key as keyof typeof row]).toEqual(value);
    }
  });

  it('keeps the fields it is not sent, and an empty body changes nothing', async () => {
    const id = await newCall({ note: 'keep', tags: ['a'], qualification: 1, outcome: 1 });
    const response = await patch(id, { tags: ['b'] });
    expect(response.json<Call>()).toMatchObject({ note: 'keep', tags: ['b'], qualification: 1, outcome: 1 });
    const empty = await patch(id, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json<Call>()).toMatchObject({ note: 'keep', tags: ['b'], qualification: 1, outcome: 1 });
  });
});

describe('PATCH /calls/{id}: each field refused with its message, the call unchanged', () => {
  it.each<{ name: string; body: Record<string, unknown>; errors: Record<string, string[] | 'any'> }>([
    {
      name: 'note too long',
      body: { note: 'n'.repeat(5001) },
      errors: { note: ['Use at most 5000 characters.'] },
    },
    { name: 'note not text', body: { note: 5 }, errors: { note: 'any' } },
    { name: 'tags not a list', body: { tags: 'vip' }, errors: { tags: 'any' } },
    { name: 'an empty tag', body: { tags: ['ok', '   '] }, errors: { 'tags.1': ['A tag cannot be empty.'] } },
    {
      name: 'a tag of 51 characters',
      body: { tags: ['t'.repeat(51)] },
      errors: { 'tags.0': ['Use at most 50 characters for a tag.'] },
    },
    { name: 'a tag not text', body: { tags: [7] }, errors: { 'tags.0': 'any' } },
    { name: '21 distinct tags', body: { tags: many(21) }, errors: { tags: [CALL_TAGS_LIMIT_MESSAGE] } },
    { name: 'a great many tags', body: { tags: many(101) }, errors: { tags: [CALL_TAGS_LIMIT_MESSAGE] } },
    {
      name: 'qualification 0',
      body: { qualification: 0 },
      errors: { qualification: [QUALIFICATION_MESSAGE] },
    },
    {
      name: 'qualification 4',
      body: { qualification: 4 },
      errors: { qualification: [QUALIFICATION_MESSAGE] },
    },
    {
      name: 'qualification as text',
      body: { qualification: '1' },
      errors: { qualification: [QUALIFICATION_MESSAGE] },
    },
    { name: 'outcome 5', body: { outcome: 5 }, errors: { outcome: [OUTCOME_MESSAGE] } },
    { name: 'outcome -1', body: { outcome: -1 }, errors: { outcome: [OUTCOME_MESSAGE] } },
    { name: 'outcome null', body: { outcome: null }, errors: { outcome: [OUTCOME_MESSAGE] } },
    {
      name: 'a field calls do not have',
      body: { duration: 10 },
      errors: { duration: ['duration is not a field of this request.'] },
    },
    {
      name: 'a custom value of no field',
      body: { eavAttributeValues: [{ attribute_id: 999_999, value: 'x' }] },
      errors: { 'eavAttributeValues.0': ['This custom field does not exist here.'] },
    },
    {
      name: 'custom values without an attribute id',
      body: { eavAttributeValues: [{ value: 'x' }] },
      errors: { 'eavAttributeValues.0.attribute_id': 'any' },
    },
    {
      name: 'several fields at once, each named',
      body: { note: 'n'.repeat(5001), qualification: 9, outcome: 9 },
      errors: {
        note: ['Use at most 5000 characters.'],
        qualification: [QUALIFICATION_MESSAGE],
        outcome: [OUTCOME_MESSAGE],
      },
    },
  ])('$name', async ({ body, errors }) => {
    const id = await newCall({ note: 'before', tags: ['old'], qualification: 2, outcome: 2 });
    const before = await rowOf(id);
    const response = await patch(id, body);
    expect(response.statusCode, response.body).toBe(422);
    const answer = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(Object.keys(answer.errors).sort()).toEqual(Object.keys(errors).sort());
    for (const [field, messages] of Object.entries(errors)) {
      if (messages === 'any') expect(answer.errors[field]?.length).toBeGreaterThan(0);
      else expect(answer.errors[field]).toEqual(messages);
    }
    expect(await rowOf(id)).toEqual(before);
  });
});

describe('PATCH /calls/{id}: custom values of call fields, checked by type', () => {
  const fields: Record<string, number> = {};
  beforeAll(async () => {
    const types = ['number', 'boolean', 'date', 'enum', 'phone', 'stringText', 'stringKeyword'] as const;
    for (const type of types) {
      const [field] = await t.ctx.db
        .insert(eavAttributes)
        .values({
          company_id: motors(),
          entity_type: 6,
          name: `Call ${type}`,
          key: `call_${type.toLowerCase()}`,
          data_type: type,
        })
        .returning();
      fields[type] = field?.id ?? 0;
    }
    await t.ctx.db.insert(eavChoices).values([
      { attribute_id: fields.enum ?? 0, value: 'Hot', sort_order: 1 },
      { attribute_id: fields.enum ?? 0, value: 'Cold', sort_order: 2 },
    ]);
    const [required] = await t.ctx.db
      .insert(eavAttributes)
      .values({
        company_id: motors(),
        entity_type: 6,
        name: 'Call reason',
        key: 'call_reason',
        data_type: 'stringText',
        required: true,
      })
      .returning();
    fields.required = required?.id ?? 0;
    const [contactField] = await t.ctx.db
      .insert(eavAttributes)
      .values({
        company_id: motors(),
        entity_type: 7,
        name: 'Contact only',
        key: 'contact_only',
        data_type: 'number',
      })
      .returning();
    fields.contact = contactField?.id ?? 0;
    const [foreignField] = await t.ctx.db
      .insert(eavAttributes)
      .values({
        company_id: t.ids.companies.otherCo,
        entity_type: 6,
        name: 'Other',
        key: 'other',
        data_type: 'number',
      })
      .returning();
    fields.foreign = foreignField?.id ?? 0;
  });

  it.each<{ field: string; value: unknown; stored?: unknown; message?: string }>([
    { field: 'number', value: 25000, stored: 25000 },
    { field: 'number', value: '1,250.5', stored: 1250.5 },
    { field: 'number', value: 'lots', message: 'Call number: Enter a number.' },
    { field: 'boolean', value: true, stored: true },
    { field: 'boolean', value: 'no', stored: false },
    { field: 'boolean', value: 'maybe', message: 'Call boolean: Enter yes or no.' },
    { field: 'date', value: '2026-12-24', stored: '2026-12-24' },
    { field: 'date', value: '24/12/2026', message: 'Call date: Enter a date as YYYY-MM-DD.' },
    { field: 'enum', value: 'hot', stored: 'Hot' },
    { field: 'enum', value: 'Warm', message: 'Call enum: Choose one of: Hot, Cold.' },
    { field: 'phone', value: '(312) 555-0188', stored: '+13125550188' },
    { field: 'phone', value: '12', message: 'Call phone: Enter a valid phone number.' },
    { field: 'stringText', value: '  Trade-in  ', stored: 'Trade-in' },
    { field: 'stringKeyword', value: 'trade_in', stored: 'trade_in' },
    { field: 'stringKeyword', value: 'two words', message: 'Call stringKeyword: Use one word' },
    { field: 'required', value: 'Service', stored: 'Service' },
    { field: 'required', value: null, message: 'Call reason is required.' },
    { field: 'contact', value: 1, message: 'This custom field does not exist here.' },
    { field: 'foreign', value: 1, message: 'This custom field does not exist here.' },
  ])('$field: $value', async ({ field, value, stored, message }) => {
    const id = await newCall();
    const attribute_id = fields[field] ?? 0;
    const response = await patch(id, { eavAttributeValues: [{ attribute_id, value }] });
    if (message) {
      expect(response.statusCode, response.body).toBe(422);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      expect(errors['eavAttributeValues.0']?.[0]).toContain(message);
      expect(await t.ctx.db.select().from(eavValues).where(eq(eavValues.entity_id, id))).toEqual([]);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Call>().eavAttributeValues).toEqual([{ attribute_id, value: stored }]);
    const got = await t.as('reporting@demo.test', { method: 'GET', url: `/api/calls/${id}` });
    expect(got.json<Call>().eavAttributeValues).toEqual([{ attribute_id, value: stored }]);
  });

  it('merges: a value replaces that field’s, null removes it, fields not named keep theirs', async () => {
    const id = await newCall();
    const number = fields.number ?? 0;
    const text = fields.stringText ?? 0;
    await patch(id, {
      eavAttributeValues: [
        { attribute_id: number, value: 1 },
        { attribute_id: text, value: 'first' },
      ],
    });
    const second = await patch(id, { eavAttributeValues: [{ attribute_id: number, value: 2 }] });
    expect(second.json<Call>().eavAttributeValues).toEqual([
      { attribute_id: number, value: 2 },
      { attribute_id: text, value: 'first' },
    ]);
    const removed = await patch(id, { note: 'x', eavAttributeValues: [{ attribute_id: text, value: null }] });
    expect(removed.json<Call>()).toMatchObject({
      note: 'x',
      eavAttributeValues: [{ attribute_id: number, value: 2 }],
    });
  });

  it('a bad value refuses the whole change (the other fields are not written either)', async () => {
    const id = await newCall({ note: 'before' });
    const response = await patch(id, {
      note: 'after',
      eavAttributeValues: [
        { attribute_id: fields.number ?? 0, value: 3 },
        { attribute_id: fields.boolean ?? 0, value: 'maybe' },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['eavAttributeValues.1']);
    expect((await rowOf(id))?.note).toBe('before');
    expect(await t.ctx.db.select().from(eavValues).where(eq(eavValues.entity_id, id))).toEqual([]);
  });
});

describe('POST and DELETE /calls/{id}/tags/tags', () => {
  it('adds (trimmed, once ignoring case, the call’s spelling kept) and removes (ignoring case)', async () => {
    const id = await newCall({ tags: ['VIP'] });
    const added = await tags('POST', id, { tags: ['  New ', 'vip', 'new', 'Trade-in'] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<Call>().tags).toEqual(['VIP', 'New', 'Trade-in']);
    const removed = await tags('DELETE', id, { tags: [' vip ', 'not there'] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Call>()).toMatchObject({ id, tags: ['New', 'Trade-in'] });
    expect((await rowOf(id))?.tags).toEqual(['New', 'Trade-in']);
  });

  it.each<{
    name: string;
    method: 'POST' | 'DELETE';
    start: string[];
    body: unknown;
    errors: Record<string, string[]>;
  }>([
    {
      name: 'adding none',
      method: 'POST',
      start: [],
      body: { tags: [] },
      errors: { tags: ['Name at least one tag.'] },
    },
    {
      name: 'removing none',
      method: 'DELETE',
      start: ['a'],
      body: { tags: [] },
      errors: { tags: ['Name at least one tag.'] },
    },
    {
      name: 'an empty tag',
      method: 'POST',
      start: [],
      body: { tags: [' '] },
      errors: { 'tags.0': ['A tag cannot be empty.'] },
    },
    {
      name: 'a tag of 51 characters',
      method: 'POST',
      start: [],
      body: { tags: ['t'.repeat(51)] },
      errors: { 'tags.0': ['Use at most 50 characters for a tag.'] },
    },
    {
      name: 'past 20 in all',
      method: 'POST',
      start: many(19),
      body: { tags: ['one more', 'and another'] },
      errors: { tags: [CALL_TAGS_LIMIT_MESSAGE] },
    },
    {
      name: 'no tags field',
      method: 'POST',
      start: [],
      body: { tag: 'x' },
      errors: {
        tag: ['tag is not a field of this request.'],
        tags: ['Invalid input: expected array, received undefined'],
      },
    },
  ])('refuses $name', async ({ method, start, body, errors }) => {
    const id = await newCall({ tags: start });
    const response = await tags(method, id, body);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ errors: object }>().errors).toEqual(errors);
    expect((await rowOf(id))?.tags).toEqual(start);
  });

  it('reaching exactly 20 is fine, and adding tags the call has is no change', async () => {
    const id = await newCall({ tags: many(19) });
    const response = await tags('POST', id, { tags: ['TAG 1', 'twentieth'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Call>().tags).toEqual([...many(19), 'twentieth']);
    const again = await tags('POST', id, { tags: ['Twentieth'] });
    expect(again.json<Call>().tags).toHaveLength(20);
  });
});

describe('companies and roles', () => {
  it('another company’s call, or none, answers 404 from every route', async () => {
    const foreign = await newCall({
      company_id: t.ids.companies.otherCo,
      number_id: t.ids.numbers.otherMain,
      called: '+14155550120',
      note: 'theirs',
    });
    for (const id of [foreign, 999_999]) {
      for (const response of [
        await patch(id, { note: 'mine' }, OWNER),
        await tags('POST', id, { tags: ['x'] }, OWNER),
        await tags('DELETE', id, { tags: ['x'] }, OWNER),
        await callerId(id, true, OWNER),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.body).not.toContain('theirs');
      }
    }
    expect((await rowOf(foreign))?.note).toBe('theirs');
  });

  it.each([
    { email: 'owner@demo.test', status: 200 },
    { email: 'admin@demo.test', status: 200 },
    { email: 'agent@demo.test', status: 200 },
    { email: 'orgadmin@demo.test', status: 200 },
    { email: 'reporting@demo.test', status: 403 },
    { email: 'billing@demo.test', status: 403 },
  ])('$email: $status', async ({ email, status }) => {
    const id = await newCall({ note: 'before', tags: ['x'] });
    expect((await patch(id, { note: 'by role' }, email)).statusCode).toBe(status);
    expect((await tags('POST', id, { tags: ['y'] }, email)).statusCode).toBe(status);
    expect((await tags('DELETE', id, { tags: ['x'] }, email)).statusCode).toBe(status);
    expect((await callerId(id, true, email)).statusCode).toBe(status);
    if (status === 403) expect(await rowOf(id)).toMatchObject({ note: 'before', tags: ['x'] });
  });
});

describe('the conversation showing the call is told', () => {
  async function callInThread(recipient: string) {
    const id = await newCall({ caller: recipient });
    const conversation = await findOrCreateConversation(t.ctx.db, {
      companyId: motors(),
      numberId: t.ids.numbers.motorsMain,
      recipient,
    });
    const item = await addItem(t.ctx.db, conversation, {
      kind: 'call',
      is_inbound: true,
      record_id: id,
      content: '',
    });
    return { id, conversationId: conversation.id, itemId: item.id };
  }
  const updates = () =>
    events.filter((event) => event.event === EVENTS.conversationUpdated) as {
      channel: string;
      payload: { conversation: { id: number }; item: ConversationItem | null };
    }[];

  it.each<{ name: string; act: (id: number) => Promise<unknown> }>([
    { name: 'PATCH', act: (id) => patch(id, { note: 'Called back', qualification: 1 }) },
    { name: 'an outcome-only PATCH', act: (id) => patch(id, { outcome: 1 }) },
    { name: 'adding a tag', act: (id) => tags('POST', id, { tags: ['hot'] }) },
    { name: 'removing a tag', act: (id) => tags('DELETE', id, { tags: ['seed'] }) },
  ])('$name publishes conversation.updated with the call’s item', async ({ act }) => {
    const { id, conversationId, itemId } = await callInThread(`+1206555${String(3000 + ++serial)}`);
    await t.ctx.db
      .update(calls)
      .set({ tags: ['seed'] })
      .where(eq(calls.id, id));
    events.length = 0;
    await act(id);
    const published = updates();
    expect(published).toHaveLength(1);
    expect(published[0]?.channel).toBe(channels.conversations(motors()));
    expect(published[0]?.payload.conversation.id).toBe(conversationId);
    expect(published[0]?.payload.item).toMatchObject({
      id: itemId,
      details: { type: 'call', record_id: id },
    });
  });

  it('nothing is published when nothing changed, when the change is refused, or when no thread shows the call', async () => {
    const { id } = await callInThread(`+1206555${String(3000 + ++serial)}`);
    await t.ctx.db
      .update(calls)
      .set({ tags: ['seed'] })
      .where(eq(calls.id, id));
    const alone = await newCall();
    events.length = 0;
    await patch(id, {});
    await tags('POST', id, { tags: ['SEED'] });
    await tags('DELETE', id, { tags: ['absent'] });
    await patch(id, { outcome: 9 });
    await patch(id, { note: 'by reporting' }, 'reporting@demo.test');
    expect((await patch(alone, { note: 'no thread' })).statusCode).toBe(200);
    expect(updates()).toEqual([]);
  });
});

describe('GET /calls/{id}/enhanced-caller-id', () => {
  it('looks up an inbound call’s caller, then answers from the cache', async () => {
    const id = await newCall({ caller: '+13125550177' });
    const response = await callerId(id);
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json<CallerId>();
    expect(found).toMatchObject({ number: '+13125550177', city: 'Chicago', state: 'IL' });
    expect(found.name).toBeTruthy();
    const cached = await callerId(id, false);
    expect(cached.statusCode).toBe(200);
    expect(cached.json<CallerId>()).toEqual(found);
  });

  it('of an outbound call, the number called', async () => {
    const id = await newCall({ is_inbound: false, caller: '+13125550100', called: '+12065550142' });
    const response = await callerId(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CallerId>()).toMatchObject({ number: '+12065550142', city: 'Seattle', state: 'WA' });
  });

  it.each<{ name: string; caller: string; lookup: boolean; message: string }>([
    {
      name: 'a withheld caller',
      caller: 'anonymous',
      lookup: true,
      message: ERROR_MESSAGES.callerIdUnavailable,
    },
    {
      name: 'a caller that is no number',
      caller: 'Restricted',
      lookup: true,
      message: ERROR_MESSAGES.callerIdUnavailable,
    },
    {
      name: 'a number the provider does not know',
      caller: '+13125550000',
      lookup: true,
      message: ERROR_MESSAGES.callerIdUnavailable,
    },
    {
      name: 'a number outside the sandbox’s range',
      caller: '+13127771234',
      lookup: true,
      message: ERROR_MESSAGES.callerIdUnavailable,
    },
    {
      name: 'a number never looked up, without lookupWhenMissing',
      caller: '+17135550166',
      lookup: false,
      message: NOT_LOOKED_UP,
    },
  ])('$name: 404 with the message', async ({ caller, lookup, message }) => {
    const id = await newCall({ caller });
    const response = await callerId(id, lookup);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json<{ message: string }>().message).toBe(message);
  });
});

describe('POST /calls/{id}/converse (text back)', () => {
  const converse = (as: string, id: number) => t.as(as, { method: 'POST', url: `/api/calls/${id}/converse` });
  const insertCall = async (values: Partial<typeof calls.$inferInsert>) => {
    const [row] = await t.ctx.db
      .insert(calls)
      .values({
        company_id: t.ids.companies.demoMotors,
        number_id: t.ids.numbers.motorsMain,
        caller: '+13125550166',
        called: '+13125550100',
        started_at: new Date(),
        ...values,
      })
      .returning();
    return row?.id ?? 0;
  };

  it('opens the thread with the caller on the call’s number, the same one each time', async () => {
    const id = await insertCall({});
    const first = await converse('agent@demo.test', id);
    expect(first.statusCode, first.body).toBe(201);
    const again = await converse('agent@demo.test', id);
    expect(again.json().conversation_id).toBe(first.json().conversation_id);
    const [thread] = await t.ctx.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, first.json().conversation_id));
    expect(thread).toMatchObject({ number_id: t.ids.numbers.motorsMain, recipient: '+13125550166' });
  });

  it.each([
    ['a withheld caller', { caller: 'anonymous' }, CONVERSE_MESSAGES.withheld],
    ['a released number', { number_id: null }, CONVERSE_MESSAGES.noNumber],
  ])('refuses %s (422, saying why)', async (_rule, values, message) => {
    const response = await converse('agent@demo.test', await insertCall(values));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.id).toEqual([message]);
  });
});
