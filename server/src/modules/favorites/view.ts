/** Favorite reports and column presets → the contract's shapes (shared/api/favoriteReports.ts). */
import type { ColumnPreset, FavoriteReport } from '@shared/api/favoriteReports';
import type { columnPresets, favoriteReports } from '../../db/schema';

export type FavoriteRow = typeof favoriteReports.$inferSelect;
export type PresetRow = typeof columnPresets.$inferSelect;

/** §3 "value (serialized text, parsed on read)": the text as saved, and parsed once here (null when not JSON). */
export function parsedValue(value: string): unknown {
  try {
    return JSON.parse(value) ?? null;
  } catch {
    return null;
  }
}

export function favoriteView(row: FavoriteRow): FavoriteReport {
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    value: row.value,
    parsed: parsedValue(row.value),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presetView(
  row: PresetRow,
  owner: { id: number; name: string },
  callerId: number,
): ColumnPreset {
  return {
    id: row.id,
    company_id: row.company_id,
    table: row.table_id,
    name: row.name,
    columns: row.columns,
    shared: row.shared,
    mine: row.user_id === callerId,
    owner,
    updated_at: row.updated_at.toISOString(),
  };
}
