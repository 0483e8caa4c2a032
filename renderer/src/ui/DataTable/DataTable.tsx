/**
 * The app's table: TanStack Table v8 drawn with Mantine's Table. One component for every list on screen, so they
 * all sort, page, select and show their loading and empty states the same way.
 *
 * - Sorting is off unless asked for (`enableSorting`, or a `sorting` state): client-side by default, or the
 *   caller's (`manualSorting`) for server lists whose sort lives in the address. Sortable headers are buttons
 *   (keyboard) and carry `aria-sort`.
 * - Paging is the server's: `pagination` takes the page and page count of a paged answer.
 * - Row selection, column visibility and column order are controllable from outside (selection for bulk actions,
 *   visibility and order for a person's column choices); left uncontrolled, the table keeps them itself.
 * - A table given `columnPresets` (its stable id and the company) has a "Columns" menu over it: show, hide and
 *   order columns, and save, pick and delete column sets (./ColumnsMenu.tsx, ./useColumnPresets.ts); it then
 *   holds visibility and order itself.
 * - Columns say how their cells sit through `meta` (see ./columnMeta.ts).
 * - Rows are as dense as the person chose (./density.tsx): a toolbar over the table offers the choice, unless the
 *   screen puts it in its own toolbar (`densityControl={false}`); spacing the screen sets in `tableProps` wins.
 * - Headers and cells are called, not mounted as components (TanStack's flexRender mounts them): a screen that
 *   builds its columns anew on each render keeps its cells' inputs, their focus and open dropdowns. A cell that
 *   needs hooks returns an element of its own component.
 */
