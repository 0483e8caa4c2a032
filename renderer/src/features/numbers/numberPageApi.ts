/**
 * The number page's server calls (§7 Numbers, Greetings, Ports and schedule): one number with its routing, the
 * company's hours it may follow, the agents an in-app extension may ring, the greetings usable as hold music, and
 * saving the number (`PUT /numbers/{id}`, replayable offline).
 */
import { GREETING_ENDPOINTS } from '@shared/api/greetings';
import { NUMBER_CONFIG_ENDPOINTS, type NumberUpdate } from '@shared/api/numbers';
import { USER_ENDPOINTS } from '@shared/api/users';
import { roleCan } from '@shared/domain/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { keys } from '../../api/keys';
import { useContractMutation } from '../../api/useContractMutation';
import { numberKeys } from './numbersApi';

export const numberPageKeys = {
  detail: (id: number) => ['Numbers', 'detail', id] as const,
  companySchedule: (companyId: number) => ['CompanySchedule', companyId] as const,
  greetings: (companyId: number) => ['Greetings', 'list', companyId] as const,
};

/** Agents are listed from one page this large (a company's users; §7 users list). */
const AGENTS_PER_PAGE = 1000;

export function useNumberDetail(id: number) {
  return useQuery({
    queryKey: numberPageKeys.detail(id),
    queryFn: ({ signal }) =>
      api.call(NUMBER_CONFIG_ENDPOINTS.show, { params: { id } }, { signal, silent: true }),
    enabled: id > 0,
  });
}

export function useCompanySchedule(companyId: number) {
  return useQuery({
    queryKey: numberPageKeys.companySchedule(companyId),
    queryFn: ({ signal }) =>
      api.call(NUMBER_CONFIG_ENDPOINTS.schedule, { params: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
  });
}

export interface Agent {
  id: number;
  name: string;
}

/** Who an in-app extension may ring: the company's users not deactivated whose role answers calls. */
export function useAgents(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.users(companyId, { agents: true }),
    queryFn: ({ signal }) =>
      api.call(
        USER_ENDPOINTS.list,
        { query: { companyId, page: 1, perPage: AGENTS_PER_PAGE } },
        { signal, silent: true },
      ),
    enabled: enabled && companyId > 0,
    select: (page): Agent[] =>
      page.data
        .filter((user) => user.state !== 'deactivated' && roleCan(user.role, 'calls.handle'))
        .map((user) => ({ id: user.id, name: user.name || user.email })),
  });
}

export function useGreetings(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: numberPageKeys.greetings(companyId),
    queryFn: ({ signal }) =>
      api.call(GREETING_ENDPOINTS.list, { query: { companyId } }, { signal, silent: true }),
    enabled: enabled && companyId > 0,
    select: (answer) => answer.data.map((greeting) => ({ value: String(greeting.id), label: greeting.name })),
  });
}

export interface SaveNumber {
  id: number;
  /** How the person knows the number, for a conflict's message. */
  name: string;
  changes: NumberUpdate;
}

export function useSaveNumber(onSaved: (message: string, variables: SaveNumber) => void) {
  const client = useQueryClient();
  return useContractMutation(NUMBER_CONFIG_ENDPOINTS.update, {
    call: ({ id, name, changes }: SaveNumber) => ({ input: { params: { id }, body: changes }, name }),
    silent: true,
    onSuccess: (answer, variables) => {
      client.setQueryData(numberPageKeys.detail(answer.number.id), answer.number);
      void client.invalidateQueries({ queryKey: [...numberKeys.all(), 'list'] });
      void client.invalidateQueries({ queryKey: [...numberKeys.all(), 'table'] });
      void client.invalidateQueries({ queryKey: [...numberKeys.all(), 'preview', answer.number.id] });
      onSaved(answer.message, variables);
    },
  });
}
