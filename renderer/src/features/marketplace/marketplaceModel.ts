/**
 * The marketplace screen's pure part: the list's state in the address, what a person may do with a number in its
 * status (from the shared table of moves), and the edit form's text fields ↔ the contract's cents.
 */
import type {
  MarketplaceNumber,
  OfferNumberBody,
  UpdateMarketplaceNumberBody,
} from '@shared/api/marketplace';
import { valuesOf } from '@shared/domain/codes';
import {
  canMoveMarketplace,
  MARKETPLACE_STATUSES,
  type MarketplaceStatus,
  parseDollars,
} from '@shared/domain/marketplace';

export interface MarketplaceListState {
  page: number;
  search: string;
  status: MarketplaceStatus | '';
}

const STATUS_VALUES: readonly string[] = valuesOf(MARKETPLACE_STATUSES);

export function readMarketplaceState(params: URLSearchParams): MarketplaceListState {
  const page = Number(params.get('page'));
  const status = params.get('status') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: params.get('search') ?? '',
    status: STATUS_VALUES.includes(status) ? (status as MarketplaceStatus) : '',
  };
}

export function writeMarketplaceState(state: MarketplaceListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.search.trim()) params.set('search', state.search);
  if (state.status) params.set('status', state.status);
  return params;
}

/** The status changes a person is offered, as buttons, in the order they read. */
export const STATUS_ACTIONS: readonly { to: MarketplaceStatus; label: string }[] = [
  { to: 'listed', label: 'List' },
  { to: 'under_offer', label: 'Mark under offer' },
  { to: 'sold', label: 'Mark sold' },
  { to: 'withdrawn', label: 'Withdraw' },
];

/** The actions the number's status allows (sold: none; an offer that fell through lists it again: "Relist"). */
export function statusActions(status: MarketplaceStatus): { to: MarketplaceStatus; label: string }[] {
  return STATUS_ACTIONS.filter((action) => action.to !== status && canMoveMarketplace(status, action.to)).map(
    (action) =>
      action.to === 'listed' && (status === 'under_offer' || status === 'withdrawn')
        ? { ...action, label: 'List again' }
        : action,
  );
}

/** The edit form, as typed: prices in dollars. */
export interface MarketplaceForm {
  asking: string;
  lease: string;
  description: string;
  vanity: string;
}

export const MONEY_MESSAGE = 'Enter an amount in dollars, such as 1500 or 1499.99.';

const dollars = (cents: number | null) =>
  cents === null ? '' : (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2);

export function formOf(number: MarketplaceNumber): MarketplaceForm {
  return {
    asking: dollars(number.asking_price_cents),
    lease: dollars(number.lease_price_cents),
    description: number.description,
    vanity: number.vanity,
  };
}

/** The form's fields the person got wrong, by name (empty: it can be sent). */
export function formProblems(form: MarketplaceForm): Partial<Record<keyof MarketplaceForm, string>> {
  const problems: Partial<Record<keyof MarketplaceForm, string>> = {};
  if (parseDollars(form.asking) === null) problems.asking = MONEY_MESSAGE;
  if (form.lease.trim() && parseDollars(form.lease) === null) problems.lease = MONEY_MESSAGE;
  return problems;
}

/** The PUT body of a saved form (with a status move when one was chosen). */
export function updateBodyOf(form: MarketplaceForm, status?: MarketplaceStatus): UpdateMarketplaceNumberBody {
  return {
    asking_price_cents: parseDollars(form.asking) ?? 0,
    lease_price_cents: form.lease.trim() ? (parseDollars(form.lease) ?? 0) : null,
    description: form.description.trim(),
    vanity: form.vanity.trim(),
    ...(status ? { status } : {}),
  };
}

/** The POST body that offers a number. */
export function offerBodyOf(numberId: number, form: MarketplaceForm, list: boolean): OfferNumberBody {
  const { status: _none, ...prices } = updateBodyOf(form);
  return {
    number_id: numberId,
    asking_price_cents: prices.asking_price_cents ?? 0,
    lease_price_cents: prices.lease_price_cents ?? null,
    description: prices.description ?? '',
    vanity: prices.vanity ?? '',
    list,
  };
}

/** The server's field names → the form's, for a 422's messages. */
export const SERVER_FIELDS: Record<string, keyof MarketplaceForm> = {
  asking_price_cents: 'asking',
  lease_price_cents: 'lease',
  description: 'description',
  vanity: 'vanity',
};