import { Box, Group, Table, type TableProps } from '@mantine/core';
import {
  type ColumnDef,
  type ColumnOrderState,
  getCoreRowModel,
  getSortedRowModel,
  type OnChangeFn,
  type Row,
  type RowSelectionState,
  type SortingState,
  type TableOptions,
  type TableState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { LoadingState } from '../States';
import { ColumnsMenu } from './ColumnsMenu';
import './columnMeta';
import { describeColumns } from './columnPresetModel';
import { DENSITY_TABLE_PROPS, DensityControl, useDensity } from './density';
import { Pager, type PagerProps } from './Pager';
import { SortableHeader } from './SortableHeader';
import { type ColumnPresetsOptions, useColumnPresets } from './useColumnPresets';

export interface DataTableProps<TData> {
  /** The table's accessible name (tests and screen readers find the table by it). */
  label: string;
  data: TData[];
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ from column to column, as in TanStack.
  columns: ColumnDef<TData, any>[];
  /** A row's identity (selection is kept by it); when not given, the row's `id` if it has one, else its index. */
  getRowId?: (row: TData, index: number) => string;

  /** Nothing to show yet: the loading state stands in for the table. */
  loading?: boolean;
  loadingLabel?: string;
  /** The rows shown are being refreshed (`aria-busy`). */
  busy?: boolean;
  /** What an empty list says, in place of the table; without it an empty list draws the table's headers. */
  empty?: ReactNode;

  enableSorting?: boolean;
  /** The server sorts: the table only reports the wanted order through onSortingChange. */
  manualSorting?: boolean;
  enableSortingRemoval?: boolean;
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;

  /** The server's pages; the pager shows when there is more than one. */
  pagination?: PagerProps;
  /** Beside the pager, under the table (a rows-per-page choice, say). */
  footer?: ReactNode;

  enableRowSelection?: boolean | ((row: Row<TData>) => boolean);
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;

  columnVisibility?: VisibilityState;
  onColumnVisibilityChange?: OnChangeFn<VisibilityState>;
  columnOrder?: ColumnOrderState;
  onColumnOrderChange?: OnChangeFn<ColumnOrderState>;

  /** 'auto' scrolls a wide table sideways; a minimum width scrolls it below that width (Table.ScrollContainer). */
  scrollContainer?: 'auto' | { minWidth: number };
  /** Draw the density choice over the table; false when the screen's own toolbar has it. */
  densityControl?: boolean;
  /** Saved column sets for this table (its stable id, the company): a "Columns" menu over the table. */
  columnPresets?: ColumnPresetsOptions;
  /** Mantine's look of the table (striped, highlightOnHover, spacing, borders, font size, style). */
  tableProps?: Omit<TableProps, 'children' | 'aria-label' | 'aria-busy'>;
}

/** A header or cell definition drawn in place: text as it is, a function called with its context. */
function draw<TContext>(
  definition: ReactNode | ((context: TContext) => unknown),
  context: TContext,
): ReactNode {
  return (typeof definition === 'function' ? definition(context) : definition) as ReactNode;
}

/** A record is known by its id; any other row by its place. */
function rowIdentity(row: unknown, index: number): string {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : String(index);
}

export function DataTable<TData>(props: DataTableProps<TData>) {
  return props.columnPresets ? (
    <WithColumnPresets {...props} options={props.columnPresets} />
  ) : (
    <TableView {...props} />
  );
}

/** The table with its saved column sets: their layout drawn, their menu over it. */
function WithColumnPresets<TData>({
  options,
  ...props
}: DataTableProps<TData> & { options: ColumnPresetsOptions }) {
  const choices = useMemo(() => describeColumns(props.columns), [props.columns]);
  const presets = useColumnPresets(options, choices);
  return (
    <TableView
      {...props}
      columnVisibility={presets.layout.visibility}
      onColumnVisibilityChange={(updater) =>
        presets.change((current) => {
          const visibility = typeof updater === 'function' ? updater(current.visibility) : updater;
          return { ...current, visibility: { ...current.visibility, ...visibility } };
        })
      }
      columnOrder={presets.layout.order}
      columnsMenu={
        <ColumnsMenu label={props.label} presets={presets} choices={choices} canShare={options.canShare} />
      }
    />
  );
}

function TableView<TData>({
  label,
  data,
  columns,
  getRowId,
  loading = false,
  loadingLabel = 'Loading',
  busy,
  empty,
  enableSorting,
  manualSorting = false,
  enableSortingRemoval,
  sorting,
  onSortingChange,
  pagination,
  footer,
  enableRowSelection = false,
  rowSelection,
  onRowSelectionChange,
  columnVisibility,
  onColumnVisibilityChange,
  columnOrder,
  onColumnOrderChange,
  scrollContainer,
  densityControl = true,
  tableProps,
  columnsMenu,
}: DataTableProps<TData> & { columnsMenu?: ReactNode }) {
  const [density] = useDensity();
  // Only the state the caller holds, and its handlers, are passed on: TanStack keeps the rest itself, and an
  // `undefined` key would override its own.
  const controlled: Partial<TableState> = {};
  const handlers: Partial<TableOptions<TData>> = {};
  if (sorting) controlled.sorting = sorting;
  if (rowSelection) controlled.rowSelection = rowSelection;
  if (columnVisibility) controlled.columnVisibility = columnVisibility;
  if (columnOrder) controlled.columnOrder = columnOrder;
  if (onSortingChange) handlers.onSortingChange = onSortingChange;
  if (onRowSelectionChange) handlers.onRowSelectionChange = onRowSelectionChange;
  if (onColumnVisibilityChange) handlers.onColumnVisibilityChange = onColumnVisibilityChange;
  if (onColumnOrderChange) handlers.onColumnOrderChange = onColumnOrderChange;
  if (enableSortingRemoval !== undefined) handlers.enableSortingRemoval = enableSortingRemoval;
  handlers.getRowId = getRowId ?? rowIdentity;
  if (!manualSorting) handlers.getSortedRowModel = getSortedRowModel();

  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting,
    enableSorting: enableSorting ?? sorting !== undefined,
    enableRowSelection,
    state: controlled,
    ...handlers,
  });

  if (loading) return <LoadingState label={loadingLabel} />;
  if (data.length === 0 && empty !== undefined) return <>{empty}</>;

  const rows = table.getRowModel().rows;
  const drawn = (
    <Table {...DENSITY_TABLE_PROPS[density]} {...tableProps} aria-label={label} aria-busy={busy}>
      <Table.Thead>
        {table.getHeaderGroups().map((headerGroup) => (
          <Table.Tr key={headerGroup.id}>
            {headerGroup.headers.map((header) => {
              const meta = header.column.columnDef.meta;
              return (
                <SortableHeader key={header.id} header={header} w={meta?.width} ta={meta?.align}>
                  {header.isPlaceholder ? null : draw(header.column.columnDef.header, header.getContext())}
                </SortableHeader>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} bg={row.getIsSelected() ? 'var(--app-row-selected)' : undefined}>
            {row.getVisibleCells().map((cell) => {
              const meta = cell.column.columnDef.meta;
              return (
                <Table.Td key={cell.id} ta={meta?.align} miw={meta?.minWidth}>
                  {draw(cell.column.columnDef.cell, cell.getContext())}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  const showPager = !!pagination && pagination.pageCount > 1;
  return (
    <>
      {(densityControl || columnsMenu) && (
        <Group justify="flex-end" gap="xs">
          {columnsMenu}
          {densityControl && <DensityControl label={`${label} row density`} />}
        </Group>
      )}
      {scrollContainer === 'auto' ? (
        <Box style={{ overflowX: 'auto' }}>{drawn}</Box>
      ) : scrollContainer ? (
        <Table.ScrollContainer minWidth={scrollContainer.minWidth}>{drawn}</Table.ScrollContainer>
      ) : (
        drawn
      )}
      {(footer || showPager) && (
        <Group justify={footer ? 'space-between' : 'flex-end'}>
          {footer}
          {showPager && <Pager {...pagination} />}
        </Group>
      )}
    </>
  );
}
