/**
 * The inbox API (§7 Conversations and messages): the list and its filters on the seeded demo threads, items with
 * the infinite-scroll cursor, read / unread / archive / restore one at a time and in bulk, read-all and
 * read-all-by-type, assignment, block, deletes, notes on conversations, realtime events, roles and companies.
 * Conversations the tests change are their own (recipients in 206), so the seeded demo stays as seeded.
 */
import { INBOX_ENDPOINTS } from '@shared/api/inbox';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { channels, EVENTS } from '@shared/realtime';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, contacts, conversationItems, conversations, notes, voicemails } from '../../db/schema';
import { SEED_ANCHOR } from '../../seed/conversations';
import { publishedEvents, sharedTestApp } from '../../testing/testApp';
import { addItem, findOrCreateConversation } from './store';

const t = sharedTestApp();
let motors: number;
let other: number;
beforeAll(() => {
  ({ demoMotors: motors, otherCo: other } = t.ids.companies);
});
const events = publishedEvents(t);

const listResponse = INBOX_ENDPOINTS.list.response;
const one = INBOX_ENDPOINTS.get.response;
let serial = 0;

type ItemSpec = { kind?: string; in?: boolean; content?: string; minutesAgo?: number; due?: Date };

/** A conversation of the test's own (a fresh 206 recipient) with the given items, oldest first. */
async function thread(
  items: ItemSpec[] = [{ in: true, content: 'Hello' }],
  options: { companyId?: number; numberId?: number; recipient?: string } = {},
) {
  const companyId = options.companyId ?? motors;
  const conversation = await findOrCreateConversation(t.ctx.db, {
    companyId,
    numberId: options.numberId ?? (companyId === motors ? t.ids.numbers.motorsMain : t.ids.numbers.otherMain),
    recipient: options.recipient ?? `+1206555${String(7100 + ++serial)}`,
  });
  const rows = [];
  for (const [index, item] of items.entries()) {
    rows.push(
      await addItem(t.ctx.db, conversation, {
        kind: item.kind ?? 'message',
        is_inbound: item.in ?? false,
        content: item.content ?? `Item ${index}`,
        should_be_sent_at: item.due ?? null,
        created_at: new Date(Date.now() - (item.minutesAgo ?? items.length - index) * 60_000),
      }),
    );
  }
  return { id: conversation.id, items: rows };
}

async function row(id: number) {
  const [found] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, id));
  return found;
}

const list = (query: string, email = 'admin@demo.test') =>
  t.as(email, { method: 'GET', url: `/api/companies/${motors}/conversations?${query}` });
const put = (url: string, payload?: unknown, email = 'admin@demo.test') =>
  t.as(email, { method: 'PUT', url: `/api/${url}`, payload: payload ?? {} });

describe('the seeded demo inbox', () => {
  it('Demo Motors has about 150 conversations over four months, Demo Realty about 30', async () => {
    const all = await t.ctx.db.select().from(conversations);
    const motorsRows = all.filter((c) => c.company_id === motors);
    const realtyRows = all.filter((c) => c.company_id === t.ids.companies.demoRealty);
    expect(motorsRows.length).toBeGreaterThanOrEqual(150);
    expect(realtyRows.length).toBe(30);
    expect(motorsRows.some((c) => c.unread_count > 0)).toBe(true);
    expect(motorsRows.some((c) => c.archived_at)).toBe(true);
    expect(motorsRows.filter((c) => c.blocked)).toHaveLength(1);
    expect(motorsRows.some((c) => c.assigned_user_id === t.ids.users['agent@demo.test'])).toBe(true);
    expect(motorsRows.some((c) => c.contact_id === null)).toBe(true);
    const times = motorsRows.map((c) => c.last_item_at.getTime());
    expect(Math.max(...times)).toBeLessThan(SEED_ANCHOR.getTime());
    expect(Math.min(...times)).toBeGreaterThan(SEED_ANCHOR.getTime() - 125 * 24 * 3_600_000);
    const noteItems = await t.ctx.db
      .select()
      .from(conversationItems)
      .where(eq(conversationItems.kind, 'note'));
    expect(noteItems.length).toBeGreaterThan(0);
    expect(noteItems.every((item) => item.record_id !== null && item.media.length === 0)).toBe(true);
  });
});

