/**
 * The billing screens' server calls (§7 Company and billing, Subscription, Yearly upgrade offers). Every change
 * answers the subscription (or the billing details) and a message; a refusal other than a 422 is shown for 30 s
 * (§8 "Billing failure other than 422: generic update-failed message for 30 s"; §9 "billing failure toast 30 s"):
 * the server's own text for a declined card (402, §8's payment messages), the generic one for anything else.
 */
import {
  BILLING_ENDPOINTS as B,
  type BillingUpdate,
  type CustomerUpdate,
  SUBSCRIPTION_ENDPOINTS as S,
} from '@shared/api/billing';
import {
  BILLING_FAILURE_TOAST_MS,
  BILLING_MESSAGES,
  PLAN_MIGRATION_REFRESH_MS,
  type SubscriptionFeature,
} from '@shared/domain/billing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '../../api';
import { keys } from '../../api/keys';
import { useContractMutation } from '../../api/useContractMutation';
import { flash } from '../../ui/flash';

export const billingKeys = {
  all: (companyId: number) => ['Billing', companyId] as const,
  details: (companyId: number) => ['Billing', companyId, 'details'] as const,
  standing: (companyId: number) => ['Billing', companyId, 'standing'] as const,
  subscription: (companyId: number) => ['Billing', companyId, 'subscription'] as const,
  plans: (companyId: number) => ['Billing', companyId, 'plans'] as const,
  usage: (companyId: number) => ['Billing', companyId, 'usage'] as const,
  invoices: (companyId: number) => ['Billing', companyId, 'invoices'] as const,
  offers: (companyId: number) => ['Billing', companyId, 'offers'] as const,
  hostedFields: () => ['Billing', 'hosted-fields'] as const,
};

/** A billing change the server refused other than field by field: shown 30 s (§8, §9). */
export function billingFailure(error: ApiError): void {
  if (error.status === 422) return;
  const message = error.status === 402 ? error.message : BILLING_MESSAGES.updateFailed;
  flash('danger', message, { autoCloseMs: BILLING_FAILURE_TOAST_MS, id: 'billing-failure' });
}

/**
 * How often the standing is asked again while a screen shows it (the past-due banner): a renewal declines on the
 * provider's clock, not on anything this app does, so no change here would tell it.
 */
export const STANDING_REFRESH_MS = 60_000;

