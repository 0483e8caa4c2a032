/**
 * The account's standing as the route wrapper and the campaign queue ask it: may this company do this now? The
 * interface lives here so the lower layers (http/route.ts) can name it without importing a module; the rule's
 * implementation — the company's §3 account status and subscription read against STANDING_ALLOWS — is
 * modules/billing/standing/standing.ts, wired by the composition root.
 */
import type { AccountActivity } from '@shared/domain/billing';

export interface StandingCheck {
  /** Why the company's standing refuses `activity` now (402 past due, 403 parked or deactivated), or null. */
  refusalOf(
    companyId: number,
    activity: AccountActivity,
  ): Promise<{ status: 402 | 403; message: string } | null>;
  /** Resolves when the company's standing allows `activity`; else throws 402 (past due) or 403 with the §8 text. */
  refuseUnlessAllowed(companyId: number, activity: AccountActivity): Promise<void>;
}
