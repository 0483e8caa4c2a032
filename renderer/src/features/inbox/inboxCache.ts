/**
 * The inbox's TanStack Query keys and the pure helpers that merge what realtime and the server answer into the
 * cached pages (conversation lists and a thread's items), so a `conversation.updated` changes one row or one item
 * instead of refetching everything. Also the predicates the screens use: `shouldAlert` (the desktop alert) and
 * `quietHoursHint` (§5 texting outside 8am–9pm in the recipient's time zone).
 */
import type { Conversation, ConversationItem, ConversationUpdatedEvent } from '@shared/api/conversations';
import type { ConversationFilters } from '@shared/api/inbox';
import type { Paged } from '@shared/api/paged';
import { advanceDeliveryState } from '@shared/domain/messaging';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

export type { ConversationFilters };

export const inboxKeys = {
  lists: (companyId: number) => ['Conversation', 'list', companyId] as const,
  list: (companyId: number, filters: ConversationFilters) =>
    ['Conversation', 'list', companyId, filters] as const,
  detail: (id: number) => ['Conversation', 'detail', id] as const,
  items: (conversationId: number) => ['ConversationItem', conversationId] as const,
  numbers: (companyId: number) => ['Numbers', 'inbox', companyId] as const,
};

export type ConversationPages = InfiniteData<Paged<Conversation>>;
export type ItemPages = InfiniteData<Paged<ConversationItem>>;

/**
 * Whether a conversation belongs in a list with these filters. A search is the server's to decide: with one,
 * only conversations already in the list are kept (updated in place), new ones wait for the next fetch.
 */
export function matchesFilters(
  conversation: Conversation,
  filters: ConversationFilters,
  userId: number,
  alreadyListed: boolean,
): boolean {
  if (conversation.archived !== !!filters.archived) return false;
  if (filters.unread === true && conversation.unread_count === 0) return false;
  if (filters.unread === false && conversation.unread_count > 0) return false;
  if (filters.number && conversation.number.id !== filters.number) return false;
  if (filters.assigned === 'mine' && conversation.assigned_user?.id !== userId) return false;
  if (filters.assigned === 'unassigned' && conversation.assigned_user) return false;
  if (filters.search) return alreadyListed;
  return true;
}

const newerFirst = (a: { last_item_at: string; id: number }, b: { last_item_at: string; id: number }) =>
  b.last_item_at.localeCompare(a.last_item_at) || b.id - a.id;

/**
 * The list after `conversation` changed: replaced where it was when it still belongs and its activity time did
 * not move; otherwise taken out and, when it belongs, put in its place by newest activity in the first page.
 */
export function mergeConversation(
  data: ConversationPages | undefined,
  conversation: Conversation,
  filters: ConversationFilters,
  userId: number,
): ConversationPages | undefined {
  if (!data) return data;
  const existing = data.pages.flatMap((page) => page.data).find((row) => row.id === conversation.id);
  const belongs = matchesFilters(conversation, filters, userId, !!existing);
  if (existing && belongs && existing.last_item_at === conversation.last_item_at) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        data: page.data.map((row) => (row.id === conversation.id ? conversation : row)),
      })),
    };
  }
  if (!existing && !belongs) return data;
  const pages = data.pages.map((page) => {
    const rows = page.data.filter((row) => row.id !== conversation.id);
    return rows.length === page.data.length ? page : { ...page, data: rows, total: page.total - 1 };
  });
  if (belongs) {
    const first = pages[0];
    if (first) {
      pages[0] = { ...first, data: [...first.data, conversation].sort(newerFirst), total: first.total + 1 };
    }
  }
  return { ...data, pages };
}

const itemOrder = (a: ConversationItem, b: ConversationItem) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/**
 * The thread after `item` came in or changed: replaced where it is (its delivery state only moves forward), or
 * added to the newest page in order.
 */
export function upsertItem(data: ItemPages | undefined, item: ConversationItem): ItemPages | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) => ({
    ...page,
    data: page.data.map((row) => {
      if (row.id !== item.id) return row;
      found = true;
      const state =
        item.details.deliveryState && row.details.deliveryState
          ? advanceDeliveryState(row.details.deliveryState, item.details.deliveryState)
          : item.details.deliveryState;
      return { ...item, details: { ...item.details, deliveryState: state } };
    }),
  }));
  if (!found && !item.isInbound && item.id > 0) {
    // The server's item of an optimistic send can come by realtime before the send answers: it takes the place
    // of the "Sending…" item with the same text.
    const placeholder = pages
      .flatMap((page) => page.data)
      .find((row) => row.id < 0 && row.details.content === item.details.content);
    if (placeholder) {
      found = true;
      for (const [index, page] of pages.entries())
        pages[index] = {
          ...page,
          data: page.data.map((row) => (row.id === placeholder.id ? item : row)).sort(itemOrder),
        };
    }
  }
  if (!found) {
    const first = pages[0];
    if (first) pages[0] = { ...first, data: [...first.data, item].sort(itemOrder), total: first.total + 1 };
  }
  return { ...data, pages };
}

