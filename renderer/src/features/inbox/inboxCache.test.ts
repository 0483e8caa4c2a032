import type { Conversation, ConversationItem } from '@shared/api/conversations';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aConversation } from '../../testing/conversations';
import {
  applyConversation,
  type ConversationPages,
  type ItemPages,
  inboxKeys,
  matchesFilters,
  mergeConversation,
  notificationBlockKey,
  quietHoursHint,
  removeItem,
  shouldAlert,
  threadItems,
  upsertItem,
} from './inboxCache';

const item = (
  id: number,
  createdAt: string,
  extra: Partial<ConversationItem['details']> = {},
  isInbound = true,
) =>
  ({
    id,
    conversation_id: 1,
    isInbound,
    createdAt,
    user: null,
    details: {
      type: 'message',
      content: `item ${id}`,
      deliveryState: isInbound ? 'received' : 'sent',
      errorCode: null,
      media: [],
      shouldBeSentAt: null,
      record_id: null,
      recording_url: null,
      ...extra,
    },
  }) satisfies ConversationItem;

const conversation = (id: number, last: string, extra: Partial<Conversation> = {}): Conversation =>
  aConversation({ id, last_item_at: last, ...extra });

/** Each list one page of a paged answer, as an infinite query keeps them. */
const pagesOf = <T>(lists: T[][]) =>
  lists.map((data, index) => ({
    data,
    current_page: index + 1,
    last_page: lists.length,
    per_page: 30,
    total: 9,
  }));

const pages = (...lists: Conversation[][]): ConversationPages => ({
  pages: pagesOf(lists),
  pageParams: lists.map((_, index) => index + 1),
});

const itemPages = (...lists: ConversationItem[][]): ItemPages => ({
  pages: pagesOf(lists),
  pageParams: lists.map(() => undefined),
});

const ids = (data: ConversationPages | undefined) =>
  data?.pages.map((page) => page.data.map((row) => row.id));

describe('matchesFilters', () => {
  const c = conversation(1, '2026-01-01T00:00:00Z', { unread_count: 2, assigned_user: { id: 5, name: 'A' } });
  it.each([
    [{}, true],
    [{ archived: true }, false],
    [{ unread: true }, true],
    [{ unread: false }, false],
    [{ number: 3 }, true],
    [{ number: 4 }, false],
    [{ assigned: 'mine' as const }, true],
    [{ assigned: 'unassigned' as const }, false],
    [{ search: 'x' }, false],
  ])('%j → %s', (filters, expected) => {
    expect(matchesFilters(c, filters, 5, false)).toBe(expected);
  });
  it('keeps a searched list’s own rows', () => {
    expect(matchesFilters(c, { search: 'x' }, 5, true)).toBe(true);
  });
});

describe('mergeConversation', () => {
  const a = conversation(1, '2026-01-03T00:00:00Z');
  const b = conversation(2, '2026-01-02T00:00:00Z');
  const c = conversation(3, '2026-01-01T00:00:00Z');

  it('replaces a row in place when its activity time did not move', () => {
    const read = { ...b, unread_count: 0, blocked: true };
    const merged = mergeConversation(pages([a, b], [c]), read, {}, 9);
    expect(ids(merged)).toEqual([[1, 2], [3]]);
    expect(merged?.pages[0]?.data[1]?.blocked).toBe(true);
  });

  it('moves a row with new activity to the top', () => {
    const merged = mergeConversation(
      pages([a, b], [c]),
      { ...c, last_item_at: '2026-01-04T00:00:00Z' },
      {},
      9,
    );
    expect(ids(merged)).toEqual([[3, 1, 2], []]);
  });

  it('adds a new conversation and drops one that no longer belongs', () => {
    const added = mergeConversation(pages([a, b]), conversation(4, '2026-01-05T00:00:00Z'), {}, 9);
    expect(ids(added)).toEqual([[4, 1, 2]]);
    const archived = mergeConversation(pages([a, b]), { ...a, archived: true }, {}, 9);
    expect(ids(archived)).toEqual([[2]]);
    const restored = mergeConversation(pages([b]), a, { archived: true }, 9);
    expect(ids(restored)).toEqual([[2]]);
  });

  it('leaves no cache alone', () => {
    expect(mergeConversation(undefined, a, {}, 9)).toBeUndefined();
  });
});

describe('thread items', () => {
  const newer = item(3, '2026-01-03T00:00:00Z');
  const older = item(1, '2026-01-01T00:00:00Z');

  it('adds a new item to the newest page and lists oldest first', () => {
    const data = upsertItem(itemPages([newer], [older]), item(5, '2026-01-04T00:00:00Z'));
    expect(data?.pages[0]?.data.map((row) => row.id)).toEqual([5, 3]);
    expect(threadItems(data).map((row) => row.id)).toEqual([1, 3, 5]);
  });

  it('replaces an item without moving its delivery state back', () => {
    const sent = item(4, '2026-01-04T00:00:00Z', { deliveryState: 'delivered' }, false);
    const late = item(4, '2026-01-04T00:00:00Z', { deliveryState: 'sent' }, false);
    const data = upsertItem(itemPages([sent, newer]), late);
    expect(data?.pages[0]?.data[0]?.details.deliveryState).toBe('delivered');
    expect(data?.pages[0]?.data).toHaveLength(2);
  });

  it('lets the server’s item of a send replace its "Sending…" placeholder', () => {
    const sending = item(-1, '2026-01-04T00:00:00Z', { deliveryState: 'sending', content: 'Hi' }, false);
    const real = item(8, '2026-01-04T00:00:01Z', { deliveryState: 'queued', content: 'Hi' }, false);
    const data = upsertItem(itemPages([sending, newer]), real);
    expect(threadItems(data).map((row) => row.id)).toEqual([3, 8]);
    expect(threadItems(removeItem(data, -1)).map((row) => row.id)).toEqual([3, 8]);
  });

  it('removes an item (a failed send)', () => {
    const data = removeItem(itemPages([newer, older]), 3);
    expect(threadItems(data).map((row) => row.id)).toEqual([1]);
  });
});

