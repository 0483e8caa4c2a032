/** The table kit: the table, its selection column, and the pager it draws under server lists. */
export { DataTable, type DataTableProps } from './DataTable';
export { Pager, type PagerProps } from './Pager';
export { selectColumn } from './selectColumn';