describe('GET /companies/{companyId}/conversations', () => {
  it('pages the inbox newest first, five to a page unless asked (§9)', async () => {
    const response = await list('');
    expect(response.statusCode, response.body).toBe(200);
    const page = listResponse.parse(response.json());
    expect(page.per_page).toBe(5);
    expect(page.data).toHaveLength(5);
    expect(page.total).toBeGreaterThan(100);
    const second = listResponse.parse((await list('page=2')).json());
    expect(second.current_page).toBe(2);
    const times = [...page.data, ...second.data].map((c) => c.last_item_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set([...page.data, ...second.data].map((c) => c.id)).size).toBe(10);
    const big = listResponse.parse((await list('perPage=100')).json());
    expect(big.data).toHaveLength(100);
    expect(big.data.every((c) => !c.archived && c.company_id === motors)).toBe(true);
    expect((await list('perPage=101')).statusCode).toBe(422);
  });

  it('filters unread, archived, number and assignee', async () => {
    const unread = listResponse.parse((await list('unread=true&perPage=100')).json());
    expect(unread.total).toBeGreaterThan(0);
    expect(unread.data.every((c) => c.unread_count > 0)).toBe(true);
    const archived = listResponse.parse((await list('archived=true&perPage=100')).json());
    expect(archived.total).toBeGreaterThan(0);
    expect(archived.data.every((c) => c.archived)).toBe(true);
    const service = listResponse.parse(
      (await list(`number=${t.ids.numbers.motorsService}&perPage=100`)).json(),
    );
    expect(service.total).toBeGreaterThan(0);
    expect(service.data.every((c) => c.number.id === t.ids.numbers.motorsService)).toBe(true);
    const agentId = t.ids.users['agent@demo.test'];
    const mine = listResponse.parse((await list('assigned=mine&perPage=100', 'agent@demo.test')).json());
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.data.every((c) => c.assigned_user?.id === agentId)).toBe(true);
    const byId = listResponse.parse((await list(`assigned=${agentId}&perPage=100`)).json());
    expect(byId.total).toBe(mine.total);
    const nobody = listResponse.parse((await list('assigned=unassigned&perPage=100')).json());
    expect(nobody.data.every((c) => c.assigned_user === null)).toBe(true);
    expect((await list('assigned=someone')).statusCode).toBe(422);
  });

  it('searches the recipient (phone-like text stripped, §5), the contact’s name and message content', async () => {
    const { id } = await thread([{ in: true, content: 'Is the blue Outback still for sale?' }], {
      recipient: '+12065557777',
    });
    for (const search of ['(206) 555-7777', '206-555 7777', '2065557777', 'blue outback']) {
      const page = listResponse.parse((await list(`search=${encodeURIComponent(search)}`)).json());
      expect(
        page.data.map((c) => c.id),
        search,
      ).toEqual([id]);
    }
    const [contact] = await t.ctx.db.select().from(contacts).where(eq(contacts.company_id, motors)).limit(1);
    const [named] = await t.ctx.db
      .select()
      .from(conversations)
      .where(eq(conversations.contact_id, contact?.id ?? 0));
    if (named && contact) {
      const page = listResponse.parse(
        (
          await list(
            `search=${encodeURIComponent(contact.name)}&archived=${named.archived_at ? 'true' : 'false'}`,
          )
        ).json(),
      );
      expect(page.data.map((c) => c.id)).toContain(named.id);
    }
    expect(listResponse.parse((await list('search=zzqqxx')).json()).total).toBe(0);
  });

  it('needs inbox.use: agents may, reporting and billing may not; another company answers 404', async () => {
    expect((await list('', 'agent@demo.test')).statusCode).toBe(200);
    expect((await list('', 'reporting@demo.test')).statusCode).toBe(403);
    expect((await list('', 'billing@demo.test')).statusCode).toBe(403);
    const foreign = await t.as('admin@demo.test', {
      method: 'GET',
      url: `/api/companies/${other}/conversations`,
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/companies/${motors}/conversations` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /conversations/{id} and its items', () => {
  it('answers one conversation; another company’s is 404', async () => {
    const { id } = await thread();
    const response = await t.as('agent@demo.test', { method: 'GET', url: `/api/conversations/${id}` });
    expect(response.statusCode).toBe(200);
    expect(one.parse(response.json())).toMatchObject({ id, company_id: motors, unread_count: 1 });
    const foreign = await thread(undefined, { companyId: other });
    expect(
      (await t.as('admin@demo.test', { method: 'GET', url: `/api/conversations/${foreign.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.as('reporting@demo.test', { method: 'GET', url: `/api/conversations/${id}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('billing@demo.test', { method: 'GET', url: `/api/conversations/${id}` })).statusCode,
    ).toBe(403);
  });

  it('lists items newest first, pages back from a cursor, and shows scheduled messages', async () => {
    const due = new Date(Date.now() + 86_400_000);
    const { id, items } = await thread([
      { in: true, content: 'one' },
      { content: 'two' },
      { in: true, content: 'three' },
      { content: 'four' },
      { kind: 'scheduledmessage', content: 'five', due },
    ]);
    const get = (query: string) =>
      t.as('agent@demo.test', {
        method: 'GET',
        url: `/api/inbox/conversations/items?conversationId=${id}&${query}`,
      });
    const page = INBOX_ENDPOINTS.items.response.parse((await get('perPage=2')).json());
    expect(page.total).toBe(5);
    expect(page.data.map((item) => item.details.content)).toEqual(['five', 'four']);
    expect(page.data[0]?.details).toMatchObject({
      type: 'scheduledmessage',
      shouldBeSentAt: due.toISOString(),
    });
    const older = INBOX_ENDPOINTS.items.response.parse(
      (await get(`perPage=2&before=${page.data[1]?.id}`)).json(),
    );
    expect(older.data.map((item) => item.details.content)).toEqual(['three', 'two']);
    expect(older.total).toBe(3);
    const second = INBOX_ENDPOINTS.items.response.parse((await get('perPage=2&page=3')).json());
    expect(second.data.map((item) => item.details.content)).toEqual(['one']);
    expect(items).toHaveLength(5);
    const stranger = await thread([{ content: 'x' }]);
    expect((await get(`before=${stranger.items[0]?.id}`)).statusCode).toBe(422);
    const foreign = await thread(undefined, { companyId: other });
    const response = await t.as('admin@demo.test', {
      method: 'GET',
      url: `/api/inbox/conversations/items?conversationId=${foreign.id}`,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('calls and voicemails in the thread', () => {
  it('carry a signed link to their recording when they have one, which plays; none without; and their length', async () => {
    const recipient = '+12065557890';
    const conversation = await findOrCreateConversation(t.ctx.db, {
      companyId: motors,
      numberId: t.ids.numbers.motorsMain,
      recipient,
    });
    const started_at = new Date();
    const [recordedCall, silentCall] = await t.ctx.db
      .insert(calls)
      .values([
        {
          company_id: motors,
          caller: recipient,
          called: '+13125550100',
          started_at,
          duration: 95,
          recording_path: 'demo/recording-1.wav',
        },
        { company_id: motors, caller: recipient, called: '+13125550100', started_at, duration: 12 },
      ])
      .returning();
    const [voicemail] = await t.ctx.db
      .insert(voicemails)
      .values({ company_id: motors, caller: recipient, duration: 42, recording_path: 'demo/voicemail-1.wav' })
      .returning();
    for (const [kind, record] of [
      ['call', recordedCall],
      ['call', silentCall],
      ['voicemail', voicemail],
    ] as const) {
      await addItem(t.ctx.db, conversation, {
        kind,
        is_inbound: true,
        content: '',
        record_id: record?.id ?? null,
      });
    }
    const response = await t.as('agent@demo.test', {
      method: 'GET',
      url: `/api/inbox/conversations/items?conversationId=${conversation.id}`,
    });
    const items = INBOX_ENDPOINTS.items.response.parse(response.json()).data;
    const urlOf = (id: number | undefined) =>
      items.find((item) => item.details.record_id === id)?.details.recording_url;
    expect(urlOf(recordedCall?.id)).toMatch(
      new RegExp(`^/api/recordings/call/${recordedCall?.id}\\?company=${motors}&expires=\\d+&sig=`),
    );
    expect(urlOf(silentCall?.id)).toBeNull();
    // The player shows the length before it has loaded the file (issue 17: "audio players show 0:00 until played").
    const durationOf = (id: number | undefined) =>
      items.find((item) => item.details.record_id === id)?.details.duration;
    expect([recordedCall?.id, silentCall?.id, voicemail?.id].map(durationOf)).toEqual([95, 12, 42]);
    expect(urlOf(voicemail?.id)).toMatch(new RegExp(`^/api/recordings/voicemail/${voicemail?.id}\\?`));
    const audio = await t.app.inject({ method: 'GET', url: urlOf(voicemail?.id) ?? '' });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toMatch(/^audio\//);
  });
});

describe('read, unread, archive, restore', () => {
  it('changes one conversation and publishes conversation.updated each time', async () => {
    const { id } = await thread([{ in: true }, { in: true }]);
    expect((await row(id))?.unread_count).toBe(2);
    events.length = 0;
    const read = await put(`conversations/${id}/read`, undefined, 'agent@demo.test');
    expect(read.statusCode, read.body).toBe(200);
    expect(one.parse(read.json()).unread_count).toBe(0);
    expect(one.parse((await put(`conversations/${id}/unread`)).json()).unread_count).toBe(1);
    expect(one.parse((await put(`conversations/${id}/archive`)).json()).archived).toBe(true);
    expect(one.parse((await put(`conversations/${id}/restore`)).json()).archived).toBe(false);
    expect(events.filter((e) => e.event === EVENTS.conversationUpdated)).toHaveLength(4);
    expect(events.every((e) => e.channel === channels.conversations(motors))).toBe(true);
    const last = events.at(-1)?.payload as { conversation: { id: number; archived: boolean } };
    expect(last.conversation).toMatchObject({ id, archived: false });
  });

  it('unread keeps a higher count; another company’s conversation is 404, reporting 403', async () => {
    const { id } = await thread([{ in: true }, { in: true }, { in: true }]);
    expect(one.parse((await put(`conversations/${id}/unread`)).json()).unread_count).toBe(3);
    const foreign = await thread(undefined, { companyId: other });
    expect((await put(`conversations/${foreign.id}/read`)).statusCode).toBe(404);
    expect((await row(foreign.id))?.unread_count).toBe(1);
    expect((await put(`conversations/${id}/read`, undefined, 'reporting@demo.test')).statusCode).toBe(403);
  });
});

describe('bulk update, read-all and read-all-by-type', () => {
  it('applies an action to the company’s conversations only, with the flash text', async () => {
    const a = await thread([{ in: true }]);
    const b = await thread([{ in: true }]);
    const foreign = await thread([{ in: true }], { companyId: other });
    events.length = 0;
    const response = await put(`companies/${motors}/conversations`, {
      ids: [a.id, b.id, foreign.id],
      action: 'archive',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ affected: 2, message: SUCCESS_MESSAGES.bulkUpdateApplied });
    expect((await row(a.id))?.archived_at).not.toBeNull();
    expect((await row(foreign.id))?.archived_at).toBeNull();
    expect(events.map((e) => (e.payload as { conversation: { id: number } }).conversation.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    const read = await put(`companies/${motors}/conversations`, { ids: [a.id, foreign.id], action: 'read' });
    expect(read.json()).toMatchObject({ affected: 1 });
    expect((await row(foreign.id))?.unread_count).toBe(1);
    expect(
      (await put(`companies/${motors}/conversations`, { ids: [a.id], action: 'explode' })).statusCode,
    ).toBe(422);
    expect((await put(`companies/${motors}/conversations`, { ids: [], action: 'read' })).statusCode).toBe(
      422,
    );
    expect(
      (await put(`companies/${motors}/conversations`, { ids: [a.id], action: 'read' }, 'billing@demo.test'))
        .statusCode,
    ).toBe(403);
  });

  it('read-all-by-type clears conversations whose unread items are all of that kind', async () => {
    const numberId = t.ids.numbers.motorsTollFree;
    // Unread counts: 1 (the voicemail), 2 (a text and a voicemail), 1 (the text).
    const voicemailOnly = await thread([{ content: 'hello' }, { kind: 'voicemail', in: true }], { numberId });
    const mixed = await thread([{ in: true }, { kind: 'voicemail', in: true }], { numberId });
    const texts = await thread([{ content: 'reply' }, { in: true }], { numberId });
    const response = await put(`companies/${motors}/conversations/read-all-by-type`, {
      type: 'voicemail',
      number: numberId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: SUCCESS_MESSAGES.bulkUpdateApplied });
    expect((await row(voicemailOnly.id))?.unread_count).toBe(0);
    expect((await row(mixed.id))?.unread_count).toBe(2);
    expect((await row(texts.id))?.unread_count).toBe(1);
    const byText = await put(`companies/${motors}/conversations/read-all-by-type`, {
      type: 'message',
      number: numberId,
    });
    expect((await row(texts.id))?.unread_count).toBe(0);
    expect((await row(mixed.id))?.unread_count).toBe(2);
    expect(byText.json().affected).toBeGreaterThanOrEqual(1);
    expect(
      (await put(`companies/${motors}/conversations/read-all-by-type`, { type: 'note' })).statusCode,
    ).toBe(422);
  });

  it('read-all clears every unread conversation, or those of one number', async () => {
    const onSales = await thread([{ in: true }], { numberId: t.ids.numbers.motorsSales });
    const onMain = await thread([{ in: true }]);
    const foreign = await thread([{ in: true }], { companyId: other });
    const byNumber = await put(`companies/${motors}/conversations/read-all`, {
      number: t.ids.numbers.motorsSales,
    });
    expect(byNumber.statusCode).toBe(200);
    expect((await row(onSales.id))?.unread_count).toBe(0);
    expect((await row(onMain.id))?.unread_count).toBe(1);
    const all = await put(`companies/${motors}/conversations/read-all`);
    expect(all.json().affected).toBeGreaterThan(0);
    expect((await row(onMain.id))?.unread_count).toBe(0);
    expect((await row(foreign.id))?.unread_count).toBe(1);
    expect(listResponse.parse((await list('unread=true')).json()).total).toBe(0);
  });
});

describe('assignment and blocking', () => {
  it('assigns to an active member who uses the inbox, or to nobody', async () => {
    const { id } = await thread();
    const agent2 = t.ids.users['agent2@demo.test'];
    const assigned = await put(`conversations/${id}/assign`, { user_id: agent2 }, 'agent@demo.test');
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(one.parse(assigned.json()).assigned_user).toEqual({ id: agent2, name: 'Andre Agent' });
    for (const email of ['billing@demo.test', 'deactivated@demo.test', 'other@demo.test']) {
      const refused = await put(`conversations/${id}/assign`, { user_id: t.ids.users[email] });
      expect(refused.statusCode, email).toBe(422);
      expect(refused.json().errors).toHaveProperty('user_id');
    }
    const cleared = await put(`conversations/${id}/assign`, { user_id: null });
    expect(one.parse(cleared.json()).assigned_user).toBeNull();
  });

  it('blocks and unblocks, each with a block item in the thread', async () => {
    const { id } = await thread();
    events.length = 0;
    const blocked = await put(`conversations/${id}/block`);
    expect(one.parse(blocked.json())).toMatchObject({ blocked: true });
    expect(one.parse(blocked.json()).latest_item?.details).toMatchObject({
      type: 'block',
      content: 'Blocked',
    });
    const event = events[0]?.payload as { item: { details: { type: string } } } | undefined;
    expect(event?.item.details.type).toBe('block');
    const unblocked = await put(`conversations/${id}/unblock`);
    expect(one.parse(unblocked.json())).toMatchObject({ blocked: false });
    expect(one.parse(unblocked.json()).latest_item?.details.content).toBe('Unblocked');
  });
});

describe('deleting messages and items', () => {
  it('deletes a message, and refuses other items on the message route', async () => {
    const { id, items } = await thread([
      { in: true, content: 'keep' },
      { content: 'oops' },
      { kind: 'note', content: 'n' },
    ]);
    events.length = 0;
    const response = await t.as('agent@demo.test', {
      method: 'DELETE',
      url: `/api/messages/${items[1]?.id}`,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(events).toHaveLength(1);
    const left = await t.ctx.db
      .select()
      .from(conversationItems)
      .where(eq(conversationItems.conversation_id, id));
    expect(left.map((item) => item.content).sort()).toEqual(['keep', 'n']);
    expect(
      (await t.as('agent@demo.test', { method: 'DELETE', url: `/api/messages/${items[2]?.id}` })).statusCode,
    ).toBe(422);
  });

  it('deletes items but calls, voicemails and faxes, which belong to the activity feed', async () => {
    const { items } = await thread([
      { kind: 'call', in: true },
      { kind: 'voicemail', in: true },
      { kind: 'fax', in: true },
      { kind: 'trackingmatch' },
    ]);
    for (const item of items.slice(0, 3)) {
      const refused = await t.as('agent@demo.test', {
        method: 'DELETE',
        url: `/api/inbox/conversations/items/${item.id}`,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.id[0]).toMatch(/activity feed/);
    }
    const removed = await t.as('agent@demo.test', {
      method: 'DELETE',
      url: `/api/inbox/conversations/items/${items[3]?.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const foreign = await thread([{ content: 'theirs' }], { companyId: other });
    const response = await t.as('admin@demo.test', {
      method: 'DELETE',
      url: `/api/inbox/conversations/items/${foreign.items[0]?.id}`,
    });
    expect(response.statusCode).toBe(404);
    expect(
      (await t.as('reporting@demo.test', { method: 'DELETE', url: `/api/messages/${foreign.items[0]?.id}` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('notes on conversations', () => {
  it('a note shows in the thread as a note item, follows edits and goes with its deletion', async () => {
    const { id } = await thread();
    events.length = 0;
    const created = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/notes',
      payload: { model_type: 'conversation', model_id: id, body: 'Wants a call after 5' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const noteId = created.json().id as number;
    const latest = one.parse(
      (await t.as('agent@demo.test', { method: 'GET', url: `/api/conversations/${id}` })).json(),
    ).latest_item;
    expect(latest).toMatchObject({
      details: { type: 'note', content: 'Wants a call after 5', record_id: noteId },
      user: { id: t.ids.users['agent@demo.test'], name: 'Aria Agent' },
    });
    expect(events.some((e) => e.event === EVENTS.conversationUpdated)).toBe(true);
    await t.as('agent@demo.test', {
      method: 'PUT',
      url: `/api/notes/${noteId}`,
      payload: { body: 'Call after 6' },
    });
    const [item] = await t.ctx.db
      .select()
      .from(conversationItems)
      .where(eq(conversationItems.id, latest?.id ?? 0));
    expect(item?.content).toBe('Call after 6');
    await t.as('agent@demo.test', { method: 'DELETE', url: `/api/notes/${noteId}` });
    expect(
      await t.ctx.db
        .select()
        .from(conversationItems)
        .where(eq(conversationItems.id, latest?.id ?? 0)),
    ).toEqual([]);
  });

  it('deleting the note item deletes the note; notes on another company’s conversation are 404', async () => {
    const { id } = await thread();
    const created = await t.as('admin@demo.test', {
      method: 'POST',
      url: '/api/notes',
      payload: { model_type: 'conversation', model_id: id, body: 'Temporary' },
    });
    const [item] = await t.ctx.db
      .select()
      .from(conversationItems)
      .where(and(eq(conversationItems.kind, 'note'), eq(conversationItems.record_id, created.json().id)));
    const removed = await t.as('admin@demo.test', {
      method: 'DELETE',
      url: `/api/inbox/conversations/items/${item?.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await t.ctx.db.select().from(notes).where(eq(notes.id, created.json().id))).toEqual([]);
    const foreign = await thread(undefined, { companyId: other });
    const response = await t.as('admin@demo.test', {
      method: 'POST',
      url: '/api/notes',
      payload: { model_type: 'conversation', model_id: foreign.id, body: 'Nope' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('contacts and conversations', () => {
  it('deleting a contact leaves its conversation without a contact', async () => {
    const created = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/contacts?companyId=${motors}`,
      payload: { name: 'Gone Soon', number: '(206) 555-7990' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = await thread([{ in: true }], { recipient: '+12065557990' });
    const before = one.parse(
      (await t.as('admin@demo.test', { method: 'GET', url: `/api/conversations/${id}` })).json(),
    );
    expect(before.contact).toMatchObject({ id: created.json().id, name: 'Gone Soon' });
    const removed = await t.as('admin@demo.test', {
      method: 'DELETE',
      url: `/api/contacts/${created.json().id}`,
    });
    expect(removed.statusCode).toBe(204);
    const after = one.parse(
      (await t.as('admin@demo.test', { method: 'GET', url: `/api/conversations/${id}` })).json(),
    );
    expect(after.contact).toBeNull();
    expect(after.recipient).toBe('+12065557990');
  });
});