describe('shouldAlert', () => {
  const inbound = {
    conversation: conversation(1, '2026-01-01T00:00:00Z'),
    item: item(9, '2026-01-01T00:00:00Z'),
  };
  const away = { openConversationId: null, windowFocused: false, alreadyKnown: false };

  it('alerts for a new inbound text', () => {
    expect(shouldAlert(inbound, away)).toBe(true);
  });
  it('alerts when another conversation is open, or this one in an unfocused window', () => {
    expect(shouldAlert(inbound, { ...away, openConversationId: 2, windowFocused: true })).toBe(true);
    expect(shouldAlert(inbound, { ...away, openConversationId: 1, windowFocused: false })).toBe(true);
  });
  it('does not alert for a channel the user blocked on that number (§7 notificationBlocks)', () => {
    const number = inbound.conversation.number.id;
    expect(
      shouldAlert(inbound, { ...away, blocked: new Set([notificationBlockKey(number, 'messages')]) }),
    ).toBe(false);
    expect(shouldAlert(inbound, { ...away, blocked: new Set([notificationBlockKey(number, 'calls')]) })).toBe(
      true,
    );
    expect(
      shouldAlert(inbound, { ...away, blocked: new Set([notificationBlockKey(number + 1, 'messages')]) }),
    ).toBe(true);
  });
  it('does not alert when the conversation is open in a focused window', () => {
    expect(shouldAlert(inbound, { ...away, openConversationId: 1, windowFocused: true })).toBe(false);
  });
  it('does not alert for outbound items, notes, no item, known items or blocked conversations', () => {
    expect(shouldAlert({ ...inbound, item: item(9, 'x', {}, false) }, away)).toBe(false);
    expect(shouldAlert({ ...inbound, item: item(9, 'x', { type: 'note' }) }, away)).toBe(false);
    expect(shouldAlert({ ...inbound, item: null }, away)).toBe(false);
    expect(shouldAlert(inbound, { ...away, alreadyKnown: true })).toBe(false);
    expect(shouldAlert({ ...inbound, conversation: { ...inbound.conversation, blocked: true } }, away)).toBe(
      false,
    );
  });
  it('alerts for inbound calls and voicemails', () => {
    expect(shouldAlert({ ...inbound, item: item(9, 'x', { type: 'voicemail' }) }, away)).toBe(true);
  });
});

describe('quietHoursHint', () => {
  it('hints before 8am and from 9pm in the recipient’s zone', () => {
    expect(quietHoursHint(new Date('2026-01-15T12:30:00Z'), 'America/Chicago')).toMatch(/6:30 AM/);
    expect(quietHoursHint(new Date('2026-01-16T03:00:00Z'), 'America/Chicago')).toMatch(/9:00 PM/);
  });
  it('says nothing during the day, or without a zone it knows', () => {
    expect(quietHoursHint(new Date('2026-01-15T18:00:00Z'), 'America/Chicago')).toBeNull();
    expect(quietHoursHint(new Date('2026-01-15T12:30:00Z'), undefined)).toBeNull();
    expect(quietHoursHint(new Date('2026-01-15T12:30:00Z'), 'Not/AZone')).toBeNull();
  });
});

describe('a change that arrives while the list is being fetched', () => {
  it('is not lost to an answer read before it: the list is fetched again', async () => {
    const client = new QueryClient();
    const older = conversation(1, '2026-11-20T10:00:00Z');
    const arrived = conversation(2, '2026-11-24T09:00:00Z');
    const key = inboxKeys.list(7, {});
    let release = () => {};
    const readBeforeTheText = new Promise<void>((resolve) => {
      release = resolve;
    });
    let fetches = 0;
    // The inbox's list, on screen (an observer), loading its first page.
    const list = new InfiniteQueryObserver(client, {
      queryKey: key,
      initialPageParam: 1,
      getNextPageParam: () => undefined,
      queryFn: async () => {
        fetches++;
        // The first read was taken before the text was stored, and answers after its event came.
        if (fetches === 1) {
          await readBeforeTheText;
          return pagesOf([[older]])[0];
        }
        return pagesOf([[arrived, older]])[0];
      },
    });
    const stop = list.subscribe(() => {});
    await Promise.resolve();
    applyConversation(client, arrived, 5);
    release();
    await expect
      .poll(() => client.getQueryData<ConversationPages>(key)?.pages[0]?.data.map((row) => row.id))
      .toEqual([2, 1]);
    expect(fetches).toBe(2);
    stop();
  });
});
