/** A confirmation dialog for a deletion: what goes, what stays, and the server's answer if it refuses. */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  loading,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  loading: boolean;
  error: string | null;
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
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
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
