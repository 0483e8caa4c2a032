/**
 * Marketplace (§7 Marketplace numbers; what it is: docs/spec-interpretations.md): the company's memorable numbers
 * offered for sale or lease, with KPI cards, the table (number, vanity form, status, prices, interest), each
 * number's edit dialog (prices, description, words, list / withdraw / mark sold; §8's message on save) and its
 * listings history, "Offer a number" and "Download report" (marketplace_report.csv).
 */
import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { MarketplaceKpi, MarketplaceNumber } from '@shared/api/marketplace';
import { labelOf } from '@shared/domain/codes';
import { formatCents, MARKETPLACE_STATUSES, type MarketplaceStatus } from '@shared/domain/marketplace';
import { roleCan } from '@shared/domain/permissions';
import { useMutation } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { DataTable, pagerOf } from '../../ui/DataTable';
import { saveTextFile } from '../../ui/download';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { useSearchBox } from '../../ui/useSearchBox';
import { useSearchParamsNow } from '../../ui/useSearchParamsNow';
import { NumbersAreaTabs } from '../numbers/NumbersAreaTabs';
import { EditMarketplaceDialog, ListingsDialog, OfferNumberDialog } from './MarketplaceDialogs';
import {
  fetchMarketplaceReport,
  MARKETPLACE_REPORT_FILE,
  useMarketplaceKpi,
  useMarketplaceNumbers,
} from './marketplaceApi';
import { type MarketplaceListState, readMarketplaceState, writeMarketplaceState } from './marketplaceModel';

const NO_ROWS: MarketplaceNumber[] = [];
const column = createColumnHelper<MarketplaceNumber>();

export const STATUS_COLORS: Record<MarketplaceStatus, string> = {
  unlisted: 'gray',
  listed: 'blue',
  under_offer: 'orange',
  sold: 'green',
  withdrawn: 'dark',
};

export function StatusBadge({ status }: { status: MarketplaceStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {labelOf(MARKETPLACE_STATUSES, status)}
    </Badge>
  );
}

