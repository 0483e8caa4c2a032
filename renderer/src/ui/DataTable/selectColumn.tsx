/**
 * The row-selection column: a checkbox per row named after the row ("Select Ada Lovelace"), and one in the header
 * for the page's rows. Rows that cannot be selected (see DataTable's enableRowSelection) show a disabled box.
 */
import { Checkbox } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import './columnMeta';

export function selectColumn<TData>(options: {
  /** The accessible name of a row's checkbox. */
  rowLabel: (row: TData) => string;
  /** The accessible name of the header's checkbox. */
  allLabel?: string;
}): ColumnDef<TData, unknown> {
  return {
    id: 'select',
    enableHiding: false,
    enableSorting: false,
    meta: { width: 40 },
    header: ({ table }) => (
      <Checkbox
        aria-label={options.allLabel ?? 'Select all on this page'}
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        disabled={!table.getRowModel().rows.some((row) => row.getCanSelect())}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={options.rowLabel(row.original)}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}
