/**
 * The registration screens' server calls (§7 Text-messaging registration), kept under the `SmsVerification` data
 * tag for §9's three minutes. Every change answers the registration as it now is, which goes straight into the
 * cache; a cancel marks it expired at once (§4) and reads it again SMS_CANCEL_REFRESH_MS later.
 */
import { NUMBER_ENDPOINTS } from '@shared/api/numbers';
import {
  REGISTRATION_ENDPOINTS as E,
  type Registration,
  SMS_CANCEL_REFRESH_MS,
  SMS_VERIFICATION_STALE_MS,
  type SmsBrandFields,
  type SmsCampaignFields,
} from '@shared/api/registration';
import { registrationKindOfNumberType, type SmsNumberKind } from '@shared/domain/registration';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { useContractMutation } from '../../api/useContractMutation';

export const registrationKeys = {
  all: () => ['SmsVerification'] as const,
  list: (companyId: number) => ['SmsVerification', 'list', companyId] as const,
  detail: (id: number) => ['SmsVerification', 'detail', id] as const,
  numbers: (companyId: number) => ['SmsVerification', 'numbers', companyId] as const,
};

export function useRegistrations(companyId: number) {
  return useQuery({
    queryKey: registrationKeys.list(companyId),
    queryFn: ({ signal }) => api.call(E.list, { params: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
    staleTime: SMS_VERIFICATION_STALE_MS,
  });
}

/** A registration under review is read again every minute, so the status page moves with the review. */
const REVIEW_REFETCH_MS = 60_000;

export function useRegistration(companyId: number, id: number) {
  return useQuery({
    queryKey: registrationKeys.detail(id),
    queryFn: ({ signal }) => api.call(E.get, { params: { companyId, id } }, { signal, silent: true }),
    enabled: companyId > 0 && id > 0,
    staleTime: SMS_VERIFICATION_STALE_MS,
    // A registration's page always asks where the review stands when it opens (the kept copy shows meanwhile):
    // a review moves on the registry's side, not through this app.
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data && ['submitted', 'in_review'].includes(query.state.data.status)
        ? REVIEW_REFETCH_MS
        : false,
  });
}

/** The company's numbers that can text, of the registration's kind. */
export function useRegistrableNumbers(companyId: number, kind: SmsNumberKind) {
  return useQuery({
    queryKey: registrationKeys.numbers(companyId),
    queryFn: async ({ signal }) =>
      (
        await api.call(
          NUMBER_ENDPOINTS.list,
          { params: { companyId }, query: { perPage: 1000 } },
          { signal, silent: true },
        )
      ).data,
    enabled: companyId > 0,
    select: (numbers) =>
      numbers.filter((number) => number.sms_enabled && registrationKindOfNumberType(number.type) === kind),
  });
}

/** Puts an answered registration into the cache (detail and list). */
function useStore(companyId: number) {
  const client = useQueryClient();
  return (registration: Registration) => {
    client.setQueryData(registrationKeys.detail(registration.id), registration);
    void client.invalidateQueries({ queryKey: registrationKeys.list(companyId) });
  };
}

export function useCreateRegistration(companyId: number) {
  const store = useStore(companyId);
  return useContractMutation(E.create, {
    call: (kind: SmsNumberKind) => ({ input: { params: { companyId }, body: { kind } } }),
    silent: true,
    onSuccess: store,
  });
}

export function useSaveBrand(companyId: number, id: number) {
  const store = useStore(companyId);
  return useContractMutation(E.updateBrand, {
    call: (brand: SmsBrandFields) => ({ input: { params: { companyId, id }, body: { brand } } }),
    silent: true,
    onSuccess: store,
  });
}

export function useSaveCampaign(companyId: number, id: number) {
  const store = useStore(companyId);
  return useContractMutation(E.update, {
    call: (campaign: SmsCampaignFields) => ({ input: { params: { companyId, id }, body: { campaign } } }),
    silent: true,
    onSuccess: store,
  });
}

export function useUploadFile(companyId: number, id: number) {
  const client = useQueryClient();
  return useContractMutation(E.uploadFile, {
    call: (file: File) => ({ input: { params: { companyId, id }, body: { file } }, name: file.name }),
    silent: true,
    onSuccess: () => void client.invalidateQueries({ queryKey: registrationKeys.detail(id) }),
  });
}

export function useRemoveFile(companyId: number, id: number) {
  const store = useStore(companyId);
  return useContractMutation(E.removeFile, {
    call: (fileId: number) => ({ input: { params: { companyId, id, fileId } } }),
    silent: true,
    onSuccess: store,
  });
}

export function useCheck(companyId: number, id: number) {
  return useContractMutation(E.check, {
    call: () => ({ input: { params: { companyId, id } } }),
    silent: true,
  });
}

export function useSubmit(companyId: number, id: number) {
  const store = useStore(companyId);
  return useContractMutation(E.submit, {
    call: (confirmFeeCents: number) => ({
      input: { params: { companyId, id }, body: { confirm_fee_cents: confirmFeeCents } },
    }),
    silent: true,
    onSuccess: (answer) => store(answer.registration),
  });
}

export function useDeleteRegistration(companyId: number) {
  const client = useQueryClient();
  return useContractMutation(E.remove, {
    call: (id: number) => ({ input: { params: { companyId, id } } }),
    silent: true,
    onSuccess: () => void client.invalidateQueries({ queryKey: registrationKeys.list(companyId) }),
  });
}

/**
 * §4 "cancel marks status expired locally and refreshes after 15 seconds": the registration shows expired as soon
 * as the server takes the cancel, and is read again SMS_CANCEL_REFRESH_MS later.
 */
export function useCancel(companyId: number, id: number) {
  const client = useQueryClient();
  const store = useStore(companyId);
  return useContractMutation(E.cancel, {
    call: () => ({ input: { params: { companyId, id } } }),
    silent: true,
    onMutate: () => {
      client.setQueryData<Registration>(registrationKeys.detail(id), (shown) =>
        shown ? { ...shown, status: 'expired' } : shown,
      );
    },
    onSuccess: (answer) => {
      store({ ...answer.registration, status: 'expired' });
      setTimeout(
        () => void client.invalidateQueries({ queryKey: registrationKeys.detail(id) }),
        SMS_CANCEL_REFRESH_MS,
      );
    },
    onError: () => void client.invalidateQueries({ queryKey: registrationKeys.detail(id) }),
  });
}

export function useChangeNumbers(companyId: number, id: number, action: 'add' | 'remove') {
  const store = useStore(companyId);
  return useContractMutation(action === 'add' ? E.addNumbers : E.removeNumbers, {
    call: (numbers: number[]) => ({ input: { params: { companyId, id }, body: { numbers } } }),
    silent: true,
    onSuccess: (answer) => store(answer.registration),
  });
}

export function useSandboxReview(companyId: number, id: number) {
  const store = useStore(companyId);
  return useContractMutation(E.sandboxReview, {
    call: () => ({ input: { params: { companyId, id } } }),
    silent: true,
    onSuccess: store,
  });
}
