/**
 * The last column of a table whose rows can be changed: a header read out but not shown, and the row's edit and
 * delete buttons, each named after the row for screen readers ("Rename VIP", "Delete VIP").
 */
import { Button, type ButtonProps, Group, VisuallyHidden } from '@mantine/core';

export const ActionsHeader = () => <VisuallyHidden>Actions</VisuallyHidden>;

export function RowActions({
  name,
  editLabel,
  editVariant = 'default',
  onEdit,
  onDelete,
}: {
  /** What the row is called, for the buttons' accessible names. */
  name: string;
  /** The edit button's word: Edit, Rename… */
  editLabel: string;
  editVariant?: ButtonProps['variant'];
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button size="xs" variant={editVariant} aria-label={`${editLabel} ${name}`} onClick={onEdit}>
        {editLabel}
      </Button>
      <Button size="xs" variant="light" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </Group>
  );
}
