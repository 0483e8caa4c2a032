/**
 * §7 Caller ID as the context holds it: what a provider (Trestle in production, the sandbox here) tells about a
 * number, and the lookups the routes make through it, each answer kept so a number is paid for once. The
 * interfaces live here so the context names them without importing a module; the sandbox provider and the
 * cached lookups are modules/callerId/.
 */
import type { CallerId, CallerLineType } from '@shared/api/callerId';

export interface CallerIdRecord {
  /** E.164. */
  number: string;
  name: string | null;
  carrier: string | null;
  line_type: CallerLineType;
  city: string | null;
  state: string | null;
}

export interface CallerIdProvider {
  readonly name: string;
  /** The number is E.164 and valid; null when the provider has no record of it (→ 404 callerIdLookupNotFound). */
  lookup(number: string): Promise<CallerIdRecord | null>;
}

export interface CallerIdLookups {
  /** The kept answer: undefined when the number was never looked up, null when it was and nothing was found. */
  cached(companyId: number, number: string): Promise<CallerId | null | undefined>;
  /** Looks the (valid, E.164) number up unless already; null when the provider knows nothing of it. */
  lookup(companyId: number, number: string): Promise<CallerId | null>;
}
