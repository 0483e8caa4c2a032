/**
 * Forwarding numbers (§7 Numbers `forward-contacts`): the company's list of the people and phones calls are
 * forwarded to — name, number, how many routes forward to each — searched, 50 to a page; adding and changing one
 * in a dialog (§8's messages), removing one after a confirmation (refused, with the routes named, while routes
 * still forward to it), and where each is used, with links to those numbers. The routing editor offers these
 * numbers as suggestions.
 */
import { Anchor, Button, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { FORWARD_CONTACT_IN_USE_FIELD, type ForwardContact } from '@shared/api/forwardContacts';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { DataTable, pagerOf } from '../../ui/DataTable';
import { flash } from '../../ui/flash';
import { actionsColumn, RowActions } from '../../ui/RowActions';
import { EmptyState, ErrorAlert, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { useClampedPage } from '../../ui/useClampedPage';
import { useSearchBox } from '../../ui/useSearchBox';
import { NumbersAreaTabs } from '../numbers/NumbersAreaTabs';
import { ForwardContactDialog } from './ForwardContactDialog';
import {
  useDeleteForwardContact,
  useForwardContactStats,
  useForwardContacts,
  useForwardContactUsage,
} from './forwardingApi';
import { usageExtensionText, usageNumberText, usedByText } from './forwardingModel';

const NO_ENTRIES: ForwardContact[] = [];
const column = createColumnHelper<ForwardContact>();

export function ForwardingNumbersPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const canManage = roleCan(company?.role, 'numbers.manage');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const searchBox = useSearchBox(search, (value) => {
    setSearch(value);
    setPage(1);
  });
  const [editing, setEditing] = useState<ForwardContact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ForwardContact | null>(null);
  const [showingUsage, setShowingUsage] = useState<ForwardContact | null>(null);

  const entries = useForwardContacts(canView ? companyId : 0, page, search);
  const stats = useForwardContactStats(canView ? companyId : 0);

  useClampedPage(page, entries.data?.last_page, setPage);

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Name',
        cell: (info) => (
          <Stack gap={0}>
            <Text size="sm">{info.getValue()}</Text>
            {info.row.original.note && (
              <Text size="xs" c="dimmed">
                {info.row.original.note}
              </Text>
            )}
          </Stack>
        ),
      }),
      column.accessor('number', {
        header: 'Number',
        cell: (info) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatPhone(info.getValue())}
            {info.row.original.usingIntNumber ? ' (international)' : ''}
          </Text>
        ),
      }),
      column.accessor('used_by_routes', {
        header: 'Used by',
        cell: (info) => (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={`Where ${info.row.original.name} is used: ${usedByText(info.getValue())}`}
            onClick={() => setShowingUsage(info.row.original)}
          >
            {usedByText(info.getValue())}
          </Button>
        ),
      }),
      ...actionsColumn<ForwardContact>(
        (entry) => (
          <RowActions
            name={entry.name}
            editLabel="Edit"
            onEdit={() => setEditing(entry)}
            onDelete={() => setDeleting(entry)}
          />
        ),
        { shown: canManage },
      ),
    ],
    [canManage],
  );

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return (
      <Stack>
        <NumbersAreaTabs />
        <ErrorState
          title="Not allowed"
          error="Your role in this company cannot see its forwarding numbers."
        />
      </Stack>
    );

  const rows = entries.data?.data ?? NO_ENTRIES;
  const searching = search.trim() !== '';
  const add = canManage && <Button onClick={() => setEditing('new')}>Add forwarding number</Button>;

  return (
    <Stack>
      <NumbersAreaTabs />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Forwarding numbers
          </Title>
          <Text c="dimmed" size="sm" role="status" aria-live="polite">
            {stats.data
              ? `${stats.data.total} forwarding number${stats.data.total === 1 ? '' : 's'}: ${stats.data.used} used by routes, ${stats.data.unused} unused.`
              : 'The people and phones calls are forwarded to.'}
          </Text>
        </Stack>
        {add}
      </Group>
      <TextInput
        label="Search forwarding numbers"
        placeholder="Name, note or number"
        {...searchBox.inputProps}
        w={280}
      />
      {entries.error && !entries.data ? (
        <QueryErrorState title="Could not load the forwarding numbers" query={entries} />
      ) : (
        <DataTable
          label="Forwarding numbers"
          data={rows}
          columns={columns}
          getRowId={(row) => String(row.id)}
          loading={entries.isPending}
          loadingLabel="Loading forwarding numbers"
          busy={entries.isPlaceholderData}
          pagination={pagerOf(entries.data, setPage, 'Pages of forwarding numbers')}
          empty={
            searching ? (
              <EmptyState title="No forwarding number matches">Try another name or number.</EmptyState>
            ) : (
              <Stack align="center" gap="xs" py="xl">
                <Text fw={600}>No forwarding numbers yet</Text>
                <Text c="dimmed" ta="center">
                  {canManage
                    ? 'Keep the phones calls are forwarded to here, by name, and pick them when routing a number.'
                    : 'An administrator can add the phones calls are forwarded to.'}
                </Text>
                {add}
              </Stack>
            )
          }
          scrollContainer={{ minWidth: 560 }}
        />
      )}
      {editing && (
        <ForwardContactDialog
          key={editing === 'new' ? 'new' : editing.id}
          companyId={companyId}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteDialog entry={deleting} onClose={() => setDeleting(null)} />}
      {showingUsage && <UsageDialog entry={showingUsage} onClose={() => setShowingUsage(null)} />}
    </Stack>
  );
}

