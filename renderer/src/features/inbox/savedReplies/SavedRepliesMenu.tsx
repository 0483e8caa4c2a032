/**
 * The composer's "Saved replies" button: opens a searchable menu of the company's shared replies and the user's
 * own; choosing one fills its `%%First Name%%`-style fields from the conversation's contact and hands the text to
 * `onInsert`. "Manage saved replies" opens `SavedRepliesModal` (create, edit, delete).
 *
 * Props:
 * - `companyId` — the company whose replies to list (the selected company);
 * - `contact` — the conversation's contact (or null: fields come out empty);
 * - `canManageShared` — the user may create and change shared replies (owner/administrator: `roleCan(role, 'users.manage')`);
 * - `onInsert(filledText)` — called with the chosen reply, fields filled;
 * - `disabled` — e.g. while sending.
 */
import { Button, Popover, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { fillMessageFields, type MessageFieldsContact } from '@shared/domain/messaging';
import { useState } from 'react';
import { SavedRepliesModal } from './SavedRepliesModal';
import { SavedReplySummary } from './SavedReplySummary';
import { searchReplies, useSavedReplies } from './savedRepliesApi';

export interface SavedRepliesMenuProps {
  companyId: number;
  contact: MessageFieldsContact | null;
  canManageShared: boolean;
  onInsert: (filledText: string) => void;
  disabled?: boolean;
}

export function SavedRepliesMenu({
  companyId,
  contact,
  canManageShared,
  onInsert,
  disabled,
}: SavedRepliesMenuProps) {
  const [opened, setOpened] = useState(false);
  const [managing, setManaging] = useState(false);
  const [search, setSearch] = useState('');
  const replies = useSavedReplies(companyId, opened || managing);
  const shown = searchReplies(replies.data ?? [], search);

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="top-start" width={320} trapFocus shadow="md">
        <Popover.Target>
          <Button variant="subtle" size="xs" disabled={disabled} onClick={() => setOpened((open) => !open)}>
            Saved replies
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <TextInput
              aria-label="Search saved replies"
              placeholder="Search saved replies"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              data-autofocus
            />
            <ScrollArea.Autosize mah={260}>
              {replies.isPending ? (
                <Text size="sm" c="dimmed">
                  Loading…
                </Text>
              ) : replies.isError ? (
                <Text size="sm" c="red">
                  Saved replies could not be loaded.
                </Text>
              ) : shown.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {replies.data.length ? 'No saved reply matches.' : 'No saved replies yet.'}
                </Text>
              ) : (
                <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {shown.map((reply) => (
                    <li key={reply.id}>
                      <UnstyledButton
                        w="100%"
                        p={6}
                        onClick={() => {
                          onInsert(fillMessageFields(reply.body, contact));
                          setOpened(false);
                          setSearch('');
                        }}
                      >
                        <SavedReplySummary reply={reply} compact />
                      </UnstyledButton>
                    </li>
                  ))}
                </Stack>
              )}
            </ScrollArea.Autosize>
            <Button
              variant="light"
              size="xs"
              onClick={() => {
                setOpened(false);
                setManaging(true);
              }}
            >
              Manage saved replies
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <SavedRepliesModal
        opened={managing}
        onClose={() => setManaging(false)}
        companyId={companyId}
        canManageShared={canManageShared}
      />
    </>
  );
}
