/**
 * §7 Caller ID: what a caller ID provider (Trestle in production, the sandbox here) tells about a number. A
 * provider answers null when it knows nothing of the number (→ 404 callerIdLookupNotFound).
 */
import type { CallerLineType } from '@shared/api/callerId';

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
  /** The number is E.164 and valid; null when the provider has no record of it. */
  lookup(number: string): Promise<CallerIdRecord | null>;
}