/** The card and the standing: never taken from the kept cache as fresh (the banner must say what is true now). */
export function useBillingDetails(companyId: number) {
  return useQuery({
    queryKey: billingKeys.details(companyId),
    queryFn: ({ signal }) => api.call(B.details, { params: { id: companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
    staleTime: 0,
    refetchInterval: STANDING_REFRESH_MS,
  });
}

/** Where the account stands, for the notice on every screen (any member may ask; the balance only billing roles). */
export function useAccountStanding(companyId: number) {
  return useQuery({
    queryKey: billingKeys.standing(companyId),
    queryFn: ({ signal }) => api.call(B.standing, { params: { id: companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
    staleTime: 0,
    refetchInterval: STANDING_REFRESH_MS,
  });
}

export function useSubscription(companyId: number) {
  return useQuery({
    queryKey: billingKeys.subscription(companyId),
    queryFn: ({ signal }) => api.call(S.get, { params: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
    staleTime: 0,
  });
}

export function usePlans(companyId: number) {
  return useQuery({
    queryKey: billingKeys.plans(companyId),
    queryFn: async ({ signal }) =>
      (await api.call(S.plans, { params: { companyId } }, { signal, silent: true })).data,
    enabled: companyId > 0,
  });
}

export function useUsage(companyId: number) {
  return useQuery({
    queryKey: billingKeys.usage(companyId),
    queryFn: ({ signal }) => api.call(S.usage, { params: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
  });
}

export function useInvoices(companyId: number) {
  return useQuery({
    queryKey: billingKeys.invoices(companyId),
    queryFn: async ({ signal }) =>
      (await api.call(B.invoices, { params: { id: companyId } }, { signal, silent: true })).data,
    enabled: companyId > 0,
  });
}

export function useOffers(companyId: number) {
  return useQuery({
    queryKey: billingKeys.offers(companyId),
    queryFn: async ({ signal }) =>
      (await api.call(S.offers, { params: { companyId } }, { signal, silent: true })).data,
    enabled: companyId > 0,
  });
}

/** What the payment form's hosted fields need (the sandbox's, or Chargify.js's keys and token). */
export function useHostedFields(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.hostedFields(),
    queryFn: ({ signal }) => api.call(B.securityToken, {}, { signal, silent: true }),
    enabled,
    // Chargify.js's security token is for one use: a fresh one each time the form opens.
    gcTime: 0,
    staleTime: 0,
  });
}

/** An invoice's PDF, as the browser downloads it (the session or token applies). */
export async function invoicePdf(companyId: number, invoiceId: number): Promise<Blob> {
  return (await api.call(
    B.invoicePdf,
    { params: { id: companyId, invoiceId } },
    { silent: true, responseType: 'blob' },
  )) as unknown as Blob;
}

/** After a change: everything billing shows again (and the company, whose standing may have moved). */
function useRefreshBilling(companyId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: billingKeys.all(companyId) });
  };
}

export function useSaveBilling(companyId: number) {
  const refresh = useRefreshBilling(companyId);
  return useContractMutation(B.update, {
    call: (body: BillingUpdate) => ({ input: { params: { id: companyId }, body } }),
    silent: true,
    onSuccess: (answer) => flash('success', answer.message),
    onError: billingFailure,
    onSettled: refresh,
  });
}

export function useRetryPayment(companyId: number) {
  const refresh = useRefreshBilling(companyId);
  return useContractMutation(B.retry, {
    call: () => ({ input: { params: { id: companyId } } }),
    silent: true,
    onSuccess: (answer) => flash('success', answer.message),
    onError: billingFailure,
    onSettled: refresh,
  });
}

/** One subscription action with no input beyond the company (clear a cancel, revert a pending change). */
function useSubscriptionAction(
  endpoint: typeof S.clear | typeof S.revertPendingProductChange,
  companyId: number,
) {
  const refresh = useRefreshBilling(companyId);
  return useContractMutation(endpoint, {
    call: () => ({ input: { params: { companyId } } }),
    silent: true,
    onSuccess: (answer) => flash('success', answer.message),
    onError: billingFailure,
    onSettled: refresh,
  });
}

export const useClearCancel = (companyId: number) => useSubscriptionAction(S.clear, companyId);
export const useRevertChange = (companyId: number) =>
  useSubscriptionAction(S.revertPendingProductChange, companyId);

export function useSubscribe(companyId: number) {
  const refresh = useRefreshBilling(companyId);
  return useContractMutation(S.subscribe, {
    call: (identifier: string) => ({ input: { params: { companyId }, body: { identifier } } }),
    silent: true,
    onSuccess: (answer) => flash('success', answer.message),
    onError: billingFailure,
    onSettled: refresh,
  });
}

export function useCancel(companyId: number) {
  const refresh = useRefreshBilling(companyId);
  return useContractMutation(S.cancel, {
    call: (downsell: string | null) => ({
      input: { params: { companyId }, body: downsell ? { downsell_identifier: downsell } : {} },
    }),
    silent: true,
    onSuccess: (answer) => flash('success', answer.message),
    onError: billingFailure,
    onSettled: refresh,
  });
}

/** What moving to a plan would charge now (asked when a plan is chosen; nothing changes). */
export function useMigrationPreview(companyId: number, identifier: string | null) {
  return useQuery({
    queryKey: ['Billing', companyId, 'migrate-preview', identifier],
    queryFn: ({ signal }) =>
      api.call(
        S.migratePreview,
        { params: { companyId }, body: { identifier: identifier ?? '' } },
        { signal, silent: true },
      ),
    enabled: companyId > 0 && !!identifier,
    staleTime: 0,
  });
}

/**
 * Moves to a plan. §4 "Plan migration refreshes company data after 1 second and invoices after 5 seconds": the
 * provider settles the change and writes its invoice a moment after it answers.
 */
export function useMigrate(companyId: number) {
  const client = useQueryClient();
  return useContractMutation(S.migrate, {
    call: (identifier: string) => ({ input: { params: { companyId }, body: { identifier } } }),
    silent: true,
    onSuccess: (answer) => {
      flash('success', answer.message);
      client.setQueryData(billingKeys.subscription(companyId), answer.data);
      setTimeout(() => {
        void client.invalidateQueries({ queryKey: keys.currentUser() });
        void client.invalidateQueries({ queryKey: billingKeys.subscription(companyId) });
        void client.invalidateQueries({ queryKey: billingKeys.usage(companyId) });
      }, PLAN_MIGRATION_REFRESH_MS.company);
      setTimeout(
        () => void client.invalidateQueries({ queryKey: billingKeys.invoices(companyId) }),
        PLAN_MIGRATION_REFRESH_MS.invoices,
      );
    },
    onError: billingFailure,
  });
}

export function useCustomerUpdate(companyId: number) {
  const refresh = useRefreshBilling(companyId);
  return useContractMutation(S.customerUpdate, {
    call: (body: CustomerUpdate) => ({ input: { params: { companyId }, body } }),
    silent: true,
    onSuccess: (answer) => flash('success', answer.message),
    onError: billingFailure,
    onSettled: refresh,
  });
}

export function useToggleFeature(companyId: number) {
  const refresh = useRefreshBilling(companyId);
  return useContractMutation(S.feature, {
    call: ({ name, enabled }: { name: SubscriptionFeature; enabled: boolean }) => ({
      input: { params: { companyId, name }, body: { enabled } },
    }),
    silent: true,
    onSuccess: (answer) => flash('success', answer.message),
    onError: billingFailure,
    onSettled: refresh,
  });
}

export function useUpdateOffer(companyId: number) {
  const refresh = useRefreshBilling(companyId);
  return useContractMutation(S.updateOffer, {
    call: ({ id, change }: { id: number; change: { viewed?: true; used?: true } }) => ({
      input: { params: { companyId, id }, body: change },
    }),
    silent: true,
    onSettled: refresh,
  });
}