/** The thread without the item `id` (a failed optimistic send, a cancelled scheduled message). */
export function removeItem(data: ItemPages | undefined, id: number): ItemPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const rows = page.data.filter((row) => row.id !== id);
      return rows.length === page.data.length ? page : { ...page, data: rows, total: page.total - 1 };
    }),
  };
}

/** The thread's items oldest first (pages come newest first). */
export function threadItems(data: ItemPages | undefined): ConversationItem[] {
  if (!data) return [];
  return data.pages.flatMap((page) => page.data).sort((a, b) => -itemOrder(a, b));
}

export interface AlertState {
  /** The conversation open in the thread, if any. */
  openConversationId: number | null;
  windowFocused: boolean;
  /** The item is already in the cache (a re-publish, a delivery update): it was alerted before. */
  alreadyKnown: boolean;
  /** The user's notification blocks (§7), as `notificationBlockKey(numberId, channel)`. */
  blocked?: ReadonlySet<string>;
}

/** The notification channel (§7 notificationBlocks) each alerting item kind belongs to. */
const ALERT_CHANNELS: Readonly<Record<string, string>> = {
  message: 'messages',
  call: 'calls',
  voicemail: 'voicemails',
  fax: 'faxes',
};

export const notificationBlockKey = (numberId: number, channel: string) => `${numberId}:${channel}`;

/**
 * Whether a `conversation.updated` gets a desktop alert: a new inbound item, unless its thread is in view or the
 * user silenced that channel of its number.
 */
export function shouldAlert(event: ConversationUpdatedEvent, state: AlertState): boolean {
  const item = event.item;
  const channel = item ? ALERT_CHANNELS[item.details.type] : undefined;
  if (!item?.isInbound || !channel) return false;
  if (state.alreadyKnown || event.conversation.blocked) return false;
  if (state.blocked?.has(notificationBlockKey(event.conversation.number.id, channel))) return false;
  return !(state.openConversationId === event.conversation.id && state.windowFocused);
}

/** The hour (0–23) at `now` in `timeZone`, or null when the zone is not one the browser knows. */
export function hourIn(now: Date, timeZone: string): number | null {
  try {
    const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' })
      .formatToParts(now)
      .find((part) => part.type === 'hour')?.value;
    return hour === undefined ? null : Number(hour) % 24;
  } catch {
    return null;
  }
}

/** The quiet-hours hint when it is before 8am or from 9pm in the recipient's zone; null otherwise or unknown. */
export function quietHoursHint(now: Date, timeZone: unknown): string | null {
  if (typeof timeZone !== 'string' || !timeZone) return null;
  const hour = hourIn(now, timeZone);
  if (hour === null || (hour >= 8 && hour < 21)) return null;
  const local = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    now,
  );
  return `It is ${local} for this contact (${timeZone}): texts outside 8am–9pm may be unwelcome.`;
}

/**
 * Puts a changed conversation into every cached list of its company and its detail. A list whose fetch is under
 * way as the change arrives may have been read before the change: its answer would replace the merged pages and
 * drop it (an inbox opened at the moment a text arrives would never show that text), so it is fetched again.
 */
export function applyConversation(client: QueryClient, conversation: Conversation, userId: number): void {
  client.setQueryData(inboxKeys.detail(conversation.id), conversation);
  const lists = inboxKeys.lists(conversation.company_id);
  for (const [key] of client.getQueriesData<ConversationPages>({ queryKey: lists })) {
    const filters = (key[3] ?? {}) as ConversationFilters;
    client.setQueryData<ConversationPages>(key, (data) =>
      mergeConversation(data, conversation, filters, userId),
    );
  }
  // Once that fetch has settled (a first load cannot be restarted: another fetch would only join it).
  const inFlight = client.getQueryCache().findAll({ queryKey: lists, fetchStatus: 'fetching' });
  for (const query of inFlight) {
    void query.promise
      ?.catch(() => undefined)
      .then(() => client.refetchQueries({ queryKey: query.queryKey, exact: true }));
  }
}
