/**
 * The contacts table's columns (§3 Contact fields), the ones hidden until chosen (which a person shows, in what
 * order, and the sets they save are the table's column sets: ui/DataTable/useColumnPresets.ts), and the selection
 * column. Every row is one line: long text ellipsizes with its full text in a title, labels and groups show two
 * and "+N" (./OverflowList.tsx).
 */
import { Anchor, Group, Text } from '@mantine/core';
import type { Contact } from '@shared/api/contacts';
import { labelOf } from '@shared/domain/codes';
import { AGE_RANGES, CONTACT_SOURCES, CONTACT_TYPES, GENDERS } from '@shared/domain/contacts';
import { formatPhone } from '@shared/domain/phone';
import { SMS_OPTIN_TYPES } from '@shared/domain/registration';
import { DATE_FORMATS } from '@shared/domain/time';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { selectColumn } from '../../ui/DataTable';
import { ContactStatusBadges } from './ContactStatusBadges';
import type { ContactSort } from './filters';
import { OverflowList } from './OverflowList';

const column = createColumnHelper<Contact>();

export const SORTABLE: readonly string[] = [
  'name',
  'number',
  'email',
  'created_at',
  'updated_at',
] satisfies ContactSort[];

/** The contacts table's id for its saved column sets (ui/DataTable/useColumnPresets.ts). */
export const CONTACTS_TABLE_ID = 'contacts';

/** Columns shown only once someone chooses them (in the table's "Columns" menu, or a saved column set). */
export const HIDDEN_BY_DEFAULT: readonly string[] = [
  'city',
  'state',
  'gender',
  'age_range',
  'optin_type',
  'source',
  'created_at',
  'type',
];

const when = (iso: string) => (
  <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format(DATE_FORMATS.monthDayYear)}</span>
);
const dash = (value: string | null | undefined) => value || '—';

/** Widths past which a cell's text ellipsizes, keeping the row on one line and the Status column in view. */
const MAX_WIDTH = { name: 200, number: 150, text: 180 } as const;

/** Text on one line, cut with an ellipsis past `maxWidth`; the title carries the whole of it. */
const oneLine = (value: string | null | undefined, maxWidth: number = MAX_WIDTH.text) =>
  value ? (
    <Text size="sm" truncate maw={maxWidth} title={value}>
      {value}
    </Text>
  ) : (
    '—'
  );

export function contactColumns(options: {
  selectable: boolean;
  /** The list's address query, so the contact page leads back to the same filtered page. */
  listSearch: string;
}): ColumnDef<Contact, unknown>[] {
  const columns = [
    column.accessor('name', {
      header: 'Name',
      enableHiding: false,
      cell: (info) => (
        <Anchor
          component={Link}
          to={`/contacts/${info.row.original.id}`}
          state={{ list: options.listSearch }}
          fw={500}
          size="sm"
          truncate
          maw={MAX_WIDTH.name}
          display="block"
          title={info.getValue() || undefined}
        >
          {info.getValue() || '(no name)'}
        </Anchor>
      ),
    }),
    column.accessor('number', {
      header: 'Number',
      cell: (info) => oneLine(formatPhone(info.getValue()), MAX_WIDTH.number),
    }),
    column.accessor('email', { header: 'Email', cell: (info) => oneLine(info.getValue()) }),
    column.accessor('company_name', { header: 'Company', cell: (info) => oneLine(info.getValue()) }),
    column.accessor('labels', {
      header: 'Labels',
      cell: (info) => (
        <OverflowList
          items={info.getValue().map((label) => ({ id: label.id, name: label.label }))}
          noun="labels"
          pills
        />
      ),
    }),
    column.accessor('groups', {
      header: 'Groups',
      cell: (info) => <OverflowList items={info.getValue()} noun="groups" />,
    }),
    column.display({
      id: 'status',
      header: 'Status',
      cell: (info) => {
        const contact = info.row.original;
        if (!contact.is_unsubscribed && !contact.is_invalid) return <Text size="sm">Active</Text>;
        return (
          <Group gap={4} wrap="nowrap">
            <ContactStatusBadges contact={contact} size="sm" />
          </Group>
        );
      },
    }),
    column.accessor('type', {
      header: 'Type',
      cell: (info) => dash(labelOf(CONTACT_TYPES, info.getValue())),
    }),
    column.accessor('city', { header: 'City', cell: (info) => oneLine(info.getValue()) }),
    column.accessor('state', { header: 'State', cell: (info) => oneLine(info.getValue()) }),
    column.accessor('gender', { header: 'Gender', cell: (info) => dash(labelOf(GENDERS, info.getValue())) }),
    column.accessor('age_range', {
      header: 'Age range',
      cell: (info) => (AGE_RANGES.includes(info.getValue() ?? '') ? info.getValue() : '—'),
    }),
    column.accessor('optin_type', {
      header: 'Opt-in',
      cell: (info) => dash(labelOf(SMS_OPTIN_TYPES, info.getValue())),
    }),
    column.accessor('source', {
      header: 'Source',
      cell: (info) => labelOf(CONTACT_SOURCES, info.getValue(), info.getValue()),
    }),
    column.accessor('created_at', { header: 'Created', cell: (info) => when(info.getValue()) }),
    column.accessor('updated_at', { header: 'Updated', cell: (info) => when(info.getValue()) }),
  ];
  for (const def of columns) {
    const id = def.id ?? ('accessorKey' in def ? String(def.accessorKey) : '');
    def.enableSorting = SORTABLE.includes(id);
  }
  if (!options.selectable) return columns as ColumnDef<Contact, unknown>[];
  const select = selectColumn<Contact>({ rowLabel: (contact) => `Select ${contact.name || contact.number}` });
  return [select, ...columns] as ColumnDef<Contact, unknown>[];
}
