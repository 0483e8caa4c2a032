/**
 * The inbox (§7 Conversations and messages): the conversation list beside the open thread (`/inbox/:id`), which
 * gets the room: the contact's details open from the thread's toolbar ("Contact details"; Esc closes them and
 * focus returns to that button), beside the thread on very wide windows and in a drawer on others, and stay open
 * or closed as the agent left them (remembered per user, workspaceLayout.ts).
 * New message (`/inbox/new`, also where sms: links land) texts someone with no conversation yet. Live updates and
 * desktop alerts come from `InboxEvents`, which the shell keeps mounted on every screen.
 */
import { Box, Button, Drawer, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { roleCan } from '@shared/domain/permissions';
import { type KeyboardEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useMatch, useNavigate, useParams, useSearchParams } from 'react-router';
import { useShell } from '../../app/context';
import { useContactDetailsOpen } from '../../app/workspaceLayout';
import { IconButton } from '../../ui/IconButton';
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
  // Windows wide enough for the list, a roomy thread and the details show them beside the thread; the others
  // open them in a drawer over it, so the thread never shrinks to a few words a line.
  const wide = useMediaQuery('(min-width: 100em)', false, { getInitialValueInEffect: false });
  const [detailsOpen, setDetailsOpen] = useContactDetailsOpen(user.id);
  const detailsButton = useRef<HTMLButtonElement>(null);
  const closeDetails = () => {
    setDetailsOpen(false);
    detailsButton.current?.focus();
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) closeDetails();
  };
  const details = open.data && roleCan(company?.role, 'contacts.view') ? open.data : null;
  const detailsToggle = details && (
    <IconButton
      ref={detailsButton}
      icon="sidebar"
      label="Contact details"
      shortcut={detailsOpen ? 'Esc' : undefined}
      aria-expanded={detailsOpen}
      variant={detailsOpen ? 'light' : 'default'}
      onClick={() => (detailsOpen ? closeDetails() : setDetailsOpen(true))}
    />
  );
  if (!roleCan(company?.role, 'inbox.use'))
    return <EmptyState title="No inbox">Your role in this company does not use the inbox.</EmptyState>;

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={1} size="h2">
          Inbox
        </Title>
        <Button size="xs" onClick={() => navigate('/inbox/new')}>
          New message
        </Button>
      </Group>
      <NewMessageModal
        companyId={companyId}
        opened={composing}
        initial={initialMessage}
        onClose={() => navigate('/inbox')}
        onSent={(conversationId) => navigate(`/inbox/${conversationId}`, { replace: true })}
      />
      <Box style={{ display: 'flex', gap: 16, height: 'calc(100vh - 160px)', minHeight: 480 }}>
        <Box style={{ flex: '0 0 34%', minWidth: 260, maxWidth: 360, height: '100%' }}>
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
            <Thread key={openId} conversationId={openId} me={user} actions={detailsToggle} />
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              Choose a conversation.
            </Text>
          )}
        </Box>
        {details && wide && detailsOpen && (
          <Box style={{ flex: '0 0 300px', height: '100%' }} onKeyDown={closeOnEscape}>
            <ContactPanel conversation={details} />
          </Box>
        )}
      </Box>
      {details && !wide && (
        <Drawer opened={detailsOpen} onClose={closeDetails} position="right" title="Contact details">
          <ContactPanel conversation={details} />
        </Drawer>
      )}
    </>
  );
}
