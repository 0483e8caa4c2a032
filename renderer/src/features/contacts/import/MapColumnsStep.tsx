/**
 * Step 2: which column fills which contact field (suggested from the headers), the file's first rows, and the
 * groups the imported contacts join. Next waits until the name and number columns are chosen (§5).
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  ScrollArea,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ImportPreview } from '@shared/api/contacts';
import type { ContactGroup } from '@shared/api/groups';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../ui/DataTable';
import { groupChoices } from '../../groups/choices';
import { canImport, type MappableField, type MappingChoice, repeatedColumns } from './importModel';

const PREVIEW_ROWS = 5;

export function MapColumnsStep({
  fileName,
  preview,
  fields,
  choice,
  onChoice,
  groups,
  groupsLoading,
  groupsError,
  chosenGroups,
  onGroups,
  suggestionIncomplete,
  onBack,
  onNext,
}: {
  fileName: string;
  preview: ImportPreview;
  fields: MappableField[];
  choice: MappingChoice;
  onChoice: (choice: MappingChoice) => void;
  groups: ContactGroup[];
  groupsLoading: boolean;
  groupsError: string | null;
  chosenGroups: string[];
  onGroups: (ids: string[]) => void;
  suggestionIncomplete: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  const { columns, rows } = preview;
  const ready = canImport(choice, columns);
  const repeated = repeatedColumns(choice);
  const firstRow = rows[0] ?? [];
  const sample = (column: string | null) => {
    if (!column) return '';
    const index = columns.indexOf(column);
    return index >= 0 ? (firstRow[index] ?? '') : '';
  };
  const options = columns.map((column) => ({ value: column, label: column }));
  const mappingColumns: ColumnDef<MappableField>[] = [
    {
      id: 'field',
      header: 'Contact field',
      cell: ({ row: { original: field } }) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{field.label}</Text>
          {field.required && (
            <Badge size="xs" variant="light" color="gray">
              required
            </Badge>
          )}
          {field.custom && (
            <Badge size="xs" variant="outline" color="gray">
              custom
            </Badge>
          )}
        </Group>
      ),
    },
    {
      id: 'column',
      header: 'Column in the file',
      meta: { minWidth: 200 },
      cell: ({ row: { original: field } }) => (
        <Select
          aria-label={`${field.label} column`}
          size="xs"
          data={options}
          value={choice[field.key] ?? null}
          onChange={(column) => onChoice({ ...choice, [field.key]: column })}
          placeholder="Not imported"
          clearable
          searchable
          nothingFoundMessage="No such column"
          comboboxProps={{ withinPortal: true }}
        />
      ),
    },
    {
      id: 'sample',
      header: 'First row',
      cell: ({ row: { original: field } }) => (
        <Text size="xs" c="dimmed" lineClamp={1} maw={220}>
          {sample(choice[field.key] ?? null)}
        </Text>
      ),
    },
  ];
  // Two columns of a file may share a header: a column is known by its place.
  const previewColumns: ColumnDef<string[]>[] = columns.map((column, at) => ({
    id: String(at),
    header: column,
    cell: ({ row }) => row.original[at] ?? '',
  }));

  return (
    <Stack>
      <Text size="sm">
        Reading <b>{fileName}</b>: {columns.length} column{columns.length === 1 ? '' : 's'}. Choose which
        column fills each contact field; fields without a column are left empty.
      </Text>
      {suggestionIncomplete && (
        <Alert color="yellow" role="alert" title={ERROR_MESSAGES.importInvalidFile}>
          No column of this file is called name or number. Choose the columns that hold them below, or choose
          another file.
        </Alert>
      )}
      <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
        <DataTable
          label="Column mapping"
          data={fields}
          columns={mappingColumns}
          getRowId={(field) => field.key}
          densityControl={false}
          tableProps={{ striped: true, verticalSpacing: 4 }}
        />
      </ScrollArea.Autosize>
      {repeated.length > 0 && (
        <Text size="sm" c="var(--app-warning-text)">
          {repeated.map((column) => `“${column}”`).join(', ')} {repeated.length === 1 ? 'fills' : 'fill'} more
          than one field.
        </Text>
      )}

      <Title order={3} size="h5">
        First rows of the file
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          The file has a header row but no rows under it.
        </Text>
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <DataTable
            label="File preview"
            data={rows.slice(0, PREVIEW_ROWS)}
            columns={previewColumns}
            densityControl={false}
            tableProps={{ withTableBorder: true, withColumnBorders: true, verticalSpacing: 2, fz: 'xs' }}
          />
        </ScrollArea>
      )}

      <MultiSelect
        label="Add to groups"
        description="The imported contacts join these groups (virtual groups fill themselves and are not listed)."
        placeholder={groups.length ? 'Choose groups' : groupsLoading ? 'Loading groups…' : 'No groups yet'}
        data={groupChoices(groups)}
        value={chosenGroups}
        onChange={onGroups}
        searchable
        clearable
        disabled={groupsLoading}
        error={groupsError}
        comboboxProps={{ withinPortal: true }}
      />

      <Group justify="space-between" align="flex-start">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Stack gap={4} align="flex-end">
          <Button
            onClick={onNext}
            disabled={!ready}
            aria-describedby={ready ? undefined : 'import-mapping-needs'}
          >
            Next
          </Button>
          {!ready && (
            <Text id="import-mapping-needs" size="xs" c="dimmed" ta="right" maw={360}>
              Choose the Number column, and the Name column (or First name and Last name), to go on.
            </Text>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
