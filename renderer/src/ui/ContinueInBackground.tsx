/**
 * The foot of a running background batch's dialog (an import, an export): the batch goes on when the dialog
 * closes (§4 "Background batches"), and the button that closes it says so.
 */
import { Button, Group, Text } from '@mantine/core';

export function ContinueInBackground({ then, onClose }: { then: string; onClose: () => void }) {
  return (
    <>
      <Text size="xs" c="dimmed">
        You can close this window: {then}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Continue in the background
        </Button>
      </Group>
    </>
  );
}
