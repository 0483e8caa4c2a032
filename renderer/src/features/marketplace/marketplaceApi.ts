/**
 * The marketplace's server calls (§7 Marketplace numbers): the list page by page, the KPIs, a number's listings,
 * putting a number on the marketplace, changing one (§8's message), and the report as marketplace_report.csv.
 * Query keys start with §3's data tags MarketplaceNumbers and MarketplaceNumberListings.
 */
import {
  MARKETPLACE_ENDPOINTS,
  type OfferNumberBody,
  type UpdateMarketplaceNumberBody,
} from '@shared/api/marketplace';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { useContractMutation } from '../../api/useContractMutation';
import { CSV_ANSWER } from '../../ui/download';
import type { MarketplaceListState } from './marketplaceModel';

export const MARKETPLACE_REPORT_FILE = 'marketplace_report.csv';

export const marketplaceKeys = {
  all: () => ['MarketplaceNumbers'] as const,
  list: (companyId: number, state: MarketplaceListState) =>
    ['MarketplaceNumbers', 'list', companyId, state] as const,
  kpi: (companyId: number) => ['MarketplaceNumbers', 'kpi', companyId] as const,
  listings: (companyId: number, id: number) => ['MarketplaceNumberListings', companyId, id] as const,
};

export function useMarketplaceNumbers(companyId: number, state: MarketplaceListState) {
  return useQuery({
    queryKey: marketplaceKeys.list(companyId, state),
    queryFn: ({ signal }) =>
      api.call(
        MARKETPLACE_ENDPOINTS.list,
        {
          params: { companyId },
          query: {
            page: state.page,
            search: state.search.trim() || undefined,
            status: state.status || undefined,
          },
        },
        { signal, silent: true },
      ),
    enabled: companyId > 0,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === companyId ? previous : undefined,
  });
}

export function useMarketplaceKpi(companyId: number) {
  return useQuery({
    queryKey: marketplaceKeys.kpi(companyId),
    queryFn: ({ signal }) =>
      api.call(MARKETPLACE_ENDPOINTS.kpi, { params: { companyId }, query: {} }, { signal, silent: true }),
    enabled: companyId > 0,
  });
}

export function useMarketplaceListings(companyId: number, id: number | null) {
  return useQuery({
    queryKey: marketplaceKeys.listings(companyId, id ?? 0),
    queryFn: ({ signal }) =>
      api.call(
        MARKETPLACE_ENDPOINTS.listings,
        { params: { companyId, id: id ?? 0 } },
        { signal, silent: true },
      ),
    enabled: companyId > 0 && id !== null,
  });
}

/** After any change: the list, the KPIs and the listings are asked again. */
function useAfterChange() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: marketplaceKeys.all() });
    void client.invalidateQueries({ queryKey: ['MarketplaceNumberListings'] });
  };
}

export interface MarketplaceChange {
  companyId: number;
  id: number;
  body: UpdateMarketplaceNumberBody;
}

export function useUpdateMarketplaceNumber() {
  const after = useAfterChange();
  return useContractMutation(MARKETPLACE_ENDPOINTS.update, {
    call: ({ companyId, id, body }: MarketplaceChange) => ({ input: { params: { companyId, id }, body } }),
    silent: true,
    onSuccess: after,
  });
}

export interface MarketplaceOffer {
  companyId: number;
  body: OfferNumberBody;
}

export function useOfferNumber() {
  const after = useAfterChange();
  return useContractMutation(MARKETPLACE_ENDPOINTS.offer, {
    call: ({ companyId, body }: MarketplaceOffer) => ({ input: { params: { companyId }, body } }),
    silent: true,
    onSuccess: after,
  });
}

export function fetchMarketplaceReport(companyId: number, state: MarketplaceListState): Promise<string> {
  return api.call(
    MARKETPLACE_ENDPOINTS.report,
    {
      params: { companyId },
      query: { search: state.search.trim() || undefined, status: state.status || undefined },
    },
    CSV_ANSWER,
  );
}
