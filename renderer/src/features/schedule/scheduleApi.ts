/**
 * The company hours screen's server calls: the schedule is read under the number page's query key (one cache
 * entry, so a number following the company's hours shows the change at once) and replaced by
 * `PUT /companies/{companyId}/schedule` (replayable offline, as the contract marks it).
 */
import { NUMBER_CONFIG_ENDPOINTS } from '@shared/api/numbers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { useContractMutation } from '../../api/useContractMutation';
import { numberPageKeys } from '../numbers/numberPageApi';
import type { CompanyScheduleBody } from './scheduleModel';

/**
 * The company's hours, asked of the server each time the screen opens (the number page's query, whose cached
 * copy may be one kept on this device from before the last change).
 */
export function useCompanySchedule(companyId: number) {
  return useQuery({
    queryKey: numberPageKeys.companySchedule(companyId),
    queryFn: ({ signal }) =>
      api.call(NUMBER_CONFIG_ENDPOINTS.schedule, { params: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
    refetchOnMount: 'always',
  });
}

export interface SaveSchedule {
  companyId: number;
  body: CompanyScheduleBody;
}

export function useSaveCompanySchedule() {
  const client = useQueryClient();
  return useContractMutation(NUMBER_CONFIG_ENDPOINTS.updateSchedule, {
    call: ({ companyId, body }: SaveSchedule) => ({
      input: { params: { companyId }, body },
      name: 'the company’s hours',
    }),
    silent: true,
    onSuccess: (answer, { companyId }) => {
      client.setQueryData(numberPageKeys.companySchedule(companyId), answer);
    },
  });
}
