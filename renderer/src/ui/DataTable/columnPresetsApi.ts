/**
 * The column sets of one table (§7 Column presets): the caller's own and those shared in the company, saved and
 * deleted. A delete is optimistic (the set leaves the menu at once and comes back if the server refuses), as §4
 * has it for a person's saved report views.
 */
import { COLUMN_PRESET_ENDPOINTS, type ColumnPreset } from '@shared/api/favoriteReports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { useContractMutation } from '../../api/useContractMutation';

export const columnPresetKeys = {
  all: () => ['ColumnPresets'] as const,
  table: (companyId: number, table: string) => ['ColumnPresets', companyId, table] as const,
};

/** Own sets first, then shared ones, each by name. */
function byOwnerThenName(a: ColumnPreset, b: ColumnPreset): number {
  if (a.mine !== b.mine) return a.mine ? -1 : 1;
  return a.name.localeCompare(b.name);
}

export function useColumnPresetList(companyId: number, table: string) {
  return useQuery({
    queryKey: columnPresetKeys.table(companyId, table),
    queryFn: ({ signal }) =>
      api.call(
        COLUMN_PRESET_ENDPOINTS.list,
        { query: { company_id: companyId, table } },
        { signal, silent: true },
      ),
    enabled: companyId > 0,
    select: (presets) => [...presets].sort(byOwnerThenName),
  });
}

export interface PresetDraft {
  name: string;
  shared: boolean;
  columns: string[];
}

export function useCreateColumnPreset(companyId: number, table: string) {
  const client = useQueryClient();
  return useContractMutation(COLUMN_PRESET_ENDPOINTS.create, {
    call: (draft: PresetDraft) => ({ input: { body: { company_id: companyId, table, ...draft } } }),
    silent: true,
    onSuccess: (created) => {
      client.setQueryData<ColumnPreset[]>(columnPresetKeys.table(companyId, table), (presets) =>
        presets ? [...presets.filter((preset) => preset.id !== created.id), created] : presets,
      );
      void client.invalidateQueries({ queryKey: columnPresetKeys.table(companyId, table) });
    },
  });
}

export function useDeleteColumnPreset(companyId: number, table: string) {
  const client = useQueryClient();
  const key = columnPresetKeys.table(companyId, table);
  return useContractMutation(COLUMN_PRESET_ENDPOINTS.remove, {
    call: (preset: ColumnPreset) => ({ input: { params: { id: preset.id } }, name: preset.name }),
    silent: true,
    onMutate: async (preset) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<ColumnPreset[]>(key);
      client.setQueryData<ColumnPreset[]>(key, (presets) => presets?.filter((p) => p.id !== preset.id));
      return { before };
    },
    onError: (_error, _preset, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  });
}
