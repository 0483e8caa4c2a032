/**
 * A dialog that is one form: its fields, the form's own message when the server refuses it (field messages sit
 * beside their fields), Cancel and the action. The dialogs that create, rename or apply something all share it.
 */
import { Button, Group, Modal, Stack, type StackProps } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { ErrorAlert } from './States';

export function FormDialog({
  opened = true,
  title,
  children,
  submitLabel,
  pending = false,
  disabled = false,
  error,
  gap,
  onSubmit,
  onClose,
}: {
  /** Open unless told otherwise: a dialog mounted only while it shows leaves it out. */
  opened?: boolean;
  title: string;
  children: ReactNode;
  submitLabel: string;
  pending?: boolean;
  /** The action waits for the form to be complete. */
  disabled?: boolean;
  /** What went wrong with the whole form; nothing shows when empty. */
  error?: string | null;
  gap?: StackProps['gap'];
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={onSubmit}>
        <Stack gap={gap}>
          {children}
          <ErrorAlert message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={disabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
