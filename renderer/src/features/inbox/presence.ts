/**
 * The collision notice's client half (shared/api/conversationPresence.ts): while a thread is open this window
 * reports `viewing` every heartbeat (while visible), `typing` as the composer changes (at most every couple of
 * seconds), and `left` when the thread closes; it listens to `conversation.presence` for the others, and drops
 * anyone whose time runs out (a colleague whose app crashed never says `left`). Reports are silent: a lost one
 * only delays the notice.
 */
import {
  CONVERSATION_PRESENCE_ENDPOINTS,
  type ConversationPresence,
  type PresenceReport,
} from '@shared/api/conversationPresence';
import {
  collisionNotice,
  othersPresent,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_TYPING_EVERY_MS,
} from '@shared/domain/conversationPresence';
import { channels, EVENTS } from '@shared/realtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { useRealtimeEvent } from '../../api/realtime';

/** How often the notice is recomputed, so people whose time ran out leave it. */
const TICK_MS = 1_000;

export function useConversationPresence(
  conversationId: number,
  companyId: number,
  me: number,
): { notice: string | null; typing: () => void } {
  const [presence, setPresence] = useState<ConversationPresence | null>(null);
  const [now, setNow] = useState(() => new Date());
  const lastTyping = useRef(0);

  const report = useCallback(
    async (state: PresenceReport) => {
      try {
        const data = await api.call(
          CONVERSATION_PRESENCE_ENDPOINTS.report,
          { params: { id: conversationId }, body: { state } },
          { silent: true },
        );
        if (state !== 'left') setPresence(data);
      } catch {
        // Silent: the next heartbeat tries again.
      }
    },
    [conversationId],
  );

  useEffect(() => {
    setPresence(null);
    lastTyping.current = 0;
    const beat = () => {
      if (document.visibilityState === 'visible') void report('viewing');
    };
    beat();
    const heartbeat = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    document.addEventListener('visibilitychange', beat);
    return () => {
      clearInterval(heartbeat);
      document.removeEventListener('visibilitychange', beat);
      void report('left');
    };
  }, [report]);

  useEffect(() => {
    const tick = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(tick);
  }, []);

  useRealtimeEvent(
    companyId ? channels.conversations(companyId) : null,
    EVENTS.conversationPresence,
    (event) => {
      if (event.conversation_id === conversationId) setPresence(event);
    },
  );

  const typing = useCallback(() => {
    const at = Date.now();
    if (at - lastTyping.current < PRESENCE_TYPING_EVERY_MS) return;
    lastTyping.current = at;
    void report('typing');
  }, [report]);

  return { notice: collisionNotice(othersPresent(presence, me, now)), typing };
}
