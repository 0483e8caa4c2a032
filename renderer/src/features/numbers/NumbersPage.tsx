/**
 * Numbers (§7 Numbers): the company's numbers as an administration table — stats, filters by search, type, status,
 * area code, pattern and tag, sorting, 25 to a page, all kept in the address — with the number limit and the
 * request for more (§8), "Buy numbers" and the CSV export; who may manage numbers chooses rows to release, apply a
 * template to or tag.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { NumberTableRow } from '@shared/api/numberTable';
import { roleCan } from '@shared/domain/permissions';
import type { RowSelectionState, SortingState, Updater } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useShell } from '../../app/context';
import { DataTable, pagerOf } from '../../ui/DataTable';
import { saveTextFile } from '../../ui/download';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { useClampedPage } from '../../ui/useClampedPage';
import { useSearchBox } from '../../ui/useSearchBox';
import { useSearchParamsNow } from '../../ui/useSearchParamsNow';
import {
  isFiltered,
  type NumberTableSort,
  type NumberTableState,
  readListState,
  tableFilters,
  writeListState,
} from './listState';
import { NumberBulkActions } from './NumberBulkActions';
import { NumberFilters, NumberStatsBar } from './NumberFilters';
import { NumberLimitBar, RequestIncreaseDialog } from './NumberLimit';
import { NumbersAreaTabs } from './NumbersAreaTabs';
import { NUMBERS_TABLE_ID, numberColumns } from './numberColumns';
import { useNumberLimit } from './numbersApi';
import { exportNumbers, useNumberStats, useNumberTable } from './numberTableApi';

const NO_NUMBERS: NumberTableRow[] = [];

export function NumbersPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const canManage = roleCan(company?.role, 'numbers.manage');
  const [requesting, setRequesting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const [params, setParams] = useSearchParamsNow();
  const state = useMemo(() => readListState(params), [params]);
  const update = useCallback(
    (change: (current: NumberTableState) => NumberTableState) =>
      setParams((previous) => writeListState(change(readListState(previous))), { replace: true }),
    [setParams],
  );
  const search = useSearchBox(state.search, (value) => update((s) => ({ ...s, search: value, page: 1 })));

  const numbers = useNumberTable(canView ? companyId : 0, state);
  const stats = useNumberStats(canView ? companyId : 0);
  const limit = useNumberLimit(canView ? companyId : 0);

  // The choice is of rows on the page shown: another page, filter or order starts a new one.
  const listKey = params.toString();
  const [chosen, setChosen] = useState<{ listKey: string; rows: RowSelectionState }>({ listKey, rows: {} });
  const selection = chosen.listKey === listKey ? chosen.rows : {};
  const setSelection = (updater: Updater<RowSelectionState>) =>
    setChosen({ listKey, rows: typeof updater === 'function' ? updater(selection) : updater });

  useClampedPage(state.page, numbers.data?.last_page, (page) => update((s) => ({ ...s, page })));

  const columns = useMemo(() => numberColumns({ selectable: canManage }), [canManage]);
  const sorting: SortingState = [{ id: state.sort, desc: state.direction === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
    update((s) => ({
      ...s,
      sort: (next?.id as NumberTableSort | undefined) ?? 'number',
      direction: next?.desc ? 'desc' : 'asc',
      page: 1,
    }));
  };

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its numbers." />;

  const page = numbers.data;
  const rows = page?.data ?? NO_NUMBERS;
  const selected = rows.filter((row) => selection[String(row.id)]);
  const buy = canManage && (
    <Button component={Link} to="/numbers/buy">
      Buy numbers
    </Button>
  );
  const download = async () => {
    setExporting(true);
    try {
      const csv = await exportNumbers(companyId, tableFilters(state));
      saveTextFile(csv, `numbers-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      flash('danger', failureSummary(error), { title: 'The export failed' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack>
      <NumbersAreaTabs />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Numbers
          </Title>
          <NumberLimitBar limit={limit.data} canManage={canManage} onRequest={() => setRequesting(true)} />
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={download} loading={exporting} disabled={!page?.total}>
            Export CSV
          </Button>
          {buy}
        </Group>
      </Group>
      <NumberStatsBar stats={stats.data} />
      <NumberFilters
        companyId={companyId}
        state={state}
        searchInput={search.inputProps}
        onChange={(change) => update((s) => ({ ...s, ...change }))}
      />
      {canManage && (
        <NumberBulkActions companyId={companyId} selected={selected} onDone={() => setSelection({})} />
      )}
      {numbers.error && !page ? (
        <QueryErrorState title="Could not load the numbers" query={numbers} />
      ) : (
        <DataTable
          label="Numbers"
          data={rows}
          columns={columns}
          loading={numbers.isPending}
          loadingLabel="Loading numbers"
          busy={numbers.isPlaceholderData}
          enableSorting
          manualSorting
          enableSortingRemoval={false}
          sorting={sorting}
          onSortingChange={onSortingChange}
          enableRowSelection={canManage}
          rowSelection={selection}
          onRowSelectionChange={setSelection}
          pagination={pagerOf(page, (next) => update((s) => ({ ...s, page: next })), 'Pages of numbers')}
          empty={
            isFiltered(state) ? (
              <EmptyState title="No number matches">Try another search or clear the filters.</EmptyState>
            ) : (
              <Stack align="center" gap="xs" py="xl">
                <Text fw={600}>No numbers yet</Text>
                <Text c="dimmed" ta="center">
                  {canManage
                    ? 'A number is how customers call and text the company: buy a local or toll-free one.'
                    : 'An administrator can buy numbers.'}
                </Text>
                {buy}
              </Stack>
            )
          }
          scrollContainer={{ minWidth: 900 }}
          columnPresets={{
            tableId: NUMBERS_TABLE_ID,
            companyId,
            canShare: roleCan(company.role, 'settings.manage'),
          }}
        />
      )}
      {canManage && (
        <RequestIncreaseDialog
          companyId={companyId}
          limit={limit.data}
          opened={requesting}
          onClose={() => setRequesting(false)}
        />
      )}
    </Stack>
  );
}
