/**
 * The numbers table's columns: the number (a link to its page, with "Releasing on …" when it is being released),
 * label, type, tags, what makes it memorable, texting, extensions and when it was added. The sortable ones are
 * sorted by the server (`sort` in the address); the select column is there for who may act on numbers.
 */
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { NumberTableRow } from '@shared/api/numberTable';
import { labelOf } from '@shared/domain/codes';
import { NUMBER_PATTERNS } from '@shared/domain/numberPatterns';
import { NUMBER_TYPES } from '@shared/domain/numbers';
import { formatPhone } from '@shared/domain/phone';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { selectColumn } from '../../ui/DataTable';

const column = createColumnHelper<NumberTableRow>();

/** §3 number types as a table cell has room for them. */
const SHORT_TYPE: Record<NumberTableRow['type'], string> = {
  1: 'Toll-free',
  2: 'Local',
  3: 'Fax',
  4: 'Bulk',
};

/** "Releasing on Dec 24" for a number being released. */
export function releaseNote(row: Pick<NumberTableRow, 'status' | 'remove_at'>): string | null {
  if (row.status !== 'inactive' || !row.remove_at) return null;
  return `Releasing on ${dayjs(row.remove_at).format('MMM D, YYYY')}`;
}

/** The numbers table's id for its saved column sets (ui/DataTable/useColumnPresets.ts). */
export const NUMBERS_TABLE_ID = 'numbers';

export function numberColumns(options: { selectable: boolean }): ColumnDef<NumberTableRow, unknown>[] {
  const columns = [
    column.accessor('number', {
      header: 'Number',
      // The way into a number: it shows whatever column set is chosen.
      enableHiding: false,
      cell: (info) => {
        const note = releaseNote(info.row.original);
        return (
          <Stack gap={0}>
            <Anchor component={Link} to={`/numbers/${info.row.original.id}`} style={{ whiteSpace: 'nowrap' }}>
              {formatPhone(info.getValue())}
            </Anchor>
            {note && (
              <Text size="xs" c="orange.8">
                {note}
              </Text>
            )}
          </Stack>
        );
      },
    }),
    column.accessor('label', {
      header: 'Label',
      cell: (info) => info.getValue() || <Text c="dimmed">No label</Text>,
    }),
    column.accessor('type', {
      header: 'Type',
      // The short name in the cell (the table is wide), the §3 name on hover.
      cell: (info) => (
        <span title={labelOf(NUMBER_TYPES, info.getValue())}>{SHORT_TYPE[info.getValue()]}</span>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (info) =>
        info.getValue() === 'active' ? (
          <Badge variant="light" color="green" size="sm">
            Active
          </Badge>
        ) : (
          <Badge variant="light" color="orange" size="sm">
            Inactive
          </Badge>
        ),
    }),
    column.accessor('tags', {
      header: 'Tags',
      enableSorting: false,
      // Room for a tag or two side by side; a longer one still shows whole on hover.
      meta: { minWidth: 170 },
      cell: (info) => (
        <Group gap={4}>
          {info.getValue().map((tag) => (
            <Badge key={tag} variant="light" size="sm" title={tag}>
              {tag}
            </Badge>
          ))}
        </Group>
      ),
    }),
    column.accessor('patterns', {
      header: 'Pattern',
      enableSorting: false,
      cell: (info) =>
        info
          .getValue()
          .map((pattern) => labelOf(NUMBER_PATTERNS, pattern))
          .join(', ') || (
          <Text c="dimmed" size="sm">
            —
          </Text>
        ),
    }),
    column.accessor('sms_enabled', {
      header: 'SMS',
      enableSorting: false,
      cell: (info) => (info.getValue() ? 'On' : 'Off'),
    }),
    column.accessor('extensions', { header: 'Extensions', enableSorting: false }),
    column.accessor('created_at', {
      header: 'Added',
      cell: (info) => dayjs(info.getValue()).format('MMM D, YYYY'),
    }),
  ] as ColumnDef<NumberTableRow, unknown>[];
  if (!options.selectable) return columns;
  return [
    selectColumn<NumberTableRow>({
      rowLabel: (row) => `Select ${formatPhone(row.number)}`,
      allLabel: 'Select every number on this page',
    }),
    ...columns,
  ];
}
