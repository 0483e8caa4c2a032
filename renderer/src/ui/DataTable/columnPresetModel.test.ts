import type { ColumnDef } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import {
  type ColumnChoice,
  defaultLayout,
  describeColumns,
  layoutOf,
  orderedChoices,
  savedColumnsOf,
  withMoved,
  withVisible,
} from './columnPresetModel';
import { selectColumn } from './selectColumn';

interface Row {
  id: number;
  number: string;
  label: string;
  status: string;
  tags: string[];
  nested: { city: string };
}

const COLUMNS: ColumnDef<Row, unknown>[] = [
  selectColumn<Row>({ rowLabel: (row) => `Select ${row.number}` }),
  { accessorKey: 'number', header: 'Number', enableHiding: false },
  { accessorKey: 'label', header: 'Label' },
  { accessorKey: 'status', header: 'Status' },
  { accessorKey: 'tags', header: 'Tags' },
  { accessorKey: 'nested.city', header: 'City' },
  { id: 'actions', header: () => 'Actions' },
];

const CHOICES: ColumnChoice[] = describeColumns(COLUMNS);

describe('describeColumns: a table’s columns as the Columns menu offers them', () => {
  it('names each by its id as TanStack makes it, with its header text, fixed ones not hideable', () => {
    expect(CHOICES).toEqual([
      { id: 'select', label: 'select', hideable: false },
      { id: 'number', label: 'Number', hideable: false },
      { id: 'label', label: 'Label', hideable: true },
      { id: 'status', label: 'Status', hideable: true },
      { id: 'tags', label: 'Tags', hideable: true },
      { id: 'nested_city', label: 'City', hideable: true },
      { id: 'actions', label: 'actions', hideable: true },
    ]);
  });
});

/** §7 Column presets, as shared/api/favoriteReports.ts has it: "Column ids, in the order shown; columns not listed are hidden." */
describe('layoutOf: a saved set applied to the table', () => {
  it.each([
    {
      rule: 'listed columns show in the listed order, after the fixed ones; the rest hide, after them',
      saved: ['tags', 'label'],
      order: ['select', 'number', 'tags', 'label', 'status', 'nested_city', 'actions'],
      shown: ['tags', 'label'],
    },
    {
      rule: 'unknown ids (a column since removed) are ignored',
      saved: ['gone', 'status', 'also_gone'],
      order: ['select', 'number', 'status', 'label', 'tags', 'nested_city', 'actions'],
      shown: ['status'],
    },
    {
      rule: 'a column the table gained after the set was saved is hidden, placed after the listed ones',
      saved: ['label', 'status', 'tags', 'nested_city'],
      order: ['select', 'number', 'label', 'status', 'tags', 'nested_city', 'actions'],
      shown: ['label', 'status', 'tags', 'nested_city'],
    },
    {
      rule: 'fixed columns listed in a set keep their place first and always show',
      saved: ['status', 'number', 'select'],
      order: ['select', 'number', 'status', 'label', 'tags', 'nested_city', 'actions'],
      shown: ['status'],
    },
    {
      rule: 'a repeated id counts once',
      saved: ['tags', 'tags', 'label'],
      order: ['select', 'number', 'tags', 'label', 'status', 'nested_city', 'actions'],
      shown: ['tags', 'label'],
    },
  ])('$rule', ({ saved, order, shown }) => {
    const layout = layoutOf(saved, CHOICES);
    expect(layout.order).toEqual(order);
    expect(Object.keys(layout.visibility).filter((id) => layout.visibility[id])).toEqual(
      expect.arrayContaining(shown),
    );
    expect(savedColumnsOf(layout, CHOICES)).toEqual(shown);
    // Fixed columns are not TanStack's to hide: they have no visibility entry, so they always show.
    expect(layout.visibility).not.toHaveProperty('select');
    expect(layout.visibility).not.toHaveProperty('number');
  });
});

describe('defaultLayout: the table as it comes', () => {
  it('shows every column in its order but those hidden by default', () => {
    const layout = defaultLayout(CHOICES, ['tags', 'actions']);
    expect(layout.order).toEqual(['select', 'number', 'label', 'status', 'nested_city', 'tags', 'actions']);
    expect(savedColumnsOf(layout, CHOICES)).toEqual(['label', 'status', 'nested_city']);
  });

  it('with nothing hidden by default shows every column', () => {
    expect(savedColumnsOf(defaultLayout(CHOICES), CHOICES)).toEqual([
      'label',
      'status',
      'tags',
      'nested_city',
      'actions',
    ]);
  });
});

describe('changing a layout', () => {
  const start = layoutOf(['label', 'status', 'tags'], CHOICES);

  it('hides and shows hideable columns; fixed ones stay as they are', () => {
    const hidden = withVisible(start, CHOICES, 'status', false);
    expect(savedColumnsOf(hidden, CHOICES)).toEqual(['label', 'tags']);
    const shown = withVisible(hidden, CHOICES, 'actions', true);
    expect(savedColumnsOf(shown, CHOICES)).toEqual(['label', 'tags', 'actions']);
    expect(withVisible(start, CHOICES, 'number', false)).toBe(start);
  });

  it.each([
    ['status', -1, ['status', 'label', 'tags']],
    ['status', 1, ['label', 'tags', 'status']],
    ['label', -1, ['label', 'status', 'tags']],
    ['actions', 1, ['label', 'status', 'tags']],
  ] as const)('moving %s by %i keeps the fixed columns first: %j', (id, step, saved) => {
    const moved = withMoved(start, CHOICES, id, step);
    expect(moved.order.slice(0, 2)).toEqual(['select', 'number']);
    expect(savedColumnsOf(moved, CHOICES)).toEqual(saved);
  });

  it('lists the hideable columns in the layout’s order for the menu', () => {
    expect(orderedChoices(start, CHOICES).map((choice) => choice.id)).toEqual([
      'label',
      'status',
      'tags',
      'nested_city',
      'actions',
    ]);
  });

  it('a moved hidden column keeps its new place when shown again', () => {
    const moved = withMoved(start, CHOICES, 'nested_city', -1);
    const shown = withVisible(moved, CHOICES, 'nested_city', true);
    expect(savedColumnsOf(shown, CHOICES)).toEqual(['label', 'status', 'nested_city', 'tags']);
  });
});

describe('layoutOf with an order of its own (a person’s unsaved layout)', () => {
  it('places hidden columns where the order has them, and new columns after', () => {
    const layout = layoutOf(['status', 'label'], CHOICES, ['status', 'tags', 'label']);
    expect(layout.order).toEqual(['select', 'number', 'status', 'tags', 'label', 'nested_city', 'actions']);
    expect(savedColumnsOf(layout, CHOICES)).toEqual(['status', 'label']);
  });
});
