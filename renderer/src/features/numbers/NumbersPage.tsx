/**
 * Numbers (§7 Numbers): the company's tracked numbers, searched over number and label, 50 to a page with the list
 * kept in the address; the number limit with the request for more (§8); "Buy numbers" for who may buy.
 */
import { Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TrackedNumber } from '@shared/api/numbers';
import { labelOf } from '@shared/domain/codes';
import { NUMBER_TYPES } from '@shared/domain/numbers';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useShell } from '../../app/context';
import { DataTable, pagerOf } from '../../ui/DataTable';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { useSearchBox } from '../../ui/useSearchBox';
import { type NumberListState, readListState, writeListState } from './listState';
import { NumberLimitBar, RequestIncreaseDialog } from './NumberLimit';
import { useNumberLimit, useNumbers } from './numbersApi';

const NO_NUMBERS: TrackedNumber[] = [];
const column = createColumnHelper<TrackedNumber>();

const columns = [
  column.accessor('number', {
    header: 'Number',
    cell: (info) => (
      <Anchor component={Link} to={`/numbers/${info.row.original.id}`} style={{ whiteSpace: 'nowrap' }}>
        {formatPhone(info.getValue())}
      </Anchor>
    ),
  }),
  column.accessor('label', {
    header: 'Label',
    cell: (info) => info.getValue() || <Text c="dimmed">No label</Text>,
  }),
  column.accessor('type', { header: 'Type', cell: (info) => labelOf(NUMBER_TYPES, info.getValue()) }),
  column.accessor('tags', {
    header: 'Tags',
    cell: (info) => (
      <Group gap={4}>
        {info.getValue().map((tag) => (
          <Badge key={tag} variant="light" size="sm">
            {tag}
          </Badge>
        ))}
      </Group>
    ),
  }),
  column.accessor('sms_enabled', {
    header: 'SMS',
    cell: (info) => (info.getValue() ? 'On' : 'Off'),
  }),
];

export function NumbersPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const canManage = roleCan(company?.role, 'numbers.manage');
  const [requesting, setRequesting] = useState(false);

  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const update = useCallback(
    (change: (current: NumberListState) => NumberListState) =>
      setParams((previous) => writeListState(change(readListState(previous))), { replace: true }),
    [setParams],
  );
  const search = useSearchBox(state.search, (value) => update((s) => ({ ...s, search: value, page: 1 })));

  const numbers = useNumbers(canView ? companyId : 0, state);
  const limit = useNumberLimit(canView ? companyId : 0);

  // A page past the end moves to the last page.
  const lastPage = numbers.data?.last_page ?? 0;
  useEffect(() => {
    if (lastPage > 0 && state.page > lastPage) update((s) => ({ ...s, page: lastPage }));
  }, [lastPage, state.page, update]);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its numbers." />;

  const page = numbers.data;
  const rows = page?.data ?? NO_NUMBERS;
  const searching = state.search.trim() !== '';
  const buy = canManage && (
    <Button component={Link} to="/numbers/buy">
      Buy numbers
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Numbers
          </Title>
          <NumberLimitBar limit={limit.data} canManage={canManage} onRequest={() => setRequesting(true)} />
        </Stack>
        {buy}
      </Group>
      <TextInput label="Search numbers" placeholder="Number or label" {...search.inputProps} w={280} />
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
          pagination={pagerOf(page, (next) => update((s) => ({ ...s, page: next })), 'Pages of numbers')}
          empty={
            searching ? (
              <EmptyState title="No number matches">Try another number or label.</EmptyState>
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
          scrollContainer={{ minWidth: 640 }}
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
