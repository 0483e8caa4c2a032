/**
 * The number templates' server calls (§7 Number templates): the company's templates, one template, creating,
 * changing, deleting a selection and applying one to numbers — and the company's numbers to choose from. Applying
 * changes numbers, so the numbers' own caches are asked again after it.
 */

import { NUMBER_ENDPOINTS } from '@shared/api/numbers';
import {
  NUMBER_TEMPLATE_ENDPOINTS,
  type NumberTemplateCreate,
  type NumberTemplateUpdate,
} from '@shared/api/numberTemplates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { useContractMutation } from '../../api/useContractMutation';

export const templateKeys = {
  all: () => ['NumberTemplates'] as const,
  list: (companyId: number) => ['NumberTemplates', 'list', companyId] as const,
  detail: (companyId: number, id: number) => ['NumberTemplates', 'detail', companyId, id] as const,
  numbers: (companyId: number) => ['NumberTemplates', 'numbers', companyId] as const,
};

/** The numbers' own query keys (features/numbers: list and detail both start with it). */
const NUMBERS_KEY = ['Numbers'] as const;

/** The most numbers the apply dialog lists (one page of the numbers list at its largest). */
export const NUMBERS_TO_CHOOSE_FROM = 1000;

export function useTemplates(companyId: number) {
  return useQuery({
    queryKey: templateKeys.list(companyId),
    queryFn: ({ signal }) =>
      api.call(NUMBER_TEMPLATE_ENDPOINTS.list, { params: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
    select: (answer) => answer.data,
  });
}

export function useTemplate(companyId: number, id: number) {
  return useQuery({
    queryKey: templateKeys.detail(companyId, id),
    queryFn: ({ signal }) =>
      api.call(NUMBER_TEMPLATE_ENDPOINTS.show, { params: { companyId, id } }, { signal, silent: true }),
    enabled: companyId > 0 && id > 0,
  });
}

/** The company's numbers, for choosing which a template is applied to. */
export function useNumbersToChoose(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: templateKeys.numbers(companyId),
    queryFn: ({ signal }) =>
      api.call(
        NUMBER_ENDPOINTS.list,
        { params: { companyId }, query: { page: 1, perPage: NUMBERS_TO_CHOOSE_FROM } },
        { signal, silent: true },
      ),
    enabled: enabled && companyId > 0,
  });
}

function useAfterChange() {
  const client = useQueryClient();
  return (companyId: number) => void client.invalidateQueries({ queryKey: templateKeys.list(companyId) });
}

export interface CreateTemplate {
  companyId: number;
  body: NumberTemplateCreate;
}

export function useCreateTemplate() {
  const changed = useAfterChange();
  const client = useQueryClient();
  return useContractMutation(NUMBER_TEMPLATE_ENDPOINTS.create, {
    call: ({ companyId, body }: CreateTemplate) => ({ input: { params: { companyId }, body } }),
    silent: true,
    onSuccess: (template, { companyId }) => {
      client.setQueryData(templateKeys.detail(companyId, template.id), template);
      changed(companyId);
    },
  });
}

export interface UpdateTemplate {
  companyId: number;
  id: number;
  body: NumberTemplateUpdate;
}

export function useUpdateTemplate() {
  const changed = useAfterChange();
  const client = useQueryClient();
  return useContractMutation(NUMBER_TEMPLATE_ENDPOINTS.update, {
    call: ({ companyId, id, body }: UpdateTemplate) => ({ input: { params: { companyId, id }, body } }),
    silent: true,
    onSuccess: (template, { companyId }) => {
      client.setQueryData(templateKeys.detail(companyId, template.id), template);
      changed(companyId);
    },
  });
}

export interface DeleteTemplates {
  companyId: number;
  ids: number[];
}

export function useDeleteTemplates() {
  const changed = useAfterChange();
  return useContractMutation(NUMBER_TEMPLATE_ENDPOINTS.remove, {
    call: ({ companyId, ids }: DeleteTemplates) => ({
      input: { params: { companyId }, body: { numberTemplatesToRemove: ids } },
    }),
    silent: true,
    onSuccess: (_answer, { companyId }) => changed(companyId),
  });
}

export interface ApplyTemplate {
  companyId: number;
  templateId: number;
  numberIds: number[];
}

export function useApplyTemplate() {
  const client = useQueryClient();
  return useContractMutation(NUMBER_TEMPLATE_ENDPOINTS.apply, {
    call: ({ companyId, templateId, numberIds }: ApplyTemplate) => ({
      input: { params: { companyId, id: templateId }, body: { number_ids: numberIds } },
    }),
    silent: true,
    onSuccess: (_answer, { companyId }) => {
      void client.invalidateQueries({ queryKey: templateKeys.list(companyId) });
      void client.invalidateQueries({ queryKey: templateKeys.all() });
      // The numbers' configuration changed: their list and pages are asked again.
      void client.invalidateQueries({ queryKey: NUMBERS_KEY });
    },
  });
}
