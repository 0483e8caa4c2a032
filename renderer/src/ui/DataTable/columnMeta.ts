/**
 * How a column's cells sit, said once in its definition (`meta`) instead of on every header and cell: TanStack
 * leaves `ColumnMeta` for apps to fill in.
 */
import type { RowData } from '@tanstack/react-table';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Numbers sit right, as in a spreadsheet. */
    align?: 'left' | 'center' | 'right';
    /** The header cell's width (a checkbox column stays narrow). */
    width?: number | string;
    /** The body cells' minimum width (room for a select). */
    minWidth?: number | string;
  }
}
