/**
 * Sources (§7 `/dniSources`): the named rules that say where a visit came from — each with its conditions in
 * words (most specific first, the order they are weighed in), the pools that serve it and its calls in the last
 * 30 days. A source is added from a ready-made one (shared/domain/dni.ts SOURCE_PRESETS: Google Ads, Facebook…)
 * or from scratch, edited in the rules editor, and deleted when no pool uses it (the server's 409 names the pools).
 */
import { Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import type { DniSource } from '@shared/api/dni';
import { roleCan } from '@shared/domain/permissions';
import { createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import { useShell } from '../../app/context';
import { ConfirmDeleteModal } from '../../ui/ConfirmModal';
import { DataTable } from '../../ui/DataTable';
import { actionsColumn, RowActions } from '../../ui/RowActions';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { RowsSkeleton } from '../schedule/Skeletons';
import { whoMay } from '../schedule/whoMay';
import { SourceDialog } from './SourceDialog';
import { describeConditions, type SourceFormValues, sourceValues, unusedPresets } from './sourceForm';
import { TrackingHeader } from './TrackingAreaTabs';
import { useDeleteSource, useSources } from './trackingApi';

const NO_SOURCES: DniSource[] = [];
const column = createColumnHelper<DniSource>();

export function SourcesPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const canManage = roleCan(company?.role, 'numbers.manage');
  const sources = useSources(companyId, canView);
  const remove = useDeleteSource();
  const [editing, setEditing] = useState<{ source: DniSource | null; start: SourceFormValues } | null>(null);
  const [deleting, setDeleting] = useState<DniSource | null>(null);

  const list = sources.data?.data ?? NO_SOURCES;
  const presets = unusedPresets(list);

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Source',
        cell: (info) => (
          <Text size="sm" fw={500}>
            {info.getValue()}
          </Text>
        ),
      }),
      column.display({
        id: 'conditions',
        header: 'Conditions (any one matches)',
        cell: (info) => (
          <Group gap={4} wrap="wrap">
            {describeConditions(info.row.original.conditions).map((words) => (
              <Badge key={words} variant="light" color="gray" size="sm" tt="none">
                {words}
              </Badge>
            ))}
          </Group>
        ),
      }),
      column.accessor((source) => source.pools.map((pool) => pool.name).join(', '), {
        id: 'pools',
        header: 'Pools',
        cell: (info) =>
          info.getValue() || (
            <Text size="sm" c="dimmed">
              No pool yet
            </Text>
          ),
      }),
      column.accessor('calls_30d', { header: 'Calls (30 days)' }),
      ...actionsColumn<DniSource>(
        (source) => (
          <RowActions
            name={source.name}
            editLabel="Edit"
            onEdit={() => setEditing({ source, start: sourceValues(source) })}
            onDelete={() => {
              remove.reset();
              setDeleting(source);
            }}
          />
        ),
        { shown: canManage },
      ),
    ],
    [canManage, remove.reset],
  );

  let body: ReactNode;
  if (!company) body = <EmptyState title="You are not in a company yet" />;
  else if (!canView)
    body = <ErrorState title="Not allowed" error="Your role in this company cannot see call tracking." />;
  else if (sources.isPending) body = <RowsSkeleton label="Loading sources" />;
  else if (sources.error && !sources.data)
    body = <QueryErrorState title="Could not load the sources" query={sources} />;
  else
    body = (
      <DataTable
        label="Sources"
        data={list}
        columns={columns}
        enableSorting
        busy={sources.isFetching && !sources.isPending}
        empty={
          <EmptyState title="No sources yet">
            A source names where visitors come from — an ad network’s click id, a UTM tag, a referring site —
            so a pool can show them its numbers.
            {canManage ? ' Start from a ready-made one with “Add source”.' : ''}
          </EmptyState>
        }
        scrollContainer={{ minWidth: 820 }}
      />
    );

  return (
    <Stack>
      <TrackingHeader
        title="Sources"
        description="Where a visit came from, read from its landing page and referrer."
      >
        {canManage && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button>Add source</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Ready-made</Menu.Label>
              {presets.length === 0 && <Menu.Item disabled>Every ready-made source is added</Menu.Item>}
              {presets.map((preset) => (
                <Menu.Item
                  key={preset.name}
                  onClick={() => setEditing({ source: null, start: sourceValues(preset) })}
                >
                  {preset.name}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item onClick={() => setEditing({ source: null, start: sourceValues(null) })}>
                Custom source…
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </TrackingHeader>
      {company && canView && !canManage && (
        <Text size="sm" c="dimmed" role="note">
          Only {whoMay('numbers.manage')} can add or change sources.
        </Text>
      )}
      {body}
      {editing && (
        <SourceDialog
          companyId={companyId}
          source={editing.source}
          start={editing.start}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        target={deleting}
        title="Delete source"
        remove={remove}
        deleted={(source) => `Source “${source.name}” deleted.`}
        onClose={() => setDeleting(null)}
      >
        {(source) =>
          source.pools.length
            ? `${source.name} is used by ${source.pools.map((pool) => pool.name).join(', ')}: take it out of those pools first.`
            : `Visits will no longer be counted as ${source.name}. Its past calls keep its name.`
        }
      </ConfirmDeleteModal>
    </Stack>
  );
}
