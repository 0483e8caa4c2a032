/**
 * A success message with Undo, for a few seconds (UNDO_MS): the cheap way back after a delete that happens at once.
 * Undo takes the message down and runs `onUndo`, which says itself how the undo went.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** How long Undo is offered. */
export const UNDO_MS = 8_000;

export function flashWithUndo(
  message: string,
  options: {
    /** One message per thing undone: a second delete of the same thing replaces the first's. */
    id: string;
    /** The Undo button's accessible name ("Undo deleting Sales sources"). */
    undoLabel: string;
    onUndo: () => void;
  },
) {
  notifications.hide(options.id);
  notifications.show({
    id: options.id,
    color: 'green',
    autoClose: UNDO_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close message' },
    message: (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          aria-label={options.undoLabel}
          onClick={() => {
            notifications.hide(options.id);
            options.onUndo();
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}
