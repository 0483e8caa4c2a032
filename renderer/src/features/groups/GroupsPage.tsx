/**
 * Groups and labels (§3 Contact group, §7 Groups and labels): the company's groups with their counts (contacts,
 * active, invalid, unsubscribed) and virtual marker — a group opens its contacts (`/contacts?group=<id>`) — new
 * group (plain, or virtual with filters), rename, delete (its contacts stay); then the labels.
 */
import { Anchor, Badge, Button, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ContactGroup } from '@shared/api/groups';
import { roleCan } from '@shared/domain/permissions';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useShell } from '../../app/context';
import { ConfirmDeleteModal } from '../../ui/ConfirmModal';
import { QueryTable } from '../../ui/DataTable';
import { actionsColumn, RowActions } from '../../ui/RowActions';
import { EmptyState, ErrorState } from '../../ui/States';
import { useGroupMutations, useGroups, useLabels } from './api';
import { GroupFormModal } from './GroupFormModal';
import { describeFilters } from './groupFilters';
import { LabelsSection } from './LabelsSection';

const count = (value: number) => value.toLocaleString('en-US');
const column = createColumnHelper<ContactGroup>();
const countColumn = (
  key: 'contact_count' | 'active_count' | 'invalid_count' | 'unsubscriber_count',
  header: string,
) => column.accessor(key, { header, meta: { align: 'right' }, cell: (info) => count(info.getValue()) });

export function GroupsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'contacts.view');
  const canManage = roleCan(company?.role, 'contacts.manage');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const groups = useGroups(canView ? companyId : 0, debounced);
  const labels = useLabels(canView ? companyId : 0);
  const { remove } = useGroupMutations(companyId);
  const [editing, setEditing] = useState<{ group: ContactGroup | null } | null>(null);
  const [deleting, setDeleting] = useState<ContactGroup | null>(null);
  const labelNames = useMemo(
    () => new Map((labels.data ?? []).map((label) => [label.id, label.label])),
    [labels.data],
  );

  const removeReset = remove.reset;
  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Name',
        cell: ({ row: { original: group } }) => (
          <>
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to={`/contacts?group=${group.id}`} fw={500}>
                {group.name}
              </Anchor>
              {group.virtual && (
                // A long name must not squeeze the badge away.
                <Badge size="sm" variant="light" color="grape" style={{ flexShrink: 0 }}>
                  Virtual
                </Badge>
              )}
            </Group>
            {group.virtual && (
              <Text size="xs" c="dimmed">
                Contacts matching: {describeFilters(group.filters, labelNames)}
              </Text>
            )}
          </>
        ),
      }),
      countColumn('contact_count', 'Contacts'),
      countColumn('active_count', 'Active'),
      countColumn('invalid_count', 'Invalid'),
      countColumn('unsubscriber_count', 'Unsubscribed'),
      // Changing groups needs contacts.manage.
      ...actionsColumn(
        (group: ContactGroup) => (
          <RowActions
            name={group.name}
            editLabel={group.virtual ? 'Edit' : 'Rename'}
            onEdit={() => setEditing({ group })}
            onDelete={() => {
              removeReset();
              setDeleting(group);
            }}
          />
        ),
        { shown: canManage },
      ),
    ],
    [canManage, labelNames, removeReset],
  );

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its contacts." />;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Groups
        </Title>
        {canManage && <Button onClick={() => setEditing({ group: null })}>New group</Button>}
      </Group>
      <Text c="dimmed" size="sm">
        Groups gather contacts for campaigns. A virtual group is a saved filter: its members are whoever
        matches it now. Active contacts are neither invalid nor unsubscribed — the ones a campaign reaches.
      </Text>
      <TextInput
        label="Search groups"
        placeholder="Group name"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      <QueryTable
        query={groups}
        errorTitle="Could not load the groups"
        label="Groups"
        columns={columns}
        loadingLabel="Loading groups"
        empty={
          <EmptyState title={debounced ? `No group matches “${debounced}”` : 'No groups yet'}>
            {debounced
              ? 'Try another name.'
              : canManage
                ? 'Create one with “New group”, or add contacts to groups when you import them.'
                : 'An administrator can create groups.'}
          </EmptyState>
        }
        scrollContainer={{ minWidth: 720 }}
        tableProps={{ striped: true, highlightOnHover: true }}
      />

      <Divider my="md" />
      <LabelsSection companyId={companyId} canManage={canManage} />

      <GroupFormModal
        companyId={companyId}
        opened={!!editing}
        group={editing?.group ?? null}
        labels={labels.data ?? []}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        target={deleting}
        title="Delete group"
        remove={remove}
        deleted={(group) => `Group “${group.name}” deleted. Its contacts stay in your contacts.`}
        onClose={() => setDeleting(null)}
      >
        {(group) => (
          <>
            Delete the group “{group.name}”?{' '}
            {group.virtual
              ? 'It is a saved filter: no contact is changed.'
              : `Its ${group.contact_count === 1 ? 'contact stays' : `${count(group.contact_count)} contacts stay`} in your contacts; only the group goes.`}
          </>
        )}
      </ConfirmDeleteModal>
    </Stack>
  );
}
