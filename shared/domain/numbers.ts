/** Phone numbers the company owns: types, categories, carriers, ports and activation (§3, §4, §5). */
import { codes } from './codes';
import { INACTIVE_NUMBER_REMOVAL_DAYS } from './limits';
import { type DateInput, toDate } from './time';

/** §3 Number-type codes. */
export const NUMBER_TYPES = codes([
  { value: 1, label: 'Toll-Free Voice & SMS' },
  { value: 2, label: 'Local Voice & SMS' },
  { value: 3, label: 'Fax number' },
  { value: 4, label: 'Bulk numbers' },
]);
export type NumberType = (typeof NUMBER_TYPES)[number]['value'];

/** §3 "Fax number" (type 3): it takes and places no voice calls. */
export const FAX_NUMBER_TYPE = 3 satisfies NumberType;

/** Whether a number of this type can place and take voice calls (every type but fax). */
export function canPlaceCalls(type: number): boolean {
  return type !== FAX_NUMBER_TYPE;
}

/** §3 Number categories. */
export const NUMBER_CATEGORIES = codes([
  { value: 1, label: 'Voice & SMS' },
  { value: 2, label: 'International' },
  { value: 3, label: 'Fax' },
]);
export type NumberCategory = (typeof NUMBER_CATEGORIES)[number]['value'];

/**
 * §3 Provider codes 1 to 4: three third-party carriers and the first carrier's dashboard.
 * The spec does not name the carriers; these are the ones the platform integrates (Twilio is the real carrier).
 */
export const PROVIDERS = codes([
  { value: 1, label: 'Twilio' },
  { value: 2, label: 'Bandwidth' },
  { value: 3, label: 'Telnyx' },
  { value: 4, label: 'Twilio (dashboard)' },
]);
export type Provider = (typeof PROVIDERS)[number]['value'];

/** §5 Number search modes. */
export const NUMBER_SEARCH_MODES = codes([
  { value: 'contains', label: 'Contains' },
  { value: 'starts_with', label: 'Starts with' },
  { value: 'ends_with', label: 'Ends with' },
]);
export type NumberSearchMode = (typeof NUMBER_SEARCH_MODES)[number]['value'];

/** §3 Port status. */
export const PORT_STATUSES = codes([
  { value: 'pending', label: 'Pending' },
  { value: 'documentsRequested', label: 'Documents requested' },
]);
export type PortStatus = (typeof PORT_STATUSES)[number]['value'];

/** §3 Port number type. */
export const PORT_NUMBER_TYPES = codes([
  { value: 1, label: 'Local' },
  { value: 2, label: 'Toll free' },
  { value: 3, label: 'Canadian' },
]);
export type PortNumberType = (typeof PORT_NUMBER_TYPES)[number]['value'];

/** §3 Port service. */
export const PORT_SERVICES = codes([
  { value: 1, label: 'Voice and SMS' },
  { value: 2, label: 'Fax' },
]);
export type PortService = (typeof PORT_SERVICES)[number]['value'];

/**
 * A number's state on the platform (§4 number activation): active, or inactive with a removal date; a removed
 * number is released to the carrier and leaves the company's lists.
 */
export const NUMBER_STATUSES = codes([
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
]);
export type NumberStatus = (typeof NUMBER_STATUSES)[number]['value'];

export interface ActivationPlan {
  active: boolean;
  /** ISO 8601; null when the number stays. */
  removal_date: string | null;
}

/**
 * §4 Number activation: chosen numbers become active with removal date cleared; unchosen become
 * inactive with removal scheduled 30 days ahead (§9 "Inactive number removal 30 days").
 */
export function planNumberActivation<N extends { id: number | string }>(
  numbers: readonly N[],
  chosenIds: readonly (number | string)[],
  now: DateInput,
): (N & ActivationPlan)[] {
  const chosen = new Set(chosenIds.map(String));
  const removal = new Date(toDate(now).getTime() + INACTIVE_NUMBER_REMOVAL_DAYS * 86_400_000).toISOString();
  return numbers.map((number) =>
    chosen.has(String(number.id))
      ? { ...number, active: true, removal_date: null }
      : { ...number, active: false, removal_date: removal },
  );
}
