/**
 * The confirmation dialog for an action that cannot be taken back (a deletion, a block): what goes, what stays,
 * the server's answer if it refuses, Cancel and the action.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  destructive = true,
  cancelLabel = 'Cancel',
  focusCancel = false,
  loading = false,
  error = null,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The action in red; false for one that undoes (an unblock), in the theme's colour. */
  destructive?: boolean;
  cancelLabel?: string;
  /** Puts the focus on Cancel when the dialog opens, so Enter does not confirm by accident. */
  focusCancel?: boolean;
  loading?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text size="sm">{children}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus={focusCancel || undefined}>
            {cancelLabel}
          </Button>
          <Button color={destructive ? 'red' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A failed call in words: the first field message, else the message. */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'errors' in error) {
    for (const messages of Object.values((error as { errors: Record<string, unknown> }).errors)) {
      if (Array.isArray(messages) && typeof messages[0] === 'string' && messages[0]) return messages[0];
    }
  }
  return error instanceof Error ? error.message : String(error);
}