/** The KPI cards: on offer and its value; interest; sales. */
export function KpiCards({ kpi }: { kpi: MarketplaceKpi | undefined }) {
  const cards: [string, string][] = kpi
    ? [
        ['On offer', String(kpi.listed)],
        ['Total asking', formatCents(kpi.total_asking_cents)],
        ['Views', kpi.views.toLocaleString('en-US')],
        ['Inquiries', kpi.inquiries.toLocaleString('en-US')],
        ['Offers', kpi.offers.toLocaleString('en-US')],
        ['Sold', String(kpi.sold)],
        ['Revenue', formatCents(kpi.revenue_cents)],
      ]
    : [];
  if (!kpi) return null;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} role="list" aria-label="Marketplace figures">
      {cards.map(([label, value]) => (
        <Paper key={label} withBorder p="sm" role="listitem" aria-label={`${label}: ${value}`}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const STATUS_FILTER = [
  { value: '', label: 'Any status' },
  ...MARKETPLACE_STATUSES.map((status) => ({ value: status.value, label: status.label })),
];

export function MarketplacePage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const canManage = roleCan(company?.role, 'numbers.manage');
  const [editing, setEditing] = useState<MarketplaceNumber | null>(null);
  const [history, setHistory] = useState<MarketplaceNumber | null>(null);
  const [offering, setOffering] = useState(false);

  const [params, setParams] = useSearchParamsNow();
  const state = useMemo(() => readMarketplaceState(params), [params]);
  const update = useCallback(
    (change: (current: MarketplaceListState) => MarketplaceListState) =>
      setParams((previous) => writeMarketplaceState(change(readMarketplaceState(previous))), {
        replace: true,
      }),
    [setParams],
  );
  const search = useSearchBox(state.search, (value) => update((s) => ({ ...s, search: value, page: 1 })));

  const list = useMarketplaceNumbers(canView ? companyId : 0, state);
  const kpi = useMarketplaceKpi(canView ? companyId : 0);
  const report = useMutation<string, ApiError>({
    mutationFn: () => fetchMarketplaceReport(companyId, state),
    onSuccess: (csv) => saveTextFile(csv, MARKETPLACE_REPORT_FILE),
    onError: (error) => flash('danger', failureSummary(error), { title: 'The report could not be made' }),
  });

  const lastPage = list.data?.last_page ?? 0;
  useEffect(() => {
    if (lastPage > 0 && state.page > lastPage) update((s) => ({ ...s, page: lastPage }));
  }, [lastPage, state.page, update]);

  const columns = useMemo(
    () => [
      column.accessor('formatted', {
        header: 'Number',
        cell: (info) => <Text style={{ whiteSpace: 'nowrap' }}>{info.getValue()}</Text>,
      }),
      column.accessor('vanity_form', {
        header: 'Vanity form',
        cell: (info) => info.getValue() ?? <Text c="dimmed">None</Text>,
      }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => <StatusBadge status={info.getValue()} />,
      }),
      column.accessor('asking_price_cents', {
        header: 'Price',
        cell: (info) => {
          const lease = info.row.original.lease_price_cents;
          return (
            <Stack gap={0}>
              <Text>{formatCents(info.getValue())}</Text>
              {lease !== null && (
                <Text size="xs" c="dimmed">
                  or {formatCents(lease)}/month
                </Text>
              )}
            </Stack>
          );
        },
      }),
      column.accessor((row) => row.interest.views, { id: 'views', header: 'Views' }),
      column.accessor((row) => row.interest.inquiries, { id: 'inquiries', header: 'Inquiries' }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const row = info.row.original;
          return (
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => setHistory(row)}
                aria-label={`Listings of ${row.formatted}`}
              >
                Listings
              </Button>
              {canManage && (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setEditing(row)}
                  aria-label={`Edit ${row.formatted}`}
                >
                  Edit
                </Button>
              )}
            </Group>
          );
        },
      }),
    ],
    [canManage],
  );

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its marketplace." />;

  const page = list.data;
  const rows = page?.data ?? NO_ROWS;
  const filtered = state.search.trim() !== '' || state.status !== '';
  const offer = canManage && <Button onClick={() => setOffering(true)}>Offer a number</Button>;

  return (
    <Stack>
      <NumbersAreaTabs />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Marketplace
          </Title>
          <Text c="dimmed" size="sm">
            Offer the company’s memorable numbers for sale or lease and see how each offer does.
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" loading={report.isPending} onClick={() => report.mutate()}>
            Download report
          </Button>
          {offer}
        </Group>
      </Group>
      {kpi.error && !kpi.data ? (
        <QueryErrorState title="Could not load the marketplace figures" query={kpi} />
      ) : (
        <KpiCards kpi={kpi.data} />
      )}
      <Group align="flex-end">
        <TextInput label="Search" placeholder="Number, words or description" {...search.inputProps} w={280} />
        <Select
          label="Status"
          data={STATUS_FILTER}
          value={state.status}
          allowDeselect={false}
          onChange={(value) =>
            update((s) => ({ ...s, status: (value ?? '') as MarketplaceStatus | '', page: 1 }))
          }
          w={180}
        />
      </Group>
      {list.error && !page ? (
        <QueryErrorState title="Could not load the marketplace" query={list} />
      ) : (
        <DataTable
          label="Marketplace numbers"
          data={rows}
          columns={columns}
          loading={list.isPending}
          loadingLabel="Loading the marketplace"
          busy={list.isPlaceholderData}
          pagination={pagerOf(
            page,
            (next) => update((s) => ({ ...s, page: next })),
            'Pages of marketplace numbers',
          )}
          empty={
            filtered ? (
              <EmptyState title="No marketplace number matches">Try another search or status.</EmptyState>
            ) : (
              <Stack align="center" gap="xs" py="xl">
                <Text fw={600}>No numbers on the marketplace yet</Text>
                <Text c="dimmed" ta="center">
                  {canManage
                    ? 'Offer one of the company’s memorable numbers for sale or lease.'
                    : 'An administrator can offer the company’s numbers here.'}
                </Text>
                {offer}
              </Stack>
            )
          }
          scrollContainer={{ minWidth: 760 }}
        />
      )}
      {editing && (
        <EditMarketplaceDialog companyId={companyId} number={editing} onClose={() => setEditing(null)} />
      )}
      <ListingsDialog companyId={companyId} number={history} onClose={() => setHistory(null)} />
      {offering && <OfferNumberDialog companyId={companyId} onClose={() => setOffering(false)} />}
    </Stack>
  );
}
