/**
 * A header cell. A sortable column's header is a button (reachable and pressed by keyboard) and the cell says how
 * the column is sorted (`aria-sort`); the arrows are decoration, hidden from screen readers, so the header's name
 * stays its text.
 */
import { Table, type TableThProps, UnstyledButton } from '@mantine/core';
import type { Header } from '@tanstack/react-table';
import type { ReactNode } from 'react';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const ARROWS = { asc: ' ▲', desc: ' ▼' } as const;

export function SortableHeader<TData>({
  header,
  children,
  ...props
}: { header: Header<TData, unknown>; children: ReactNode } & Omit<TableThProps, 'children'>) {
  const column = header.column;
  if (!column.getCanSort()) return <Table.Th {...props}>{children}</Table.Th>;
  const sorted = column.getIsSorted();
  return (
    <Table.Th {...props} aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}>
      <UnstyledButton
        onClick={column.getToggleSortingHandler()}
        fw={700}
        fz="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        {children}
        <span aria-hidden="true">{sorted ? ARROWS[sorted] : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
