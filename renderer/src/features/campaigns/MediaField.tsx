/**
 * A campaign's attachments (MMS, §5): the ones already saved (each can be removed) and new files dropped or
 * chosen — images show a thumbnail. A plain drop area rather than Mantine's Dropzone: its code would be shared
 * with the contact import's and split a hook out of the first page load's script, which is at its budget. Files of a type carriers refuse, or larger than an MMS part may be, are
 * refused here with the reason. New files go out as `media[]` when the campaign is saved.
 */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Media } from '@shared/api/conversations';
import { MEDIA_MAX_BYTES, MEDIA_MAX_FILES, MEDIA_TYPES } from '@shared/api/messaging';
import { useEffect, useRef, useState } from 'react';
import { apiBaseUrl } from '../../api';
import { AttachmentChip } from '../../ui/AttachmentChip';
import { absoluteMediaUrl } from '../activity/media';

/** §7 "POST /campaigns multipart (… `media[]`)": as many attachments as one MMS may carry. */
export const CAMPAIGN_MEDIA_MAX_FILES = MEDIA_MAX_FILES;
const MAX_MB = Math.round(MEDIA_MAX_BYTES / (1024 * 1024));

export interface NewAttachment {
  key: number;
  file: File;
  /** An object URL of an image, for its thumbnail. */
  preview: string | null;
}

let nextKey = 1;

/** The files that may be added to `count` attachments, and a message for each refused. */
export function acceptFiles(
  files: readonly File[],
  count: number,
): { accepted: NewAttachment[]; refused: string[] } {
  const accepted: NewAttachment[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (!(MEDIA_TYPES as readonly string[]).includes(file.type))
      refused.push(`${file.name}: this kind of file cannot be sent by MMS.`);
    else if (file.size > MEDIA_MAX_BYTES) refused.push(`${file.name} is larger than ${MAX_MB} MB.`);
    else if (count + accepted.length >= CAMPAIGN_MEDIA_MAX_FILES)
      refused.push(`${file.name}: a campaign carries at most ${CAMPAIGN_MEDIA_MAX_FILES} attachments.`);
    else
      accepted.push({
        key: nextKey++,
        file,
        preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
      });
  }
  return { accepted, refused };
}

const mediaUrl = (url: string) => absoluteMediaUrl(url, apiBaseUrl(), window.location.href);

export function MediaField({
  saved,
  kept,
  added,
  disabled,
  onKeptChange,
  onAddedChange,
}: {
  /** The campaign's saved attachments. */
  saved: readonly Media[];
  /** Which of them (their index) stay. */
  kept: readonly number[];
  added: readonly NewAttachment[];
  disabled: boolean;
  onKeptChange: (kept: number[]) => void;
  onAddedChange: (added: NewAttachment[]) => void;
}) {
  const [refused, setRefused] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const addedRef = useRef(added);
  addedRef.current = added;
  // Thumbnails are let go when the editor closes.
  useEffect(
    () => () => {
      for (const attachment of addedRef.current)
        if (attachment.preview) URL.revokeObjectURL(attachment.preview);
    },
    [],
  );

  const take = (files: File[]) => {
    const { accepted, refused: why } = acceptFiles(files, kept.length + added.length);
    setRefused(why);
    if (accepted.length) onAddedChange([...added, ...accepted]);
  };
  const count = kept.length + added.length;

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="campaign-media-label">
        Attachments (MMS)
      </Text>
      {count > 0 && (
        <Group gap="xs" role="list" aria-labelledby="campaign-media-label">
          {kept.map((index) => {
            const media = saved[index];
            if (!media) return null;
            const name = media.name ?? `Attachment ${index + 1}`;
            const isImage = media.content_type.startsWith('image/');
            return (
              <AttachmentChip
                key={`saved-${media.url}`}
                listItem
                name={name}
                image={isImage ? mediaUrl(media.url) : null}
                href={mediaUrl(media.url)}
                disabled={disabled}
                onRemove={() => onKeptChange(kept.filter((other) => other !== index))}
              />
            );
          })}
          {added.map((attachment) => (
            <AttachmentChip
              key={attachment.key}
              listItem
              name={attachment.file.name}
              image={attachment.preview}
              disabled={disabled}
              onRemove={() => {
                if (attachment.preview) URL.revokeObjectURL(attachment.preview);
                onAddedChange(added.filter((other) => other.key !== attachment.key));
              }}
            />
          ))}
        </Group>
      )}
      {count < CAMPAIGN_MEDIA_MAX_FILES && (
        // Files dropped anywhere here are taken; the button (and so the keyboard) chooses them from the disk.
        <Paper
          withBorder
          p="sm"
          bg={dragging ? 'var(--app-row-selected)' : undefined}
          style={{ borderStyle: 'dashed' }}
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            if (!disabled) take(Array.from(event.dataTransfer.files));
          }}
        >
          <Group gap="sm" wrap="nowrap">
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={MEDIA_TYPES.join(',')}
              aria-label="Attachment files"
              onChange={(event) => {
                take(Array.from(event.currentTarget.files ?? []));
                event.currentTarget.value = '';
              }}
            />
            <Button
              variant="default"
              size="xs"
              disabled={disabled}
              onClick={() => input.current?.click()}
              style={{ flexShrink: 0 }}
            >
              Attach files
            </Button>
            <Text size="xs" c="dimmed">
              Or drop them here. Images, audio, video, PDF or vCard, up to {MAX_MB} MB each,{' '}
              {CAMPAIGN_MEDIA_MAX_FILES} at most. Attachments make it an MMS: one credit per recipient.
            </Text>
          </Group>
        </Paper>
      )}
      {refused.length > 0 && (
        <Text size="sm" c="var(--app-danger-text)" role="alert">
          {refused.join(' ')}
        </Text>
      )}
    </Stack>
  );
}
