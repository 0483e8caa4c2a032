/**
 * The last column of a table whose rows can be changed: a header read out but not shown, and the row's edit and
 * delete buttons, each named after the row for screen readers ("Rename VIP", "Delete VIP"). A list of cards (the
 * notes) puts the same buttons, smaller, on each card.
 */
import { Button, type ButtonProps, Group, VisuallyHidden } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';

const ActionsHeader = () => <VisuallyHidden>Actions</VisuallyHidden>;

/**
 * The actions column, to spread at the end of a table's columns: `cell` draws a row's buttons. Without `shown`
 * (a role that may not change the rows) the table has no actions column at all.
 */
export function actionsColumn<T>(cell: (row: T) => ReactNode, { shown = true } = {}): ColumnDef<T>[] {
  return shown ? [{ id: 'actions', header: ActionsHeader, cell: ({ row }) => cell(row.original) }] : [];
}

export function RowActions({
  name,
  editLabel,
  editVariant = 'default',
  compact = false,
  onEdit,
  onDelete,
}: {
  /** What the row is called, for the buttons' accessible names. */
  name: string;
  /** The edit button's word: Edit, Rename… */
  editLabel: string;
  editVariant?: ButtonProps['variant'];
  /** Small and quiet, for an item inside a card rather than a table row. */
  compact?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const size = compact ? 'compact-xs' : 'xs';
  return (
    <Group gap={compact ? 4 : 'xs'} justify="flex-end" wrap="nowrap">
      <Button
        size={size}
        variant={compact ? 'subtle' : editVariant}
        aria-label={`${editLabel} ${name}`}
        onClick={onEdit}
      >
        {editLabel}
      </Button>
      <Button
        size={size}
        variant={compact ? 'subtle' : 'light'}
        color="red"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        Delete
      </Button>
    </Group>
  );
}
