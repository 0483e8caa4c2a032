/**
 * One port document (a bill, or the letter of authorisation): a file dropped here or chosen with the button (so
 * the keyboard reaches it), checked at once (PDF, PNG or JPEG within the size limit), shown by name with a way to
 * remove it. A plain drop area, as the campaign editor's attachments (MediaField says why not Mantine's Dropzone).
 */
import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { PORT_DOCUMENT_MAX_BYTES, PORT_DOCUMENT_TYPES, portDocumentProblem } from '@shared/domain/ports';
import { useId, useRef, useState } from 'react';

const MAX_MB = PORT_DOCUMENT_MAX_BYTES / (1024 * 1024);

export function DocumentDrop({
  label,
  description,
  file,
  error,
  disabled = false,
  onChange,
}: {
  label: string;
  description: string;
  file: File | null;
  /** The server's or the check's message about this document. */
  error?: string | undefined;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const errorId = useId();

  const take = (files: readonly File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    const problem = portDocumentProblem(chosen);
    setRefused(problem);
    if (!problem) onChange(chosen);
  };
  const message = refused ?? error;

  return (
    <Stack gap={4} role="group" aria-labelledby={labelId} aria-describedby={message ? errorId : undefined}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
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
        <Group gap="sm" wrap="nowrap" justify="space-between">
          <input
            ref={input}
            type="file"
            hidden
            accept={PORT_DOCUMENT_TYPES.join(',')}
            aria-label={`${label} file`}
            onChange={(event) => {
              take(Array.from(event.currentTarget.files ?? []));
              event.currentTarget.value = '';
            }}
          />
          {file ? (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {Math.max(1, Math.round(file.size / 1024))} KB
              </Text>
              <CloseButton
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => {
                  setRefused(null);
                  onChange(null);
                }}
              />
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              {description} Drop it here or choose it: PDF, PNG or JPEG, up to {MAX_MB} MB.
            </Text>
          )}
          <Button
            variant="default"
            size="xs"
            disabled={disabled}
            onClick={() => input.current?.click()}
            style={{ flexShrink: 0 }}
            aria-label={`${file ? 'Replace' : 'Choose file'} for ${label}`}
          >
            {file ? 'Replace' : 'Choose file'}
          </Button>
        </Group>
      </Paper>
      {message && (
        <Text size="sm" c="var(--app-danger-text)" id={errorId} role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}
