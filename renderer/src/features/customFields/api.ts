/** The custom fields screen's server calls: usage counts, and creating, changing and deleting fields. */
import type { CustomField, CustomFieldInput } from '@shared/api/customFields';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '../../api';
import { customFieldKeys } from './CustomValueInputs';

export interface FieldStats {
  attribute_id: number;
  entities: number;
  with_value: number;
  values: { value: string | number | boolean; count: number }[];
}

/** How many records carry the field, and each value (none asked for a field not saved yet, id 0). */
export function useFieldStats(id: number) {
  return useQuery({
    queryKey: customFieldKeys.stats(id),
    queryFn: async () => (await api.get<FieldStats>(`/eavAttributes/${id}/countStats`)).data,
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
    async ({ id, entityType, body }: { id?: number; entityType: number; body: CustomFieldInput }) =>
      (id
        ? await api.put<CustomField>(`/eavEntityTypes/${entityType}/eavAttributes/${id}`, body, {
            silent: true,
          })
        : await api.post<CustomField>(`/eavEntityTypes/${entityType}/eavAttributes`, body, {
            params: { companyId },
            silent: true,
          })
      ).data,
  );
}

export function useDeleteField() {
  return useFieldsMutation(async (field: CustomField) => {
    await api.delete(`/eavAttributes/${field.id}`, { silent: true });
  });
}
