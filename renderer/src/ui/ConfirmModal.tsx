/**
 * The confirmation dialog for an action that cannot be taken back (a deletion, a block): what goes, what stays,
 * the server's answer if it refuses, Cancel and the action.
 * `ConfirmDeleteModal` is the one for deleting a record through its mutation.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { flash } from './flash';
import { ErrorAlert } from './States';

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
        <ErrorAlert message={error} />
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

/**
 * Confirms deleting one record through its delete mutation: open while there is a record to delete, the refusal
 * shown in the dialog, and once deleted a flash says so and the dialog closes (as it does when the delete is kept
 * on this device to be sent once back online).
 */
export function ConfirmDeleteModal<T>({
  target,
  title,
  remove,
  deleted,
  onClose,
  children,
}: {
  target: T | null;
  /** The dialog's title and its action: "Delete group". */
  title: string;
  remove: {
    isPending: boolean;
    error: unknown;
    mutate: (target: T, options: { onSuccess: () => void; onQueued?: () => void }) => void;
  };
  /** The flash once it is gone. */
  deleted: (target: T) => string;
  onClose: () => void;
  /** What goes and what stays. */
  children: (target: T) => ReactNode;
}) {
  return (
    <ConfirmModal
      opened={target !== null}
      title={title}
      confirmLabel={title}
      loading={remove.isPending}
      error={remove.error ? errorText(remove.error) : null}
      onClose={onClose}
      onConfirm={() =>
        target !== null &&
        remove.mutate(target, {
          onSuccess: () => {
            flash('success', deleted(target));
            onClose();
          },
          // Offline, the delete waits on this device (the person is told so); the dialog need not wait with it.
          onQueued: onClose,
        })
      }
    >
      {target !== null && children(target)}
    </ConfirmModal>
  );
}
