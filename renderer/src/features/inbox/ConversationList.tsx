/**
 * The conversation list: virtualised rows over infinite pages, filters (unread, archived, number, mine /
 * unassigned), a debounced search, unread badges; arrow keys move the active row and Enter opens it. Each row
 * says who, when, the latest item, and which line it is on and who it is assigned to.
 */
import { Badge, Box, Chip, Group, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { Conversation } from '@shared/api/conversations';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { formatPhone } from '@shared/domain/phone';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTimeZone } from '../../app/timeZone';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { itemPreview, shortTime } from './format';
import { useConversations, useInboxNumbers } from './inboxApi';
import type { ConversationFilters } from './inboxCache';

const ROW_HEIGHT = 72;

export function conversationTitle(conversation: Conversation): string {
  return conversation.contact?.name || formatPhone(conversation.recipient);
}

/** The tracked number a conversation is on: its label, else the number (the full form goes in a title). */
export function conversationLine(conversation: Conversation): { name: string; full: string } {
  const number = formatPhone(conversation.number.number);
  const label = conversation.number.label.trim();
  return label ? { name: label, full: `${label} · ${number}` } : { name: number, full: number };
}

/** Who the conversation is assigned to, or "Unassigned". */
export function conversationAssignee(conversation: Conversation): string {
  return conversation.assigned_user?.name || 'Unassigned';
}

export function ConversationList({
  companyId,
  openId,
  onOpen,
  filters,
  onFiltersChange,
}: {
  companyId: number;
  openId: number | null;
  onOpen: (id: number) => void;
  filters: ConversationFilters;
  onFiltersChange: (filters: ConversationFilters) => void;
}) {
  const [searchText, setSearchText] = useState(filters.search ?? '');
  useEffect(() => {
    const timer = setTimeout(() => {
      const search = searchText.trim() || undefined;
      if (search !== filters.search) onFiltersChange({ ...filters, search });
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, filters, onFiltersChange]);

  const numbers = useInboxNumbers(companyId);
  const query = useConversations(companyId, filters);
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows[virtualRows.length - 1]?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 5) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, rows.length]);

  const [active, setActive] = useState(0);
  const tz = useTimeZone();
  const openRow = useCallback(
    (index: number, id: number) => {
      setActive(index);
      onOpen(id);
    },
    [onOpen],
  );
  const activeIndex = Math.min(active, Math.max(rows.length - 1, 0));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = Math.max(0, Math.min(rows.length - 1, activeIndex + (event.key === 'ArrowDown' ? 1 : -1)));
      setActive(next);
      virtualizer.scrollToIndex(next);
    } else if (event.key === 'Enter') {
      const row = rows[activeIndex];
      if (row) onOpen(row.id);
    }
  };

  const toggle = (change: Partial<ConversationFilters>) => onFiltersChange({ ...filters, ...change });

  return (
    <Stack gap="xs" h="100%">
      <TextInput
        type="search"
        label="Search conversations"
        placeholder="Name, number or text"
        value={searchText}
        onChange={(event) => setSearchText(event.currentTarget.value)}
      />
      <Group gap={6}>
        <Chip size="xs" checked={!!filters.unread} onChange={(on) => toggle({ unread: on || undefined })}>
          Unread
        </Chip>
        <Chip size="xs" checked={!!filters.archived} onChange={(on) => toggle({ archived: on || undefined })}>
          Archived
        </Chip>
        <Chip
          size="xs"
          checked={filters.assigned === 'mine'}
          onChange={(on) => toggle({ assigned: on ? 'mine' : undefined })}
        >
          Mine
        </Chip>
        <Chip
          size="xs"
          checked={filters.assigned === 'unassigned'}
          onChange={(on) => toggle({ assigned: on ? 'unassigned' : undefined })}
        >
          Unassigned
        </Chip>
      </Group>
      <Select
        size="xs"
        label="Number"
        placeholder="All numbers"
        clearable
        data={(numbers.data ?? []).map((number) => ({
          value: String(number.id),
          label: `${number.label || formatPhone(number.number)} (${formatPhone(number.number)})`,
        }))}
        value={filters.number ? String(filters.number) : null}
        onChange={(value) => toggle({ number: value ? Number(value) : undefined })}
      />
      {query.isPending ? (
        <LoadingState label="Loading conversations" />
      ) : query.isError ? (
        <ErrorState
          title={ERROR_MESSAGES.conversationsLoadTitle}
          error={new Error(ERROR_MESSAGES.conversationsLoadDetail)}
          onRetry={() => void query.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title="No conversations">
          {filters.search || filters.unread || filters.number || filters.assigned
            ? 'Nothing matches these filters.'
            : filters.archived
              ? 'No archived conversations.'
              : 'Texts, calls and voicemails to your numbers show here.'}
        </EmptyState>
      ) : (
        <Box
          ref={scrollRef}
          role="listbox"
          aria-label="Conversations"
          tabIndex={0}
          aria-activedescendant={rows[activeIndex] ? `conversation-${rows[activeIndex].id}` : undefined}
          onKeyDown={onKeyDown}
          style={{ flex: 1, overflowY: 'auto', minHeight: 200 }}
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualRows.map((virtual) => {
              const row = rows[virtual.index] as Conversation;
              return (
                <ConversationRow
                  key={row.id}
                  conversation={row}
                  selected={row.id === openId}
                  active={virtual.index === activeIndex}
                  top={virtual.start}
                  index={virtual.index}
                  tz={tz}
                  onOpen={openRow}
                />
              );
            })}
          </div>
        </Box>
      )}
    </Stack>
  );
}

