/**
 * One conversation: its toolbar (mark unread, archive / restore, block / unblock, add a note as named icons,
 * assign, and whatever the page adds — the contact details' toggle),
 * its items of every kind oldest first (older ones load on scrolling up), compliance hints and the composer.
 * Opening it (with the window focused) marks it read.
 */
import {
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { Conversation, ConversationItem } from '@shared/api/conversations';
import { INBOX_ENDPOINTS } from '@shared/api/inbox';
import { MESSAGING_ENDPOINTS } from '@shared/api/messaging';
import { NOTE_ENDPOINTS } from '@shared/api/notes';
import { DELIVERY_STATES } from '@shared/domain/messaging';
import { formatPhone } from '@shared/domain/phone';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError, api, apiBaseUrl } from '../../api';
import { useConnection } from '../../api/connection';
import { useTimeZone } from '../../app/timeZone';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { IconButton } from '../../ui/IconButton';
import { ErrorState, LoadingState } from '../../ui/States';
import { absoluteMediaUrl } from '../activity/media';
import { Composer } from './Composer';
import { conversationTitle } from './ConversationList';
import { fullTime } from './format';
import {
  useApplyConversation,
  useCompanyUsers,
  useConversation,
  useConversationChanges,
  useItems,
} from './inboxApi';
import { type ItemPages, inboxKeys, quietHoursHint, removeItem, threadItems } from './inboxCache';
import { usePendingText } from './outbox';
import { useConversationPresence } from './presence';
import { RecordItem } from './RecordItem';

export function Thread({
  conversationId,
  me,
  actions,
}: {
  conversationId: number;
  me: { id: number; name: string };
  /** The page's own controls, at the end of the toolbar. */
  actions?: ReactNode;
}) {
  const conversation = useConversation(conversationId);
  const items = useItems(conversationId);
  const apply = useApplyConversation();
  const data = conversation.data;
  const userId = me.id;
  const presence = useConversationPresence(conversationId, data?.company_id ?? 0, userId);

  // Opened and focused: read. A new inbound while it is open and focused is read too.
  const unread = data?.unread_count ?? 0;
  useEffect(() => {
    if (!unread) return;
    const markRead = () => {
      if (!document.hasFocus()) return;
      void api
        .call(INBOX_ENDPOINTS.read, { params: { id: conversationId } }, { silent: true })
        .then((read) => apply(read, userId))
        .catch(() => {});
    };
    markRead();
    window.addEventListener('focus', markRead);
    return () => window.removeEventListener('focus', markRead);
  }, [unread, conversationId, userId, apply]);

  if (conversation.isPending) return <LoadingState label="Loading conversation" />;
  if (conversation.isError || !data)
    return (
      <ErrorState
        title="Error loading the conversation"
        error={conversation.error}
        onRetry={() => void conversation.refetch()}
      />
    );

  const now = new Date();
  const quiet = quietHoursHint(
    now,
    (data as Conversation & { recipient_timezone?: unknown }).recipient_timezone,
  );
  return (
    <Stack gap="xs" h="100%">
      <ThreadHeader conversation={data} me={me} actions={actions} />
      <ItemList conversationId={conversationId} items={items} who={conversationTitle(data)} />
      {data.contact?.is_unsubscribed && (
        <Text size="sm" c="var(--mantine-color-yellow-light-color)" role="note">
          {data.contact.name} replied STOP: texts to them are refused until they text START
        </Text>
      )}
      {quiet && (
        <Text size="sm" c="var(--mantine-color-yellow-light-color)" role="note">
          {quiet}
        </Text>
      )}
      {data.blocked && (
        <Text size="sm" c="dimmed" role="note">
          This number is blocked.
        </Text>
      )}
      {/* Always there (empty when nobody else is), so screen readers announce a colleague arriving. */}
      <Text size="sm" c="var(--mantine-color-blue-light-color)" role="status" aria-label="Others here">
        {presence.notice ?? ''}
      </Text>
      <Composer conversation={data} onTyping={presence.typing} />
    </Stack>
  );
}

