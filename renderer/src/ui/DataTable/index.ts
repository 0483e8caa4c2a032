/** The table kit: the table (alone, or over a query), its selection column, and the pager it draws under server lists. */
export { DataTable, type DataTableProps } from './DataTable';
export { Pager, type PagerProps } from './Pager';
export { QueryTable, type RowsQuery } from './QueryTable';
export { selectColumn } from './selectColumn';