/** The routes a refusal names (`errors.used_by` of a 409), if it names any. */
function routesOfRefusal(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const named = error.errors[FORWARD_CONTACT_IN_USE_FIELD];
  return Array.isArray(named) ? named.map(String) : [];
}

/** Removing an entry after a confirmation; a refusal (routes still forward to it) names each route. */
function DeleteDialog({ entry, onClose }: { entry: ForwardContact; onClose: () => void }) {
  const remove = useDeleteForwardContact();
  const routes = routesOfRefusal(remove.error);
  return (
    <Modal opened onClose={onClose} title={`Delete ${entry.name}`}>
      <Stack>
        <Text size="sm">
          {entry.name} ({formatPhone(entry.number)}) leaves the list of forwarding numbers. Routes are not
          changed: one that still forwards to it is named here and must be changed first.
        </Text>
        {remove.error ? (
          <ErrorAlert
            message={
              <Stack gap={4}>
                <Text size="sm">{remove.error.message}</Text>
                {routes.length > 0 && (
                  <List size="sm" aria-label={`Routes that forward to ${entry.name}`}>
                    {routes.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            }
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(entry, {
                onSuccess: () => {
                  flash('success', `${entry.name} was removed from the forwarding numbers.`);
                  onClose();
                },
              })
            }
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Which numbers and extensions forward to an entry, each number a link to its page. */
function UsageDialog({ entry, onClose }: { entry: ForwardContact; onClose: () => void }) {
  const usage = useForwardContactUsage(entry.id);
  const data = usage.data?.data;
  return (
    <Modal opened onClose={onClose} title={`Where ${entry.name} is used`}>
      {usage.error ? (
        <QueryErrorState title="Could not load where it is used" query={usage} />
      ) : !data ? (
        <LoadingState label="Loading where it is used" />
      ) : data.length === 0 ? (
        <EmptyState title="No route forwards here">
          Pick {formatPhone(entry.number)} as a forward on a number’s routing to use it.
        </EmptyState>
      ) : (
        <List aria-label={`Routes that forward to ${entry.name}`} spacing="xs">
          {data.map((one) => (
            <List.Item key={`${one.number_id}-${one.extension}`}>
              <Anchor component={Link} to={`/numbers/${one.number_id}`}>
                {usageNumberText(one)}
              </Anchor>{' '}
              — {usageExtensionText(one)}
            </List.Item>
          ))}
        </List>
      )}
    </Modal>
  );
}