function assigneeOptions(
  users: { id: number; name: string; state: string }[] | undefined,
  conversation: Conversation,
  me: { id: number; name: string },
): { value: string; label: string }[] {
  const people = new Map<number, string>();
  // Until the company's users load, the list offers at least "me".
  if (!users) people.set(me.id, me.name);
  for (const user of users ?? []) if (user.state === 'active') people.set(user.id, user.name);
  if (conversation.assigned_user) people.set(conversation.assigned_user.id, conversation.assigned_user.name);
  return [...people].map(([id, name]) => ({
    value: String(id),
    label: id === me.id ? `${name} (me)` : name,
  }));
}

function ThreadHeader({
  conversation,
  me,
  actions,
}: {
  conversation: Conversation;
  me: { id: number; name: string };
  actions?: ReactNode;
}) {
  const userId = me.id;
  const apply = useApplyConversation();
  const users = useCompanyUsers(conversation.company_id);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const client = useQueryClient();

  const changes = useConversationChanges(userId);

  const act = async (
    action: 'unread' | 'restore' | 'archive' | 'block' | 'unblock' | 'assign',
    body?: { user_id: number | null },
  ) => {
    // State changes may be made offline and replayed (inboxApi.ts); a block is only ever made online.
    const change = { id: conversation.id, name: conversationTitle(conversation) };
    if (action === 'assign') return changes.assign.mutate({ ...change, user_id: body?.user_id ?? null });
    if (action !== 'block' && action !== 'unblock') return changes[action].mutate(change);
    try {
      apply(await api.call(INBOX_ENDPOINTS[action], { params: { id: conversation.id } }), userId);
      await client.invalidateQueries({ queryKey: inboxKeys.items(conversation.id) });
    } catch {
      // The API client has shown the error.
    }
  };

  const saveNote = async () => {
    try {
      await api.call(
        NOTE_ENDPOINTS.create,
        { body: { model_type: 'conversation', model_id: conversation.id, body: note } },
        { silent: true },
      );
      setNote('');
      setNoteOpen(false);
      setNoteError(undefined);
      await client.invalidateQueries({ queryKey: inboxKeys.items(conversation.id) });
    } catch (error) {
      setNoteError(error instanceof ApiError ? (error.field('body') ?? error.message) : String(error));
    }
  };

  const title = conversationTitle(conversation);
  const subtitle = `${formatPhone(conversation.recipient)} · to ${
    conversation.number.label || formatPhone(conversation.number.number)
  }${conversation.archived ? ' · Archived' : ''}`;
  // One line: who (cut with an ellipsis, whole in its tooltip) and the actions as named icons.
  const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Box miw={0}>
          <Title order={2} size="h4" title={title} style={ellipsis}>
            {title}
          </Title>
          <Text size="xs" c="dimmed" title={subtitle} style={ellipsis}>
            {subtitle}
          </Text>
        </Box>
        <Group gap={4} wrap="nowrap" role="group" aria-label="Conversation actions">
          <IconButton icon="mail" label="Mark as unread" onClick={() => void act('unread')} />
          {conversation.archived ? (
            <IconButton icon="restore" label="Restore" onClick={() => void act('restore')} />
          ) : (
            <IconButton icon="archive" label="Archive" onClick={() => void act('archive')} />
          )}
          <IconButton
            icon={conversation.blocked ? 'unblock' : 'block'}
            label={conversation.blocked ? 'Unblock' : 'Block'}
            onClick={() => setConfirmBlock(true)}
          />
          <IconButton icon="note" label="Add note" onClick={() => setNoteOpen(true)} />
          <Select
            size="sm"
            w={150}
            aria-label="Assign"
            placeholder="Assign"
            clearable
            data={assigneeOptions(users.data, conversation, me)}
            value={conversation.assigned_user ? String(conversation.assigned_user.id) : null}
            onChange={(value) => void act('assign', { user_id: value ? Number(value) : null })}
          />
          {actions}
        </Group>
      </Group>
      <ConfirmModal
        opened={confirmBlock}
        title={conversation.blocked ? `Unblock ${title}?` : `Block ${title}?`}
        confirmLabel={conversation.blocked ? 'Unblock' : 'Block'}
        destructive={!conversation.blocked}
        cancelLabel="Keep as is"
        onClose={() => setConfirmBlock(false)}
        onConfirm={() => {
          setConfirmBlock(false);
          void act(conversation.blocked ? 'unblock' : 'block');
        }}
      >
        {conversation.blocked
          ? 'Their texts and calls will reach you again.'
          : 'Their texts and calls to this company will be refused.'}
      </ConfirmModal>
      <Modal opened={noteOpen} onClose={() => setNoteOpen(false)} title="Add a note">
        <Textarea
          label="Note"
          autosize
          minRows={3}
          value={note}
          error={noteError}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button onClick={() => void saveNote()}>Save note</Button>
        </Group>
      </Modal>
    </Paper>
  );
}

