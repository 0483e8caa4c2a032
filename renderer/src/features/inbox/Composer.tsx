/**
 * The composer: the Message textbox (Ctrl/Cmd+Enter sends), character and SMS segment counts, the §5 limit,
 * attachments (button, paste, drop) with previews, and scheduling. Sending is optimistic (§4): a "Sending…" item
 * shows at once, the server's item replaces it, a failure removes it with the server's message. A text without
 * attachments written while offline waits in the thread and goes out once the connection is back (./outbox.ts);
 * one with attachments is not sent offline, and says so. What is being written is kept per conversation
 * (./drafts.ts) until it is sent. Scheduled sends are not shown locally: the thread refetches.
 */

import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { Conversation } from '@shared/api/conversations';
import { MEDIA_MAX_BYTES, MEDIA_MAX_FILES, MESSAGING_ENDPOINTS } from '@shared/api/messaging';
import { TEXT_MAX_LENGTH } from '@shared/domain/limits';
import { roleCan } from '@shared/domain/permissions';
import { countSegments } from '@shared/domain/sms';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, api } from '../../api';
import { useConnection } from '../../api/connection';
import type { MultipartFields } from '../../api/contractCall';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { AttachmentChip } from '../../ui/AttachmentChip';
import { flash } from '../../ui/flash';
import { useDraft } from './drafts';
import { type ItemPages, inboxKeys, removeItem, upsertItem } from './inboxCache';
import { pendingItem, sendText, temporaryItemId } from './outbox';
import { SavedRepliesMenu } from './savedReplies/SavedRepliesMenu';

dayjs.extend(utc);
dayjs.extend(timezone);

let nextAttachmentKey = 1;

/** Why a text with attachments waits for the person, not for the connection. */
export const ATTACHMENTS_OFFLINE =
  'Texts with attachments cannot be sent while offline. Send it when the connection is back, or remove the attachments to send the text now: it will go out when you are back online.';

interface Attachment {
  key: number;
  file: File;
  preview: string | null;
}

