/**
 * A code table: the values the server sends, each with the label a screen shows.
 * Every label the UI shows for a code comes from one of these tables, so no screen hard-codes one.
 */
export interface Code<V extends string | number> {
  readonly value: V;
  readonly label: string;
}

export type CodeTable<V extends string | number> = readonly Code<V>[];

/** The value type of a code table. */
export type CodeValue<T extends CodeTable<string | number>> = T[number]['value'];

/** Builds a frozen code table, keeping the literal value types. */
export function codes<const T extends readonly Code<string | number>[]>(entries: T): T {
  return Object.freeze(entries.map((entry) => Object.freeze(entry))) as unknown as T;
}

/** The label of `value` in `table`, or `fallback` (empty by default) for a value the table does not know. */
export function labelOf<V extends string | number>(
  table: CodeTable<V>,
  value: V | null | undefined,
  fallback = '',
): string {
  return table.find((entry) => entry.value === value)?.label ?? fallback;
}

/** True when `value` is one of the table's codes (useful to narrow values read from the network). */
export function isCode<V extends string | number>(table: CodeTable<V>, value: unknown): value is V {
  return table.some((entry) => entry.value === value);
}

/** The table's values, in order, for zod enums and select options. */
export function valuesOf<V extends string | number>(table: CodeTable<V>): V[] {
  return table.map((entry) => entry.value);
}
