/**
 * The custom fields of one entity type: name (with its description), data type (a choice list's choices under
 * it), required, usage; Edit and Delete for those who may change fields.
 */
import { Badge, Stack, Text } from '@mantine/core';
import type { CustomField } from '@shared/api/customFields';
import { labelOf } from '@shared/domain/codes';
import { CUSTOM_FIELD_DATA_TYPES } from '@shared/domain/customFields';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable } from '../../ui/DataTable';
import { actionsColumn, RowActions } from '../../ui/RowActions';
import { Usage } from './FieldUsage';

const column = createColumnHelper<CustomField>();

export function FieldsTable({
  fields,
  loading,
  empty,
  canManage,
  onEdit,
  onDelete,
}: {
  fields: CustomField[];
  loading: boolean;
  empty: ReactNode;
  canManage: boolean;
  onEdit: (field: CustomField) => void;
  onDelete: (field: CustomField) => void;
}) {
  const columns = [
    column.accessor('name', {
      header: 'Name',
      cell: ({ row: { original: field } }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {field.name}
          </Text>
          {field.description && (
            <Text size="xs" c="dimmed">
              {field.description}
            </Text>
          )}
        </Stack>
      ),
    }),
    column.accessor('data_type', {
      header: 'Data type',
      cell: ({ row: { original: field } }) => (
        <>
          {labelOf(CUSTOM_FIELD_DATA_TYPES, field.data_type)}
          {field.data_type === 'enum' && (
            <Text size="xs" c="dimmed">
              {field.choices.map((choice) => choice.value).join(', ')}
            </Text>
          )}
        </>
      ),
    }),
    column.accessor('required', {
      header: 'Required',
      cell: (info) => (info.getValue() ? <Badge variant="light">Required</Badge> : 'No'),
    }),
    // Its own component: each row asks for its field's counts.
    column.display({ id: 'usage', header: 'Usage', cell: ({ row }) => <Usage id={row.original.id} /> }),
    ...actionsColumn(
      (field: CustomField) => (
        <RowActions
          name={field.name}
          editLabel="Edit"
          editVariant="light"
          onEdit={() => onEdit(field)}
          onDelete={() => onDelete(field)}
        />
      ),
      { shown: canManage },
    ),
  ];

  return (
    <DataTable
      label="Custom fields"
      data={fields}
      columns={columns}
      loading={loading}
      loadingLabel="Loading custom fields"
      empty={empty}
      tableProps={{ striped: true }}
    />
  );
}
