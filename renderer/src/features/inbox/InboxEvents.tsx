/**
 * The inbox's live side, mounted by the shell for the whole signed-in session rather than only while the inbox is
 * on screen: an agent on the contacts page, or with the window hidden in the tray, must still hear about a new
 * text. `conversation.updated` on the company's channel updates the cached list rows and threads in place, raises
 * a desktop alert for a new inbound item (unless its thread is open in a focused window, the user silenced that
 * channel of its number, or it was alerted before), and refreshes the unread count the dock, taskbar overlay, tray
 * and tab title show. Renders nothing.
 */
import { NOTIFICATION_ENDPOINTS } from '@shared/api/notifications';
import { formatPhone } from '@shared/domain/phone';
import { channels, EVENTS } from '@shared/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useMatch } from 'react-router';
import { api } from '../../api';
import { keys } from '../../api/keys';
import { useChannelSubscribed, useRealtimeEvent } from '../../api/realtime';
import { platform } from '../../platform';
import { itemPreview } from './format';
import { useApplyConversation, useNotificationBlocks } from './inboxApi';
import { type ItemPages, inboxKeys, notificationBlockKey, shouldAlert, upsertItem } from './inboxCache';

/** A burst of events (a bulk read, a campaign's replies) refreshes the count once. */
const COUNT_REFRESH_DELAY_MS = 1_000;
/** Missed calls and faxes age out of the counts after a day; a slow poll keeps the badge honest meanwhile. */
const COUNT_POLL_MS = 60_000;
/** Item ids alerted this session, so a re-published item never alerts twice; old ones are forgotten past this. */
const REMEMBERED_ALERTS = 500;

export function InboxEvents({ companyId, userId }: { companyId: number; userId: number }) {
  const client = useQueryClient();
  const apply = useApplyConversation();
  const blocks = useNotificationBlocks(companyId);
  const openId = Number(useMatch('/inbox/:conversationId')?.params.conversationId) || null;
  const alerted = useRef(new Set<number>());
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const counts = useQuery({
    queryKey: keys.notificationCounts(companyId),
    queryFn: () => api.call(NOTIFICATION_ENDPOINTS.counts, { params: { companyId } }, { silent: true }),
    refetchInterval: COUNT_POLL_MS,
  });
  // Unread texts, calls, voicemails and faxes in conversations: the number the inbox's unread filter shows.
  const unread = counts.data?.messages ?? 0;
  useEffect(() => {
    void platform().setBadge(unread);
  }, [unread]);
  // Signing out or switching company clears the badge until the next count arrives.
  useEffect(
    () => () => {
      clearTimeout(refreshTimer.current);
      void platform().setBadge(0);
    },
    [],
  );

  const blockedKeys = useMemo(
    () => new Set((blocks.data ?? []).map((block) => notificationBlockKey(block.number_id, block.channel))),
    [blocks.data],
  );

  // Catch-up: what was published while the channel was not subscribed (a page loaded straight onto the inbox, a
  // dropped connection) was never heard, so each time the subscription succeeds the lists and counts are fetched
  // again — a text that landed in that gap shows up instead of waiting for the next event. Open threads are
  // fetched again only after a drop: their items carry freshly signed media links, and a refetch right after the
  // page loaded would swap the link of a voicemail the agent just started playing.
  const listening = useChannelSubscribed(channels.conversations(companyId));
  const heardBefore = useRef(false);
  const wasListening = useRef(false);
  useEffect(() => {
    if (listening && !wasListening.current) {
      void client.invalidateQueries({ queryKey: inboxKeys.lists(companyId) });
      void client.invalidateQueries({ queryKey: keys.notificationCounts(companyId) });
      if (heardBefore.current) void client.invalidateQueries({ queryKey: ['ConversationItem'] });
      heardBefore.current = true;
    }
    wasListening.current = listening;
  }, [listening, client, companyId]);

  useRealtimeEvent(channels.conversations(companyId), EVENTS.conversationUpdated, (event) => {
    const { conversation, item } = event;
    let alreadyKnown = false;
    if (item) {
      const key = inboxKeys.items(conversation.id);
      const cached = client.getQueryData<ItemPages>(key);
      alreadyKnown =
        alerted.current.has(item.id) ||
        !!cached?.pages.some((page) => page.data.some((row) => row.id === item.id));
      if (cached) client.setQueryData<ItemPages>(key, (data) => upsertItem(data, item));
    }
    apply(conversation, userId);

    if (!refreshTimer.current) {
      refreshTimer.current = setTimeout(() => {
        refreshTimer.current = undefined;
        void client.invalidateQueries({ queryKey: keys.notificationCounts(companyId) });
      }, COUNT_REFRESH_DELAY_MS);
    }

    const alert = shouldAlert(event, {
      openConversationId: openId,
      windowFocused: document.hasFocus(),
      alreadyKnown,
      blocked: blockedKeys,
    });
    if (!alert || !item) return;
    if (alerted.current.size >= REMEMBERED_ALERTS) alerted.current.clear();
    alerted.current.add(item.id);
    void platform().notify({
      tag: `conversation-${conversation.id}`,
      title: conversation.contact?.name || formatPhone(conversation.recipient),
      body: itemPreview(item),
      kind: 'message',
      route: `/inbox/${conversation.id}`,
    });
  });

  return null;
}
