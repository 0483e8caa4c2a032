/** The custom fields screen's server calls: usage counts, and creating, changing and deleting fields. */
import { CUSTOM_FIELD_ENDPOINTS, type CustomField, type CustomFieldInput } from '@shared/api/customFields';
import { type MutateOptions, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '../../api';
import { cachedRecord } from '../../api/replay';
import { useContractMutation } from '../../api/useContractMutation';
import { customFieldKeys } from './CustomValueInputs';

/** How many records carry the field, and each value (none asked for a field not saved yet, id 0). */
export function useFieldStats(id: number) {
  return useQuery({
    queryKey: customFieldKeys.stats(id),
    queryFn: () => api.call(CUSTOM_FIELD_ENDPOINTS.countStats, { params: { id } }),
    enabled: id > 0,
  });
}

/** What saving a field sends: a new one has no id. */
export interface FieldSave {
  id?: number | undefined;
  entityType: number;
  body: CustomFieldInput;
}

/** The field as the screen last showed it: its `updated_at` goes with a change replayed from offline. */
function shownField(queryClient: QueryClient, id: number) {
  return cachedRecord<CustomField>(queryClient, customFieldKeys.all(), id);
}

/**
 * Creating or changing a field, on the one mutation path (api/useContractMutation.ts): made offline, it waits and
 * is replayed. A change to a field refreshes every list of fields and every usage count.
 */
export function useSaveField(companyId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all() });
  const create = useContractMutation(CUSTOM_FIELD_ENDPOINTS.create, {
    call: ({ entityType, body }: FieldSave) => ({
      input: { params: { type: entityType }, query: { companyId }, body },
      name: body.name,
    }),
    silent: true,
    onSuccess,
  });
  const update = useContractMutation(CUSTOM_FIELD_ENDPOINTS.update, {
    call: ({ id, entityType, body }: FieldSave & { id: number }) => ({
      input: { params: { type: entityType, id }, body },
      lastSeen: shownField(queryClient, id)?.updated_at,
      name: shownField(queryClient, id)?.name ?? body.name,
    }),
    silent: true,
    onSuccess,
  });
  return {
    isPending: create.isPending || update.isPending,
    mutate: (
      variables: FieldSave,
      options?: MutateOptions<CustomField, ApiError, FieldSave> & { onQueued?: () => void },
    ) => {
      const { id } = variables;
      if (id) update.mutate({ ...variables, id }, options);
      else create.mutate(variables, options);
    },
  };
}

export function useDeleteField() {
  const queryClient = useQueryClient();
  return useContractMutation(CUSTOM_FIELD_ENDPOINTS.remove, {
    call: (field: CustomField) => ({
      input: { params: { id: field.id } },
      lastSeen: shownField(queryClient, field.id)?.updated_at ?? field.updated_at,
      name: field.name,
    }),
    silent: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all() }),
  });
}
