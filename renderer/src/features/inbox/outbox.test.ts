/**
 * Texts on their way out (issue 17, "a text sent while offline shows in the thread as pending and goes out once
 * when the connection is back"), against a fake server behind the replay layer.
 */
import type { ConversationItem } from '@shared/api/conversations';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ContractCaller } from '../../api/client';
import { registerReplays } from '../../api/replay';
import { onlineWithFakeTimers } from '../../testing/onlineWithFakeTimers';
import { flash } from '../../ui/flash';
import { draftOf, setDraft } from './drafts';
import { type ItemPages, inboxKeys, threadItems } from './inboxCache';
import { discardText, type PendingText, retryText, sendText, temporaryItemId } from './outbox';

vi.mock('../../ui/flash', () => ({ flash: vi.fn() }));

const CONVERSATION = 41;

const serverItem = (text: string): ConversationItem => ({
  id: 900,
  conversation_id: CONVERSATION,
  isInbound: false,
  createdAt: '2026-05-01T10:00:00.000Z',
  user: null,
  details: {
    type: 'message',
    content: text,
    deliveryState: 'queued',
    errorCode: null,
    media: [],
    shouldBeSentAt: null,
    record_id: null,
    recording_url: null,
  },
});

type Reply = 'no-answer' | ApiError | ConversationItem;

/** The server as the replay layer reaches it: answers in order, logs each call's key; no answer marks offline. */
function setup(replies: Reply[]) {
  const keys: string[] = [];
  const caller: ContractCaller = {
    call: (async (
      _endpoint: unknown,
      input: { body: { text: string } },
      options: { idempotencyKey: string },
    ) => {
      keys.push(options.idempotencyKey);
      const reply = replies.shift() ?? serverItem(input.body.text);
      if (reply === 'no-answer') {
        onlineManager.setOnline(false);
        throw new ApiError(0, {}, 'The platform cannot be reached.', 'ERR_NETWORK');
      }
      if (reply instanceof ApiError) throw reply;
      return reply;
    }) as ContractCaller['call'],
  };
  const client = new QueryClient();
  client.mount();
  registerReplays(client, caller);
  const empty: ItemPages = {
    pages: [{ data: [], current_page: 1, last_page: 1, per_page: 30, total: 0 }],
    pageParams: [undefined],
  };
  client.setQueryData(inboxKeys.items(CONVERSATION), empty);
  const thread = () => threadItems(client.getQueryData<ItemPages>(inboxKeys.items(CONVERSATION)));
  const sends = () => client.getMutationCache().getAll();
  return { client, keys, thread, sends };
}

const text = (words: string): PendingText => ({
  companyId: 7,
  conversationId: CONVERSATION,
  temporaryId: temporaryItemId(),
  text: words,
});

const refusal = () =>
  new ApiError(422, { text: ['This contact replied STOP.'] }, 'This contact replied STOP.');

onlineWithFakeTimers();
afterEach(() => vi.mocked(flash).mockClear());

describe('sending a text', () => {
  it('written offline: shows at once, waits, and goes out once when the connection is back', async () => {
    const { client, keys, thread, sends } = setup([]);
    onlineManager.setOnline(false);
    const pending = text('On my way');
    sendText(client, pending);
    expect(thread()).toEqual([expect.objectContaining({ id: pending.temporaryId })]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(keys).toEqual([]);
    expect(sends()[0]?.state.isPaused).toBe(true);

    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(keys).toHaveLength(1);
    expect(thread().map((item) => item.id)).toEqual([900]);
    expect(sends()).toEqual([]);
  });

  it('whose answer was lost: sent again with the same key, so the server makes it once', async () => {
    const { client, keys, thread } = setup(['no-answer']);
    sendText(client, text('Running late'));
    await vi.advanceTimersByTimeAsync(10);
    expect(keys).toHaveLength(1);
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(thread().map((item) => item.id)).toEqual([900]);
  });

  it('refused after it waited: the bubble stays, failed; Retry sends it again with a new key', async () => {
    const { client, keys, thread, sends } = setup([refusal()]);
    onlineManager.setOnline(false);
    const pending = text('See you at 5');
    sendText(client, pending);
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(sends()[0]?.state.status).toBe('error');
    expect(thread().map((item) => item.id)).toEqual([pending.temporaryId]);

    retryText(client, pending.temporaryId);
    await vi.advanceTimersByTimeAsync(10);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(thread().map((item) => item.id)).toEqual([900]);
    expect(sends()).toEqual([]);
  });

  it('refused after it waited, then discarded: its send and its bubble go', async () => {
    const { client, thread, sends } = setup([refusal()]);
    onlineManager.setOnline(false);
    const pending = text('Never mind');
    sendText(client, pending);
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(10);
    discardText(client, CONVERSATION, pending.temporaryId);
    expect(thread()).toEqual([]);
    expect(sends()).toEqual([]);
  });

  it('refused at once, online: taken back as before — bubble gone, reason shown, words back in the draft', async () => {
    const { client, thread, sends } = setup([refusal()]);
    setDraft(CONVERSATION, '');
    sendText(client, text('Hello again'));
    await vi.advanceTimersByTimeAsync(10);
    expect(thread()).toEqual([]);
    expect(sends()).toEqual([]);
    expect(flash).toHaveBeenCalledWith('danger', 'This contact replied STOP.', { title: 'Not sent' });
    expect(draftOf(CONVERSATION)).toBe('Hello again');
  });
});
