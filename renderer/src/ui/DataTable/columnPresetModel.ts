/**
 * Column sets (§7 Column presets) as the table sees them: which of its columns show, and in what order. A saved
 * set is a list of column ids in the order shown (shared/api/favoriteReports.ts: "columns not listed are hidden").
 *
 * Decisions, tested in columnPresetModel.test.ts:
 * - Fixed columns — those that cannot be hidden (`enableHiding: false`: the selection checkbox, the link that
 *   opens the record) — are never stored in a set; they always show, first, in the table's own order.
 * - A set's unknown ids (a column since removed from the table) are ignored, and a repeated id counts once.
 * - A column the table gained after the set was saved is hidden (the set lists what its owner chose to see) and
 *   placed after the listed ones, so turning it on adds it at the end.
 */
import type { ColumnDef } from '@tanstack/react-table';

/** One column of a table, as the Columns menu offers it. */
export interface ColumnChoice {
  id: string;
  /** Its header text (the menu's item). */
  label: string;
  /** False for fixed columns, which always show. */
  hideable: boolean;
}

/** What TanStack is given: the full order and which hideable columns show. */
export interface ColumnLayout {
  order: string[];
  visibility: Record<string, boolean>;
}

/** A column definition's id as TanStack makes it: its `id`, else its accessor key (dots become underscores). */
function columnId(definition: ColumnDef<never, unknown>): string {
  if (definition.id) return definition.id;
  const key = (definition as { accessorKey?: unknown }).accessorKey;
  return typeof key === 'string' ? key.replaceAll('.', '_') : '';
}

/** The table's columns in its own order, each with its header text and whether it may be hidden. */
export function describeColumns<TData>(
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ from column to column, as in TanStack.
  columns: readonly ColumnDef<TData, any>[],
): ColumnChoice[] {
  return columns
    .map((definition) => {
      const column = definition as ColumnDef<never, unknown>;
      const id = columnId(column);
      return {
        id,
        label: typeof column.header === 'string' ? column.header : id,
        hideable: column.enableHiding !== false,
      };
    })
    .filter((choice) => choice.id !== '');
}

/**
 * The columns a set lists, applied to the table's columns (see the decisions above). `order` places the hideable
 * columns, hidden ones too (a person's unsaved layout keeps where they moved a hidden column); by default, the
 * listed ones first.
 */
export function layoutOf(
  saved: readonly string[],
  choices: readonly ColumnChoice[],
  order: readonly string[] = saved,
): ColumnLayout {
  const hideable = choices.filter((choice) => choice.hideable).map((choice) => choice.id);
  const known = new Set(hideable);
  const shown = new Set(saved.filter((id) => known.has(id)));
  const placed = [...new Set([...order, ...saved])].filter((id) => known.has(id));
  const placedSet = new Set(placed);
  const fixed = choices.filter((choice) => !choice.hideable).map((choice) => choice.id);
  return {
    order: [...fixed, ...placed, ...hideable.filter((id) => !placedSet.has(id))],
    visibility: Object.fromEntries(hideable.map((id) => [id, shown.has(id)])),
  };
}

/** The table as it comes: every column in its order, all showing but those hidden by default. */
export function defaultLayout(
  choices: readonly ColumnChoice[],
  hiddenByDefault: readonly string[] = [],
): ColumnLayout {
  const hidden = new Set(hiddenByDefault);
  return layoutOf(
    choices.filter((choice) => choice.hideable && !hidden.has(choice.id)).map((choice) => choice.id),
    choices,
  );
}

/** What a set saves of a layout: the hideable columns shown, in their order. */
export function savedColumnsOf(layout: ColumnLayout, choices: readonly ColumnChoice[]): string[] {
  const hideable = new Set(choices.filter((choice) => choice.hideable).map((choice) => choice.id));
  return layout.order.filter((id) => hideable.has(id) && layout.visibility[id] === true);
}

/** The hideable columns in the layout's order (the menu lists them so). */
export function orderedChoices(layout: ColumnLayout, choices: readonly ColumnChoice[]): ColumnChoice[] {
  const byId = new Map(choices.filter((choice) => choice.hideable).map((choice) => [choice.id, choice]));
  return layout.order.flatMap((id) => byId.get(id) ?? []);
}

/** Shows or hides one column (fixed columns stay as they are). */
export function withVisible(
  layout: ColumnLayout,
  choices: readonly ColumnChoice[],
  id: string,
  visible: boolean,
): ColumnLayout {
  if (!choices.some((choice) => choice.id === id && choice.hideable)) return layout;
  return { ...layout, visibility: { ...layout.visibility, [id]: visible } };
}

/** Moves a hideable column one place up (-1) or down (1) among the hideable ones; fixed columns stay first. */
export function withMoved(
  layout: ColumnLayout,
  choices: readonly ColumnChoice[],
  id: string,
  step: -1 | 1,
): ColumnLayout {
  const movable = orderedChoices(layout, choices).map((choice) => choice.id);
  const from = movable.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= movable.length) return layout;
  const moved = [...movable];
  moved.splice(from, 1);
  moved.splice(to, 0, id);
  const fixed = layout.order.filter((column) => !movable.includes(column));
  return { ...layout, order: [...fixed, ...moved] };
}
