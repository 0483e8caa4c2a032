/**
 * The contacts table's columns (§3 Contact fields), which of them a person has chosen to see (kept per user in
 * this browser's storage: a layout preference, not a secret), and the selection column. Every row is one line:
 * long text ellipsizes with its full text in a title, labels and groups show two and "+N" (./OverflowList.tsx).
 */
import { Anchor, Group, Text } from '@mantine/core';
import type { Contact } from '@shared/api/contacts';
import { labelOf } from '@shared/domain/codes';
import { AGE_RANGES, CONTACT_SOURCES, CONTACT_TYPES, GENDERS } from '@shared/domain/contacts';
import { formatPhone } from '@shared/domain/phone';
import { SMS_OPTIN_TYPES } from '@shared/domain/registration';
import { DATE_FORMATS } from '@shared/domain/time';
import { type ColumnDef, createColumnHelper, type VisibilityState } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { selectColumn } from '../../ui/DataTable';
import { ContactStatusBadges } from './ContactStatusBadges';
import type { ContactSort } from './filters';
import { OverflowList } from './OverflowList';

const column = createColumnHelper<Contact>();

/** Columns a person may hide or show, in table order, with the header each has. */
export const CHOOSABLE_COLUMNS = [
  { id: 'number', header: 'Number' },
  { id: 'email', header: 'Email' },
  { id: 'company_name', header: 'Company' },
  { id: 'labels', header: 'Labels' },
  { id: 'groups', header: 'Groups' },
  { id: 'status', header: 'Status' },
  { id: 'type', header: 'Type' },
  { id: 'city', header: 'City' },
  { id: 'state', header: 'State' },
  { id: 'gender', header: 'Gender' },
  { id: 'age_range', header: 'Age range' },
  { id: 'optin_type', header: 'Opt-in' },
  { id: 'source', header: 'Source' },
  { id: 'created_at', header: 'Created' },
  { id: 'updated_at', header: 'Updated' },
] as const;

export const SORTABLE: readonly string[] = [
  'name',
  'number',
  'email',
  'created_at',
  'updated_at',
] satisfies ContactSort[];

const HIDDEN_BY_DEFAULT: VisibilityState = {
  city: false,
  state: false,
  gender: false,
  age_range: false,
  optin_type: false,
  source: false,
  created_at: false,
  type: false,
};

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

function storageKey(userId: number): string {
  return `switchboard.contacts.columns.${userId}`;
}

function readVisibility(userId: number): VisibilityState {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') as unknown;
    if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
      const known = Object.entries(stored).filter(
        ([id, visible]) => typeof visible === 'boolean' && CHOOSABLE_COLUMNS.some((c) => c.id === id),
      );
      return { ...HIDDEN_BY_DEFAULT, ...Object.fromEntries(known) };
    }
  } catch {
    // A damaged preference falls back to the defaults.
  }
  return { ...HIDDEN_BY_DEFAULT };
}

/** Which columns are shown, remembered per user. */
export function useColumnVisibility(userId: number) {
  const [visibility, setVisibility] = useState<VisibilityState>(() => readVisibility(userId));
  const update = useCallback(
    (next: VisibilityState | ((previous: VisibilityState) => VisibilityState)) => {
      setVisibility((previous) => {
        const value = typeof next === 'function' ? next(previous) : next;
        try {
          localStorage.setItem(storageKey(userId), JSON.stringify(value));
        } catch {
          // Storage may be full or disabled; the choice still holds for this visit.
        }
        return value;
      });
    },
    [userId],
  );
  return [visibility, update] as const;
}
