/**
 * The blocks screen's server calls (§7 Blocks): the company's blocks, the company's numbers to choose from (one
 * page as large as the contract allows), blocking a caller and lifting a block. A change refreshes the list.
 */
import { BLOCK_ENDPOINTS, type Block, type BlockCreate } from '@shared/api/blocks';
import { NUMBER_ENDPOINTS } from '@shared/api/numbers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { useContractMutation } from '../../api/useContractMutation';
import type { NumberChoice } from './blockModel';

/** The numbers listed to choose from: the most the numbers list gives in one page (NumberListQuerySchema). */
const NUMBERS_TO_CHOOSE = 1000;

export const blockKeys = {
  all: () => ['Blocks'] as const,
  list: (companyId: number) => ['Blocks', 'list', companyId] as const,
  numbers: (companyId: number) => ['Numbers', 'choices', companyId] as const,
};

export function useBlocks(companyId: number) {
  return useQuery({
    queryKey: blockKeys.list(companyId),
    queryFn: ({ signal }) =>
      api.call(BLOCK_ENDPOINTS.list, { params: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
  });
}

export function useNumberChoices(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: blockKeys.numbers(companyId),
    queryFn: ({ signal }) =>
      api.call(
        NUMBER_ENDPOINTS.list,
        { params: { companyId }, query: { page: 1, perPage: NUMBERS_TO_CHOOSE } },
        { signal, silent: true },
      ),
    enabled: enabled && companyId > 0,
    select: (page): NumberChoice[] =>
      page.data.map((number) => ({ id: number.id, number: number.number, label: number.label })),
  });
}

export function useAddBlock() {
  const client = useQueryClient();
  return useContractMutation(BLOCK_ENDPOINTS.create, {
    call: (body: BlockCreate) => ({ input: { body }, name: body.target }),
    silent: true,
    onSuccess: () => void client.invalidateQueries({ queryKey: blockKeys.all() }),
  });
}

export function useRemoveBlock() {
  const client = useQueryClient();
  return useContractMutation(BLOCK_ENDPOINTS.remove, {
    call: (block: Block) => ({ input: { params: { id: block.id } }, name: block.target }),
    silent: true,
    onSuccess: () => void client.invalidateQueries({ queryKey: blockKeys.all() }),
  });
}
