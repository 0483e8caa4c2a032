/**
 * A table's column layout with its saved sets: what shows and in what order, which set is chosen, and the ways to
 * change, save, choose and delete. The choice is remembered per user, company and table in this browser
 * (ui/preferences.ts: a layout choice, nothing secret): the chosen set's id, and a copy of its columns so a
 * reload draws the table at once while the sets load. The set itself comes from the server, so a shared set its
 * owner changes is drawn as it now is; a chosen set that is gone (deleted by its owner) leaves its copy in place.
 */
import type { ColumnPreset } from '@shared/api/favoriteReports';
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { type Preference, perUserPreference } from '../preferences';
import {
  type ColumnChoice,
  type ColumnLayout,
  defaultLayout,
  layoutOf,
  orderedChoices,
  savedColumnsOf,
} from './columnPresetModel';
import { useColumnPresetList, useCreateColumnPreset, useDeleteColumnPreset } from './columnPresetsApi';
import { useSignedInUserId } from './density';

/**
 * What is remembered of a table: the set chosen (null: none), the columns shown (null: the table's default), and
 * the order of all its hideable columns when the person changed it without saving a set (hidden ones keep their
 * place).
 */
export interface RememberedColumns {
  presetId: number | null;
  columns: string[] | null;
  order: string[] | null;
}

const NOTHING_REMEMBERED: RememberedColumns = { presetId: null, columns: null, order: null };

/** One preference per company and table, each per user. */
const preferences = new Map<string, (userId: number | null) => Preference<RememberedColumns>>();
function rememberedColumns(companyId: number, tableId: string) {
  const name = `columns.${companyId}.${tableId}`;
  let found = preferences.get(name);
  if (!found) {
    found = perUserPreference<RememberedColumns>(name, NOTHING_REMEMBERED);
    preferences.set(name, found);
  }
  return found;
}

/** A stored value read defensively: anything damaged reads as nothing remembered. */
function readRemembered(stored: unknown): RememberedColumns {
  if (!stored || typeof stored !== 'object') return NOTHING_REMEMBERED;
  const { presetId, columns, order } = stored as Partial<RememberedColumns>;
  const ids = (value: unknown) =>
    Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : null;
  return {
    presetId: typeof presetId === 'number' ? presetId : null,
    columns: ids(columns),
    order: ids(order),
  };
}

/** The layout drawn for what is remembered: the chosen set as it now is on the server, else the copy kept. */
function drawnLayout(
  remembered: RememberedColumns,
  presetList: readonly ColumnPreset[] | undefined,
  choices: readonly ColumnChoice[],
  hiddenByDefault: readonly string[] | undefined,
) {
  const chosen = presetList?.find((preset) => preset.id === remembered.presetId) ?? null;
  const columns = chosen?.columns ?? remembered.columns;
  const order = chosen ? null : remembered.order;
  const layout = columns
    ? layoutOf(columns, choices, order ?? columns)
    : defaultLayout(choices, hiddenByDefault);
  return { chosen, columns, layout };
}

export interface ColumnPresetsOptions {
  /** The table's stable id (`numbers`, `contacts`): its sets are kept under it. */
  tableId: string;
  companyId: number;
  /** Whether the person may share a set with the company (owners and administrators: `settings.manage`). */
  canShare: boolean;
  /** Columns the table hides until someone shows them. */
  hiddenByDefault?: readonly string[];
}

export function useColumnPresets(options: ColumnPresetsOptions, choices: readonly ColumnChoice[]) {
  const { tableId, companyId, hiddenByDefault } = options;
  const userId = useSignedInUserId();
  const [stored, setStored] = useAtom(rememberedColumns(companyId, tableId)(userId));
  const remembered = useMemo(() => readRemembered(stored), [stored]);
  const presets = useColumnPresetList(companyId, tableId);
  const create = useCreateColumnPreset(companyId, tableId);
  const remove = useDeleteColumnPreset(companyId, tableId);

  const { chosen, columns, layout } = useMemo(
    () => drawnLayout(remembered, presets.data, choices, hiddenByDefault),
    [remembered, presets.data, choices, hiddenByDefault],
  );

  return {
    layout,
    presets: presets.data ?? [],
    presetsError: presets.error,
    /** The set drawn now; null when the table shows its default or changes not saved as a set. */
    chosen,
    /** Nothing chosen or changed: the table as it comes. */
    layoutIsDefault: columns === null,
    /**
     * A change of what shows or of the order: no set is chosen any more until one is saved or picked. Given as a
     * change of the layout stored now, not of the one drawn: two clicks before a redraw both count.
     */
    change(update: (current: ColumnLayout) => ColumnLayout) {
      setStored((previous) => {
        const next = update(
          drawnLayout(readRemembered(previous), presets.data, choices, hiddenByDefault).layout,
        );
        return {
          presetId: null,
          columns: savedColumnsOf(next, choices),
          order: orderedChoices(next, choices).map((choice) => choice.id),
        };
      });
    },
    choose(preset: ColumnPreset | null) {
      setStored(preset ? { presetId: preset.id, columns: preset.columns, order: null } : NOTHING_REMEMBERED);
    },
    /** Saves what shows now as a set, and chooses it. */
    save(draft: { name: string; shared: boolean }) {
      return create.mutateAsync(
        { ...draft, shared: options.canShare && draft.shared, columns: savedColumnsOf(layout, choices) },
        { onSuccess: (preset) => setStored({ presetId: preset.id, columns: preset.columns, order: null }) },
      );
    },
    saving: create.isPending,
    /** Deletes one of the person's own sets; the table keeps showing its columns. */
    remove(preset: ColumnPreset) {
      if (remembered.presetId === preset.id)
        setStored({ presetId: null, columns: preset.columns, order: null });
      return remove.mutateAsync(preset);
    },
    removing: remove.isPending,
    /** Whether there is anything to save: a set keeps at least one column. */
    canSave: savedColumnsOf(layout, choices).length > 0,
  };
}

export type ColumnPresets = ReturnType<typeof useColumnPresets>;
