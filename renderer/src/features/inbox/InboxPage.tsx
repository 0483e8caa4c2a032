/**
 * The inbox (§7 Conversations and messages): the conversation list beside the open thread (`/inbox/:id`).
 * `conversation.updated` on the company's channel updates the cached list rows and the open thread in place,
 * and an inbound item raises a desktop alert unless its thread is open in a focused window.
 */
import { Box, Button, Drawer, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ConversationUpdatedEvent } from '@shared/api/conversations';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { channels, EVENTS } from '@shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useRealtimeEvent } from '../../api/realtime';
import { useShell } from '../../app/context';
import { platform } from '../../platform';
import { EmptyState } from '../../ui/States';
import { ContactPanel } from './ContactPanel';
import { ConversationList } from './ConversationList';
import { itemPreview } from './format';
import { useApplyConversation, useConversation, useNotificationBlocks } from './inboxApi';
import {
  type ConversationFilters,
  type ItemPages,
  inboxKeys,
  notificationBlockKey,
  shouldAlert,
  upsertItem,
} from './inboxCache';
import { Thread } from './Thread';

export function InboxPage() {
  const { company, user } = useShell();
  const companyId = company?.id ?? 0;
  const params = useParams();
  const openId = Number(params.conversationId) || null;
  const navigate = useNavigate();
  const client = useQueryClient();
  const apply = useApplyConversation();
  const [filters, setFilters] = useState<ConversationFilters>({});
  const onFiltersChange = useCallback((next: ConversationFilters) => setFilters(next), []);
  const openConversation = useCallback((id: number) => void navigate(`/inbox/${id}`), [navigate]);
  const blocks = useNotificationBlocks(companyId);
  // The open conversation (the thread's own query, shared through the cache) names the contact for the panel.
  const open = useConversation(openId ?? 0);
  // Wide windows show the contact beside the thread; narrow ones open it in a drawer.
  const wide = useMediaQuery('(min-width: 75em)', true);
  const [contactDrawer, setContactDrawer] = useState(false);
  const blockedKeys = useMemo(
    () => new Set((blocks.data ?? []).map((block) => notificationBlockKey(block.number_id, block.channel))),
    [blocks.data],
  );

  useRealtimeEvent<ConversationUpdatedEvent>(
    companyId ? channels.conversations(companyId) : null,
    EVENTS.conversationUpdated,
    (event) => {
      const { conversation, item } = event;
      let alreadyKnown = false;
      if (item) {
        const key = inboxKeys.items(conversation.id);
        const cached = client.getQueryData<ItemPages>(key);
        alreadyKnown = !!cached?.pages.some((page) => page.data.some((row) => row.id === item.id));
        if (cached) client.setQueryData<ItemPages>(key, (data) => upsertItem(data, item));
      }
      apply(conversation, user.id);
      if (
        shouldAlert(event, {
          openConversationId: openId,
          windowFocused: document.hasFocus(),
          alreadyKnown,
          blocked: blockedKeys,
        })
      ) {
        const name = conversation.contact?.name || formatPhone(conversation.recipient);
        void platform().notify({
          tag: `conversation-${conversation.id}`,
          title: name,
          body: item ? itemPreview(item) : 'New activity',
          kind: 'message',
          route: `/inbox/${conversation.id}`,
        });
      }
    },
  );

  if (!roleCan(company?.role, 'inbox.use'))
    return <EmptyState title="No inbox">Your role in this company does not use the inbox.</EmptyState>;

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={1} size="h2">
          Inbox
        </Title>
        {open.data && !wide && (
          <Button variant="default" size="xs" onClick={() => setContactDrawer(true)}>
            Contact details
          </Button>
        )}
      </Group>
      <Box style={{ display: 'flex', gap: 16, height: 'calc(100vh - 160px)', minHeight: 480 }}>
        <Box style={{ flex: '0 0 34%', minWidth: 260, height: '100%' }}>
          <ConversationList
            companyId={companyId}
            openId={openId}
            onOpen={openConversation}
            filters={filters}
            onFiltersChange={onFiltersChange}
          />
        </Box>
        <Box style={{ flex: 1, minWidth: 0, height: '100%' }}>
          {openId ? (
            <Thread key={openId} conversationId={openId} me={user} />
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              Choose a conversation.
            </Text>
          )}
        </Box>
        {open.data && wide && (
          <Box style={{ flex: '0 0 280px', height: '100%' }}>
            <ContactPanel conversation={open.data} />
          </Box>
        )}
      </Box>
      {open.data && !wide && (
        <Drawer
          opened={contactDrawer}
          onClose={() => setContactDrawer(false)}
          position="right"
          title="Contact details"
        >
          <ContactPanel conversation={open.data} />
        </Drawer>
      )}
    </>
  );
}
