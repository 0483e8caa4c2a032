/** The custom fields screen's server calls: usage counts, and creating, changing and deleting fields. */
import { CUSTOM_FIELD_ENDPOINTS, type CustomField, type CustomFieldInput } from '@shared/api/customFields';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '../../api';
import { customFieldKeys } from './CustomValueInputs';

/** How many records carry the field, and each value (none asked for a field not saved yet, id 0). */
export function useFieldStats(id: number) {
  return useQuery({
    queryKey: customFieldKeys.stats(id),
    queryFn: () => api.call(CUSTOM_FIELD_ENDPOINTS.countStats, { params: { id } }),
    enabled: id > 0,
  });
}

/** A change to a field refreshes every list of fields and every usage count. */
function useFieldsMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation<R, ApiError, V>({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all() }),
  });
}

export function useSaveField(companyId: number) {
  return useFieldsMutation(
    ({ id, entityType, body }: { id?: number; entityType: number; body: CustomFieldInput }) =>
      id
        ? api.call(
            CUSTOM_FIELD_ENDPOINTS.update,
            { params: { type: entityType, id }, body },
            { silent: true },
          )
        : api.call(
            CUSTOM_FIELD_ENDPOINTS.create,
            { params: { type: entityType }, query: { companyId }, body },
            { silent: true },
          ),
  );
}

export function useDeleteField() {
  return useFieldsMutation(async (field: CustomField) => {
    await api.call(CUSTOM_FIELD_ENDPOINTS.remove, { params: { id: field.id } }, { silent: true });
  });
}
