/**
 * A table of what one query loads: the rows while they load and once they are in, or the failure with
 * "Try again" in the table's place.
 */
import { QueryErrorState } from '../States';
import { DataTable, type DataTableProps } from './DataTable';

/** What the table reads of a TanStack Query result. */
export interface RowsQuery<TData> {
  data: TData[] | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

export function QueryTable<TData>({
  query,
  errorTitle,
  ...table
}: { query: RowsQuery<TData>; errorTitle: string } & Omit<DataTableProps<TData>, 'data' | 'loading'>) {
  if (query.error) return <QueryErrorState title={errorTitle} query={query} />;
  return <DataTable {...table} data={query.data ?? []} loading={query.isPending} />;
}