function ItemList({
  conversationId,
  items,
  who,
}: {
  conversationId: number;
  items: ReturnType<typeof useItems>;
  /** The other party, as the thread names them (the players' accessible names). */
  who: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const list = threadItems(items.data);
  const newestId = list[list.length - 1]?.id;
  const heightBefore = useRef<number | null>(null);

  // New newest item: to the bottom. Older page loaded: keep the view where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest item or the number of items changes.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (heightBefore.current !== null) {
      element.scrollTop = element.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    } else element.scrollTop = element.scrollHeight;
  }, [newestId, list.length]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = items;
  const onScroll = () => {
    const element = scrollRef.current;
    if (element && element.scrollTop < 40 && hasNextPage && !isFetchingNextPage) {
      heightBefore.current = element.scrollHeight;
      void fetchNextPage();
    }
  };

  if (items.isPending) return <LoadingState label="Loading messages" />;
  if (items.isError)
    return (
      <ErrorState title="Error loading messages" error={items.error} onRetry={() => void items.refetch()} />
    );
  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
      tabIndex={0}
      style={{ flex: 1, overflowY: 'auto', minHeight: 200 }}
      p="xs"
    >
      {isFetchingNextPage && <Loader size="xs" aria-label="Loading older messages" />}
      {list.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No messages yet.
        </Text>
      )}
      <Stack gap={6}>
        {list.map((item) => (
          <ItemView key={item.id} item={item} conversationId={conversationId} who={who} />
        ))}
      </Stack>
    </Box>
  );
}

function deliveryLabel(item: ConversationItem): string | null {
  const state = item.details.deliveryState;
  if (!state || item.isInbound) return null;
  return DELIVERY_STATES.find((code) => code.value === state)?.label ?? state;
}