export function Composer({
  conversation,
  onTyping,
}: {
  conversation: Conversation;
  /** Called as the text changes (the collision notice tells colleagues someone is writing). */
  onTyping?: () => void;
}) {
  const client = useQueryClient();
  const { company } = useShell();
  const [text, setText] = useDraft(conversation.id);
  const { online } = useConnection();
  const [files, setFiles] = useState<Attachment[]>([]);
  const [scheduling, setScheduling] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const tz = useTimeZone();
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const counts = useMemo(() => countSegments(text), [text]);
  const tooLong = counts.characters > TEXT_MAX_LENGTH;
  const empty = !text.trim() && files.length === 0;

  const filesRef = useRef(files);
  filesRef.current = files;
  useEffect(
    () => () => {
      for (const file of filesRef.current) if (file.preview) URL.revokeObjectURL(file.preview);
    },
    [],
  );

  const addFiles = (list: FileList | File[] | null) => {
    if (!list) return;
    const added: Attachment[] = [];
    for (const file of Array.from(list)) {
      if (file.size > MEDIA_MAX_BYTES) {
        flash('danger', `${file.name} is larger than 5 MB.`);
        continue;
      }
      added.push({
        key: nextAttachmentKey++,
        file,
        preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
      });
    }
    setFiles((current) => {
      const next = [...current, ...added];
      if (next.length > MEDIA_MAX_FILES) flash('danger', `Attach at most ${MEDIA_MAX_FILES} files.`);
      return next.slice(0, MEDIA_MAX_FILES);
    });
  };

  /** The send's multipart fields, in the order the server reads them: the fields, then the `media[]` files. */
  const form = (extra: Record<string, string> = {}): MultipartFields => ({
    conversationId: conversation.id,
    text,
    ...extra,
    media: files.map(({ file }) => file),
  });

  const reset = () => {
    setText('');
    setFiles([]);
    setSendAt('');
    setScheduling(false);
  };

  const send = async () => {
    if (empty || tooLong || busy) return;
    const pending = {
      companyId: conversation.company_id,
      conversationId: conversation.id,
      temporaryId: temporaryItemId(),
      text,
    };
    if (files.length === 0) {
      sendText(client, pending);
      reset();
      return;
    }
    if (!online) {
      flash('danger', ATTACHMENTS_OFFLINE, { title: 'Not sent' });
      return;
    }
    const key = inboxKeys.items(conversation.id);
    const body = form();
    const temporary = pendingItem(pending);
    client.setQueryData<ItemPages>(key, (data) => upsertItem(data, temporary));
    reset();
    setBusy(true);
    try {
      const data = await api.call(
        MESSAGING_ENDPOINTS.send,
        { query: { companyId: conversation.company_id }, body },
        { idempotencyKey: crypto.randomUUID(), silent: true },
      );
      client.setQueryData<ItemPages>(key, (pages) => upsertItem(removeItem(pages, temporary.id), data));
    } catch (error) {
      client.setQueryData<ItemPages>(key, (pages) => removeItem(pages, temporary.id));
      // No answer at all: the connection went while it was being sent, and files are not kept to send later.
      const unreachable = error instanceof ApiError && error.status === 0;
      const reason = error instanceof Error ? error.message : String(error);
      flash('danger', unreachable ? ATTACHMENTS_OFFLINE : reason, { title: 'Not sent' });
      setText((current) => current || temporary.details.content);
    } finally {
      setBusy(false);
    }
  };

  const schedule = async () => {
    if (empty || tooLong || busy || !sendAt) return;
    // The time is read in the user's zone — the one every time on screen is shown in — not the browser's.
    const at = dayjs.tz(sendAt, tz).toDate();
    if (Number.isNaN(at.getTime())) return;
    setBusy(true);
    try {
      await api.call(
        MESSAGING_ENDPOINTS.schedule,
        { query: { companyId: conversation.company_id }, body: form({ shouldBeSentAt: at.toISOString() }) },
        { idempotencyKey: crypto.randomUUID(), silent: true },
      );
      reset();
      flash('success', `Scheduled for ${at.toLocaleString()}.`);
      await client.invalidateQueries({ queryKey: inboxKeys.items(conversation.id) });
    } catch (error) {
      const message =
        error instanceof ApiError ? (error.field('shouldBeSentAt') ?? error.message) : String(error);
      flash('danger', message, { title: 'Not scheduled' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      withBorder
      p="xs"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        addFiles(event.dataTransfer.files);
      }}
    >
      <Stack gap={6}>
        {files.length > 0 && !online && (
          <Text size="sm" c="var(--mantine-color-yellow-light-color)" role="note">
            {ATTACHMENTS_OFFLINE}
          </Text>
        )}
        {files.length > 0 && (
          <Group gap="xs" aria-label="Attachments">
            {files.map((attachment) => (
              <AttachmentChip
                key={attachment.key}
                name={attachment.file.name}
                image={attachment.preview}
                onRemove={() => {
                  if (attachment.preview) URL.revokeObjectURL(attachment.preview);
                  setFiles((current) => current.filter((other) => other.key !== attachment.key));
                }}
              />
            ))}
          </Group>
        )}
        <Textarea
          label="Message"
          autosize
          minRows={2}
          maxRows={8}
          value={text}
          error={
            tooLong ? `Max ${TEXT_MAX_LENGTH} characters per ${files.length ? 'MMS' : 'SMS'}` : undefined
          }
          onChange={(event) => {
            setText(event.currentTarget.value);
            onTyping?.();
          }}
          onPaste={(event) => {
            if (event.clipboardData.files.length) {
              event.preventDefault();
              addFiles(event.clipboardData.files);
            }
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              aria-label="Attachment files"
              data-testid="attach-input"
              onChange={(event) => {
                addFiles(event.currentTarget.files);
                event.currentTarget.value = '';
              }}
            />
            <Button variant="default" size="xs" onClick={() => fileInput.current?.click()}>
              Attach files
            </Button>
            <Button variant="default" size="xs" onClick={() => setScheduling((on) => !on)}>
              Schedule
            </Button>
            <SavedRepliesMenu
              companyId={conversation.company_id}
              contact={
                conversation.contact
                  ? { name: conversation.contact.name, number: conversation.recipient }
                  : { number: conversation.recipient }
              }
              canManageShared={roleCan(company?.role, 'users.manage')}
              onInsert={(filled) => setText((current) => (current.trim() ? `${current} ${filled}` : filled))}
              disabled={busy}
            />
          </Group>
          <Group gap="xs">
            <Text size="xs" c={tooLong ? 'red' : 'dimmed'} aria-live="polite">
              {counts.characters}/{TEXT_MAX_LENGTH} · {counts.segments}{' '}
              {counts.segments === 1 ? 'segment' : 'segments'} ({counts.encoding})
            </Text>
            <Button size="xs" onClick={() => void send()} disabled={empty || tooLong}>
              Send
            </Button>
          </Group>
        </Group>
        {scheduling && (
          <Group gap="xs" align="flex-end">
            <TextInput
              type="datetime-local"
              size="xs"
              label="Send at"
              description={`Your time zone: ${tz}`}
              value={sendAt}
              onChange={(event) => setSendAt(event.currentTarget.value)}
            />
            <Button
              size="xs"
              onClick={() => void schedule()}
              disabled={empty || tooLong || !sendAt}
              loading={busy}
            >
              Schedule message
            </Button>
            <ActionIcon variant="subtle" aria-label="Close scheduling" onClick={() => setScheduling(false)}>
              ×
            </ActionIcon>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
