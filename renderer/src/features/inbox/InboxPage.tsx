/**
 * The inbox (§7 Conversations and messages): the conversation list beside the open thread (`/inbox/:id`).
 * New message (`/inbox/new`, also where sms: links land) texts someone with no conversation yet. Live updates and
 * desktop alerts come from `InboxEvents`, which the shell keeps mounted on every screen.
 */
import { Box, Button, Drawer, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { roleCan } from '@shared/domain/permissions';
import { useCallback, useMemo, useState } from 'react';
import { useMatch, useNavigate, useParams, useSearchParams } from 'react-router';
import { useShell } from '../../app/context';
import { EmptyState } from '../../ui/States';
import { ContactPanel } from './ContactPanel';
import { ConversationList } from './ConversationList';
import { useConversation } from './inboxApi';
import type { ConversationFilters } from './inboxCache';
import { NewMessageModal } from './NewMessageModal';
import { Thread } from './Thread';

export function InboxPage() {
  const { company, user } = useShell();
  const companyId = company?.id ?? 0;
  const params = useParams();
  const openId = Number(params.conversationId) || null;
  const navigate = useNavigate();
  // `/inbox/new` (the New message button, or an sms: link with `number` and `body`) opens the new-message dialog.
  const composing = useMatch('/inbox/new') !== null;
  const [search] = useSearchParams();
  const initialMessage = useMemo(
    () => ({ to: search.get('number') ?? '', text: search.get('body') ?? '' }),
    [search],
  );
  const [filters, setFilters] = useState<ConversationFilters>({});
  const onFiltersChange = useCallback((next: ConversationFilters) => setFilters(next), []);
  const openConversation = useCallback((id: number) => void navigate(`/inbox/${id}`), [navigate]);
  // The open conversation (the thread's own query, shared through the cache) names the contact for the panel.
  const open = useConversation(openId ?? 0);
  // Wide windows show the contact beside the thread; narrow ones open it in a drawer.
  const wide = useMediaQuery('(min-width: 75em)', true);
  const [contactDrawer, setContactDrawer] = useState(false);
  if (!roleCan(company?.role, 'inbox.use'))
    return <EmptyState title="No inbox">Your role in this company does not use the inbox.</EmptyState>;

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={1} size="h2">
          Inbox
        </Title>
        <Group gap="xs">
          {open.data && !wide && (
            <Button variant="default" size="xs" onClick={() => setContactDrawer(true)}>
              Contact details
            </Button>
          )}
          <Button size="xs" onClick={() => navigate('/inbox/new')}>
            New message
          </Button>
        </Group>
      </Group>
      <NewMessageModal
        companyId={companyId}
        opened={composing}
        initial={initialMessage}
        onClose={() => navigate('/inbox')}
        onSent={(conversationId) => navigate(`/inbox/${conversationId}`, { replace: true })}
      />
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
