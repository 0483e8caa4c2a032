/**
 * Contacts (§7 Contacts): the company's contacts in a table with server-side paging and sorting, a choice of
 * columns, filters kept in the address (`?group=<id>` from the groups page), row selection with "all matching",
 * bulk actions, and the way in to a new contact and to the import wizard.
 */
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { Contact, ContactSelection } from '@shared/api/contacts';
import { roleCan } from '@shared/domain/permissions';
import { channels, EVENTS } from '@shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState, SortingState, Updater } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useRealtimeEvent } from '../../api/realtime';
import { useShell } from '../../app/context';
import { DataTable, DensityControl } from '../../ui/DataTable';
import { EmptyState, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { useClampedPage } from '../../ui/useClampedPage';
import { useSearchParamsNow } from '../../ui/useSearchParamsNow';
import { BulkActions } from './BulkActions';
import { ContactFiltersBar, type FiltersUpdate } from './ContactFiltersBar';
import { CONTACTS_TABLE_ID, contactColumns, HIDDEN_BY_DEFAULT } from './columns';
import { contactKeys, useContacts, useGroupOptions, useLabelOptions } from './contactsApi';
import {
  type ContactListState,
  type ContactSort,
  EMPTY_FILTERS,
  hasFilters,
  PER_PAGE_OPTIONS,
  readListState,
  toApiFilters,
  writeListState,
} from './filters';
import { ImportWizard } from './import/ImportWizard';

const NO_CONTACTS: Contact[] = [];

interface Selection {
  /** The list (company, filters, sort, page) the selection was made in: another list starts with none. */
  listKey: string;
  rows: RowSelectionState;
  allMatching: boolean;
}

export function ContactsPage() {
  const { company } = useShell();
  const client = useQueryClient();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'contacts.view');
  const canManage = roleCan(company?.role, 'contacts.manage');

  const [params, setParams] = useSearchParamsNow();
  const state = useMemo(() => readListState(params), [params]);
  const update = useCallback(
    (change: (current: ContactListState) => ContactListState) =>
      setParams((previous) => writeListState(change(readListState(previous))), { replace: true }),
    [setParams],
  );
  const setFilters: FiltersUpdate = useCallback(
    (change) => update((current) => ({ ...current, filters: change(current.filters), page: 1 })),
    [update],
  );

  const apiFilters = useMemo(() => toApiFilters(state.filters), [state.filters]);
  const listParams = useMemo(
    () => ({
      page: state.page,
      perPage: state.perPage,
      filters: apiFilters,
      sort: state.sort,
      dir: state.dir,
    }),
    [state.page, state.perPage, apiFilters, state.sort, state.dir],
  );
  const contacts = useContacts(companyId, listParams);
  const labels = useLabelOptions(canView ? companyId : 0);
  const groups = useGroupOptions(canView ? companyId : 0);
  const [importOpen, setImportOpen] = useState(false);

  const listKey = JSON.stringify([companyId, listParams]);
  const [selection, setSelection] = useState<Selection>({ listKey, rows: {}, allMatching: false });
  const current = selection.listKey === listKey ? selection : { listKey, rows: {}, allMatching: false };
  const clearSelection = () => setSelection({ listKey, rows: {}, allMatching: false });

  useRealtimeEvent(companyId ? channels.companies(companyId) : null, EVENTS.contactImportCompleted, () => {
    void client.invalidateQueries({ queryKey: contactKeys.all() });
  });

  useClampedPage(state.page, contacts.data?.total_pages, (page) => update((s) => ({ ...s, page })));

  const selectable = canView;
  const listSearch = params.size ? `?${params.toString()}` : '';
  const columns = useMemo(() => contactColumns({ selectable, listSearch }), [selectable, listSearch]);
  const sorting: SortingState = [{ id: state.sort, desc: state.dir === 'desc' }];
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    const rows = typeof updater === 'function' ? updater(current.rows) : updater;
    setSelection({ listKey, rows, allMatching: false });
  };
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
    update((s) => ({
      ...s,
      sort: (next?.id as ContactSort | undefined) ?? 'name',
      dir: next?.desc ? 'desc' : 'asc',
      page: 1,
    }));
  };

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its contacts." />;

  const page = contacts.data;
  const rows = page?.data ?? NO_CONTACTS;
  const selectedIds = Object.entries(current.rows)
    .filter(([, selected]) => selected)
    .map(([id]) => Number(id));
  const pageAllSelected = rows.length > 0 && rows.every((contact) => current.rows[String(contact.id)]);
  const total = page?.total ?? 0;
  const bulkSelection: ContactSelection = current.allMatching
    ? { all: true, filters: apiFilters }
    : { contacts: selectedIds };
  const bulkCount = current.allMatching ? total : selectedIds.length;
  const filtered = hasFilters(state.filters);

  const newContactButton = canManage && (
    <Button component={Link} to="/contacts/new">
      New contact
    </Button>
  );
  const importButton = canManage && (
    <Button variant="light" onClick={() => setImportOpen(true)}>
      Import contacts
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Contacts
          </Title>
          {page && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {total === 1 ? '1 contact' : `${total.toLocaleString()} contacts`}
              {filtered ? (total === 1 ? ' matches' : ' match') : ''}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {importButton}
          {newContactButton}
          <DensityControl />
        </Group>
      </Group>

      <ContactFiltersBar
        filters={state.filters}
        labels={labels.data ?? []}
        groups={groups.data ?? []}
        onChange={setFilters}
      />

      {selectable && (selectedIds.length > 0 || current.allMatching) && (
        <BulkActions
          companyId={companyId}
          selection={bulkSelection}
          count={bulkCount}
          labels={labels.data ?? []}
          groups={groups.data ?? []}
          canManage={canManage}
          onDone={clearSelection}
        />
      )}
      {pageAllSelected && total > rows.length && (
        <Group gap="xs" justify="center">
          {current.allMatching ? (
            <>
              <Text size="sm">All {total.toLocaleString()} matching contacts are selected.</Text>
              <Button size="compact-sm" variant="subtle" onClick={clearSelection}>
                Clear selection
              </Button>
            </>
          ) : (
            <>
              <Text size="sm">All {rows.length} contacts on this page are selected.</Text>
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => setSelection({ listKey, rows: current.rows, allMatching: true })}
              >
                Select all {total.toLocaleString()} matching
              </Button>
            </>
          )}
        </Group>
      )}

      {!page && contacts.isPending ? (
        <LoadingState label="Loading contacts" />
      ) : !page ? (
        <QueryErrorState title="Could not load the contacts" query={contacts} />
      ) : total === 0 && !filtered ? (
        <Stack align="center" gap="xs">
          <EmptyState title="No contacts yet">
            {canManage
              ? 'Import a CSV or Excel file, or add contacts one by one.'
              : 'Contacts appear here once someone adds or imports them.'}
          </EmptyState>
          <Group>
            {importButton}
            {newContactButton}
          </Group>
        </Stack>
      ) : total === 0 ? (
        <Stack align="center" gap="xs">
          <EmptyState title="No contacts match these filters">
            Try another search, or clear the filters.
          </EmptyState>
          <Button variant="light" onClick={() => setFilters(() => EMPTY_FILTERS)}>
            Clear filters
          </Button>
        </Stack>
      ) : (
        <>
          {contacts.error && <QueryErrorState title="Could not refresh the contacts" query={contacts} />}
          <DataTable
            label="Contacts"
            data={rows}
            columns={columns}
            busy={contacts.isFetching}
            manualSorting
            enableSortingRemoval={false}
            sorting={sorting}
            onSortingChange={onSortingChange}
            // The previous page's rows stay on screen (dimmed) while the next one loads; they cannot be selected,
            // or a selection would hold contacts that are about to leave the screen.
            enableRowSelection={selectable && !contacts.isPlaceholderData}
            rowSelection={current.rows}
            onRowSelectionChange={onRowSelectionChange}
            columnPresets={{
              tableId: CONTACTS_TABLE_ID,
              companyId,
              canShare: roleCan(company.role, 'settings.manage'),
              hiddenByDefault: HIDDEN_BY_DEFAULT,
            }}
            pagination={{
              page: state.page,
              pageCount: page.total_pages,
              onPageChange: (next) => update((s) => ({ ...s, page: next })),
            }}
            footer={
              <Select
                label="Rows per page"
                data={PER_PAGE_OPTIONS.map(String)}
                value={String(state.perPage)}
                allowDeselect={false}
                onChange={(value) => update((s) => ({ ...s, perPage: Number(value), page: 1 }))}
                w={120}
              />
            }
            scrollContainer="auto"
            densityControl={false}
            tableProps={{
              striped: true,
              highlightOnHover: true,
              style: { opacity: contacts.isPlaceholderData ? 0.6 : 1 },
            }}
          />
        </>
      )}

      <ImportWizard
        opened={importOpen}
        onClose={() => {
          setImportOpen(false);
          void client.invalidateQueries({ queryKey: contactKeys.all() });
        }}
      />
    </Stack>
  );
}
