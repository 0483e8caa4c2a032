/**
 * Texts on their way out. A text without attachments is sent through the replay layer (api/replay.ts): its bubble
 * shows in the thread at once, an Idempotency-Key is made when it is written, and when the platform cannot be
 * reached it waits (kept on this device, through a restart) and goes out once, in order with the person's other
 * changes, when the connection is back — the server applies a key once, so a send whose answer was lost is not
 * sent twice. The bubble says where the text is (`usePendingText`): sending, waiting for the connection, or not
 * sent with the server's reason and Retry / Discard.
 *
 * A text the server refuses at once, online, is taken back as before: its bubble goes, the reason is shown and
 * the words return to the conversation's draft. Texts with attachments are sent as they always were (files are
 * not kept on the device), and not while offline.
 */
import type { ConversationItem } from '@shared/api/conversations';
import { MESSAGING_ENDPOINTS } from '@shared/api/messaging';
import { onlineManager, type QueryClient, useMutationState, useQueryClient } from '@tanstack/react-query';
import { type ReplayVariables, replayKey, replayVariables } from '../../api/replay';
import { flash } from '../../ui/flash';
import { restoreDraft } from './drafts';
import { type ItemPages, inboxKeys, removeItem, upsertItem } from './inboxCache';

const SEND = MESSAGING_ENDPOINTS.send;

/** A text on its way: where it goes, what it says, and the bubble (a negative id) that stands for it meanwhile. */
export interface PendingText {
  companyId: number;
  conversationId: number;
  /** The bubble's id in the thread's cache until the server's item replaces it. */
  temporaryId: number;
  text: string;
}

// Negative (never a server id) and unlike those of a session before a restart, whose texts may still be waiting.
let nextTemporaryId = -Date.now();

/** A bubble's id for a text being sent now. */
export function temporaryItemId(): number {
  return nextTemporaryId--;
}

/** The bubble of a text being sent, as the thread shows it until the server's item takes its place. */
export function pendingItem(pending: PendingText): ConversationItem {
  return {
    id: pending.temporaryId,
    conversation_id: pending.conversationId,
    isInbound: false,
    createdAt: new Date().toISOString(),
    user: null,
    details: {
      type: 'message',
      content: pending.text,
      deliveryState: 'sending',
      errorCode: null,
      media: [],
      shouldBeSentAt: null,
      record_id: null,
      recording_url: null,
    },
  };
}

const pendingOf = (variables: unknown) => (variables as ReplayVariables<PendingText> | undefined)?.of;

/** The sends of one bubble in the mutation cache (one, or none once it landed or was discarded). */
function sendsOf(client: QueryClient, temporaryId: number) {
  return client.getMutationCache().findAll({
    mutationKey: replayKey(SEND),
    predicate: (mutation) => pendingOf(mutation.state.variables)?.temporaryId === temporaryId,
  });
}

/** Sends a text without attachments (its bubble already in the thread, or put there now). */
export function sendText(client: QueryClient, pending: PendingText): void {
  const key = inboxKeys.items(pending.conversationId);
  client.setQueryData<ItemPages>(key, (data) =>
    data?.pages.some((page) => page.data.some((row) => row.id === pending.temporaryId))
      ? data
      : upsertItem(data, pendingItem(pending)),
  );
  const madeOnline = onlineManager.isOnline();
  const variables = replayVariables(
    SEND,
    pending,
    {
      input: {
        query: { companyId: pending.companyId },
        body: { conversationId: pending.conversationId, text: pending.text, media: [] },
      },
    },
    { silent: true },
  );
  const cache = client.getMutationCache();
  const mutation = cache.build(client, {
    mutationKey: replayKey(SEND),
    // A text the server refused stays (with Retry) until the person retries or discards it.
    gcTime: Number.POSITIVE_INFINITY,
    onSuccess: (item: ConversationItem) =>
      client.setQueryData<ItemPages>(key, (pages) =>
        upsertItem(removeItem(pages, pending.temporaryId), item),
      ),
  });
  mutation.execute(variables).then(
    () => cache.remove(mutation),
    (error: unknown) => {
      // Refused on its first attempt, made online: taken back as before. One that waited keeps its bubble.
      const waited = !madeOnline || mutation.state.failureCount > 1;
      if (waited) return;
      cache.remove(mutation);
      client.setQueryData<ItemPages>(key, (pages) => removeItem(pages, pending.temporaryId));
      flash('danger', error instanceof Error ? error.message : String(error), { title: 'Not sent' });
      restoreDraft(pending.conversationId, pending.text);
    },
  );
}

/** Sends a refused text again, with a new key (the refused attempt made nothing), its bubble where it was. */
export function retryText(client: QueryClient, temporaryId: number): void {
  const sends = sendsOf(client, temporaryId);
  const pending = pendingOf(sends[sends.length - 1]?.state.variables);
  if (!pending) return;
  for (const mutation of sends) client.getMutationCache().remove(mutation);
  sendText(client, pending);
}

/** Gives up a refused text: its send and its bubble go. */
export function discardText(client: QueryClient, conversationId: number, temporaryId: number): void {
  for (const mutation of sendsOf(client, temporaryId)) client.getMutationCache().remove(mutation);
  client.setQueryData<ItemPages>(inboxKeys.items(conversationId), (pages) => removeItem(pages, temporaryId));
}

/** Where a text shown as a bubble is, and what can be done with it. */
export interface PendingTextState {
  status: 'sending' | 'waiting' | 'failed';
  /** Why the server refused it (when failed). */
  reason: string | null;
  retry: () => void;
  discard: () => void;
}

/**
 * The state of bubble `temporaryId` of `conversationId`, from its send in the mutation cache: waiting while the
 * send is paused or the app is offline, failed once refused.
 */
export function usePendingText(
  conversationId: number,
  temporaryId: number,
  online: boolean,
): PendingTextState {
  const client = useQueryClient();
  const [send] = useMutationState({
    filters: {
      mutationKey: replayKey(SEND),
      predicate: (mutation) => pendingOf(mutation.state.variables)?.temporaryId === temporaryId,
    },
    select: (mutation) => ({
      status: mutation.state.status,
      isPaused: mutation.state.isPaused,
      error: mutation.state.error,
    }),
  }).slice(-1);
  const status = send?.status === 'error' ? 'failed' : send?.isPaused || !online ? 'waiting' : 'sending';
  const error = send?.error;
  return {
    status,
    reason: error instanceof Error ? error.message : error ? String(error) : null,
    retry: () => retryText(client, temporaryId),
    discard: () => discardText(client, conversationId, temporaryId),
  };
}