/** Where a text not yet accepted by the server is, read out as it changes; Retry and Discard once it was refused. */
function PendingTextStatus({ conversationId, temporaryId }: { conversationId: number; temporaryId: number }) {
  const { online } = useConnection();
  const pending = usePendingText(conversationId, temporaryId, online);
  return (
    <Stack gap={2} align="flex-end">
      <Text size="xs" c={pending.status === 'failed' ? 'red' : 'dimmed'} ta="right" role="status">
        {pending.status === 'sending' && 'Sending…'}
        {pending.status === 'waiting' && 'Waiting for connection: it will be sent when you are back online'}
        {pending.status === 'failed' && `Not sent${pending.reason ? `: ${pending.reason}` : ''}`}
      </Text>
      {pending.status === 'failed' && (
        <Group gap={4}>
          <Button size="compact-xs" variant="light" onClick={pending.retry}>
            Retry
          </Button>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={pending.discard}>
            Discard
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Media links are the server's own paths; the desktop app loads its pages from app://, so they need the API's origin. */
const mediaUrl = (url: string) => absoluteMediaUrl(url, apiBaseUrl(), window.location.href);

function Media({ item }: { item: ConversationItem }) {
  if (!item.details.media.length) return null;
  return (
    <Stack gap={4} mt={4}>
      {item.details.media.map((media, index) =>
        media.content_type.startsWith('image/') ? (
          <img
            key={media.url}
            src={mediaUrl(media.url)}
            alt={media.name ?? `Image ${index + 1}`}
            style={{ maxWidth: 240, maxHeight: 240, borderRadius: 4 }}
          />
        ) : (
          <Anchor key={media.url} href={mediaUrl(media.url)} target="_blank" rel="noreferrer" size="sm">
            {media.name ?? `Attachment ${index + 1}`} ({media.content_type})
          </Anchor>
        ),
      )}
    </Stack>
  );
}

function ItemView({
  item,
  conversationId,
  who,
}: {
  item: ConversationItem;
  conversationId: number;
  who: string;
}) {
  const client = useQueryClient();
  const tz = useTimeZone();
  const { type } = item.details;

  if (type === 'message') {
    const state = deliveryLabel(item);
    return (
      <Group justify={item.isInbound ? 'flex-start' : 'flex-end'}>
        <Paper
          p="xs"
          radius="md"
          maw="75%"
          bg={item.isInbound ? 'gray.1' : 'blue.1'}
          data-item-id={item.id}
          aria-label={item.isInbound ? 'Received message' : 'Sent message'}
        >
          {item.details.content && <Text style={{ whiteSpace: 'pre-wrap' }}>{item.details.content}</Text>}
          <Media item={item} />
          {item.id < 0 ? (
            <PendingTextStatus conversationId={conversationId} temporaryId={item.id} />
          ) : (
            <Text size="xs" c="dimmed" ta={item.isInbound ? 'left' : 'right'}>
              {fullTime(item.createdAt, tz)}
              {item.user ? ` · ${item.user.name}` : ''}
              {state ? ` · ${state}` : ''}
              {item.details.errorCode ? ` (${item.details.errorCode})` : ''}
            </Text>
          )}
        </Paper>
      </Group>
    );
  }
  if (type === 'scheduledmessage') {
    const cancel = async () => {
      try {
        await api.call(MESSAGING_ENDPOINTS.cancelSchedule, { params: { id: item.id } });
        client.setQueryData<ItemPages>(inboxKeys.items(conversationId), (data) => removeItem(data, item.id));
      } catch {
        await client.invalidateQueries({ queryKey: inboxKeys.items(conversationId) });
      }
    };
    return (
      <Group justify="flex-end">
        <Paper p="xs" radius="md" maw="75%" withBorder style={{ borderStyle: 'dashed' }}>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{item.details.content}</Text>
          <Media item={item} />
          <Group gap="xs" justify="flex-end">
            <Text size="xs" c="dimmed">
              Scheduled for {item.details.shouldBeSentAt ? fullTime(item.details.shouldBeSentAt, tz) : '—'}
            </Text>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => void cancel()}>
              Cancel
            </Button>
          </Group>
        </Paper>
      </Group>
    );
  }
  if (type === 'note') {
    return (
      <Paper p="xs" radius="md" bg="var(--app-note-background)" withBorder aria-label="Note">
        <Text size="xs" fw={600}>
          Note{item.user ? ` by ${item.user.name}` : ''} · {fullTime(item.createdAt, tz)}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {item.details.content}
        </Text>
      </Paper>
    );
  }
  if (type === 'block') {
    return (
      <Text size="xs" c="dimmed" ta="center">
        {item.details.content || 'Blocked'} · {fullTime(item.createdAt, tz)}
      </Text>
    );
  }
  return <RecordItem item={item} who={who} />;
}