/** Memoised: while the list scrolls only the rows entering it render (bench/inbox measures the frames). */
const ConversationRow = memo(function ConversationRow({
  conversation,
  selected,
  active,
  top,
  index,
  tz,
  onOpen,
}: {
  conversation: Conversation;
  selected: boolean;
  active: boolean;
  top: number;
  index: number;
  tz: string;
  onOpen: (index: number, id: number) => void;
}) {
  const title = conversationTitle(conversation);
  const preview = conversation.latest_item ? itemPreview(conversation.latest_item) : '';
  const line = conversationLine(conversation);
  const assignee = conversationAssignee(conversation);
  const metaId = `conversation-${conversation.id}-meta`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys (arrows and Enter).
    <div
      id={`conversation-${conversation.id}`}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      aria-label={`${title}${conversation.unread_count ? `, ${conversation.unread_count} unread` : ''}`}
      aria-describedby={metaId}
      onClick={() => onOpen(index, conversation.id)}
      style={{
        position: 'absolute',
        top,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        padding: '6px 8px',
        cursor: 'pointer',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: selected
          ? 'var(--mantine-color-blue-light)'
          : active
            ? 'var(--app-row-active)'
            : undefined,
        outline: active ? '2px solid var(--mantine-color-blue-5)' : undefined,
        outlineOffset: -2,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={conversation.unread_count ? 700 : 500} truncate title={title}>
          {title}
        </Text>
        <Group gap={4} wrap="nowrap">
          {conversation.unread_count > 0 && (
            <Badge size="sm" color="blue" aria-hidden>
              {conversation.unread_count}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {shortTime(conversation.last_item_at, tz)}
          </Text>
        </Group>
      </Group>
      {/* Tighter lines than Mantine's, so the three lines fit ROW_HEIGHT (bench/inbox.ts draws rows of it). */}
      {/* The whole text shows on hover: a preview is cut to the row's width. */}
      <Text size="sm" c="dimmed" truncate lh={1.3} title={preview || undefined}>
        {preview}
      </Text>
      <Group id={metaId} justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" truncate lh={1.3} title={`Line: ${line.full}`}>
          <VisuallyHidden>Line: </VisuallyHidden>
          {line.name}
        </Text>
        <Text
          size="xs"
          c="dimmed"
          truncate
          lh={1.3}
          title={`Assignee: ${assignee}`}
          style={{ flexShrink: 0, maxWidth: '50%' }}
        >
          <VisuallyHidden>, assignee: </VisuallyHidden>
          {assignee}
        </Text>
      </Group>
    </div>
  );
});
