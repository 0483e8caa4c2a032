/**
 * Custom fields (§7, §3 Custom field): one tab per entity type (Contact first), a table of the company's fields
 * with their usage, create and edit in a dialog (name, data type, description, required, default value by type,
 * the choices of a choice list with add / remove / reorder), delete after a confirmation that says how many records
 * lose their values. Changing fields needs settings.manage; other roles see the list only.
 */
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { CustomField } from '@shared/api/customFields';
import { labelOf } from '@shared/domain/codes';
import { CUSTOM_FIELD_ENTITY_TYPES } from '@shared/domain/customFields';
import { roleCan } from '@shared/domain/permissions';
import { useState } from 'react';
import { useShell } from '../../app/context';
import { EmptyState, QueryErrorState } from '../../ui/States';
import { useCustomFields } from './CustomValueInputs';
import { DeleteFieldDialog } from './DeleteFieldDialog';
import { FieldDialog } from './FieldDialog';
import { FieldsTable } from './FieldsTable';

const CONTACT = 7;
/** Contact first (where custom fields are used most), then the others in §3 order. */
const ENTITY_TABS = [
  ...CUSTOM_FIELD_ENTITY_TYPES.filter((type) => type.value === CONTACT),
  ...CUSTOM_FIELD_ENTITY_TYPES.filter((type) => type.value !== CONTACT),
];

export function CustomFieldsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canManage = roleCan(company?.role, 'settings.manage');
  const [entityType, setEntityType] = useState<number>(CONTACT);
  const fields = useCustomFields(entityType, companyId);
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const typeLabel = labelOf(CUSTOM_FIELD_ENTITY_TYPES, entityType as never).toLowerCase();

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Custom fields
          </Title>
          <Text c="dimmed">Fields of your own that records carry beside the built-in ones.</Text>
        </Stack>
        {canManage && <Button onClick={() => setEditing('new')}>New custom field</Button>}
      </Group>
      <Tabs value={String(entityType)} onChange={(value) => value && setEntityType(Number(value))}>
        <Tabs.List aria-label="Entity type">
          {ENTITY_TABS.map((type) => (
            <Tabs.Tab key={type.value} value={String(type.value)}>
              {type.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {fields.error ? (
        <QueryErrorState title="Could not load the custom fields" query={fields} />
      ) : (
        <FieldsTable
          fields={fields.data ?? []}
          loading={fields.isPending}
          empty={
            <EmptyState title={`No custom fields for ${typeLabel} records yet`}>
              {canManage
                ? 'Add one with “New custom field” to keep your own details on them.'
                : 'An administrator can add fields here.'}
            </EmptyState>
          }
          canManage={canManage}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}
      {editing && (
        <FieldDialog
          key={editing === 'new' ? 'new' : editing.id}
          companyId={companyId}
          entityType={entityType}
          field={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteFieldDialog field={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
