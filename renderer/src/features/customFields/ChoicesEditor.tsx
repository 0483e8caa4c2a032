/**
 * The choices of a choice-list field: one text box each, moved up and down or taken out, and one more added; a
 * warning when saving would delete the values of choices taken out.
 */
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { records } from './FieldUsage';
import type { ChoiceDraft } from './fieldForm';

export function ChoicesEditor({
  choices,
  errorOf,
  error,
  removedWithValues,
  onRename,
  onMove,
  onRemove,
  onAdd,
}: {
  choices: readonly ChoiceDraft[];
  /** The message beside a choice (the server's, for its value or its id). */
  errorOf: (index: number) => string | undefined;
  /** The message about the list as a whole ("Add at least one choice."). */
  error: string | undefined;
  removedWithValues: readonly { value: string; count: number }[];
  onRename: (index: number, value: string) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
}) {
  return (
    <Stack gap="xs" role="group" aria-label="Choices">
      <Text size="sm" fw={500}>
        Choices
      </Text>
      {choices.map((choice, index) => (
        <Group key={choice.key} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Choice ${index + 1}`}
            maxLength={100}
            value={choice.value}
            onChange={(event) => onRename(index, event.currentTarget.value)}
            error={errorOf(index)}
          />
          <Group gap={4} mt={26} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Move choice ${index + 1} up`}
              disabled={index === 0}
              onClick={() => onMove(index, -1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move choice ${index + 1} down`}
              disabled={index === choices.length - 1}
              onClick={() => onMove(index, 1)}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove choice ${index + 1}`}
              onClick={() => onRemove(index)}
            >
              ×
            </ActionIcon>
          </Group>
        </Group>
      ))}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" onClick={onAdd}>
          Add choice
        </Button>
      </Group>
      {removedWithValues.length > 0 && (
        <Alert color="yellow">
          Saving deletes the values of removed choices:{' '}
          {removedWithValues.map((choice) => `“${choice.value}” (${records(choice.count)})`).join(', ')}.
        </Alert>
      )}
    </Stack>
  );
}
