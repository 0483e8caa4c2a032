/**
 * The table kit: the table (alone, or over a query), its selection column, the pager it draws under server lists,
 * the row density every list follows, and saved column sets (`columnPresets`).
 */
export { DataTable, type DataTableProps } from './DataTable';
export { DENSITY_TABLE_PROPS, type Density, DensityControl, useDensity } from './density';
export { Pager, type PagerProps, pagerOf } from './Pager';
export { QueryTable, type RowsQuery } from './QueryTable';
export { selectColumn } from './selectColumn';
export type { ColumnPresetsOptions } from './useColumnPresets';
