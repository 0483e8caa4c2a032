/**
 * The account's standing, enforced: where a company stands (shared/domain/billing.ts `accountStandingOf`: its §3
 * account status and its subscription), and the one check every route makes through the route wrapper
 * (http/route.ts) — and the campaign queue, for campaigns saved as queued — before doing what the standing may
 * not (STANDING_ALLOWS); the composition root builds the check, the wrapper reads the request's activity with
 * `activityOf`. The refusal carries the §8 past-due text with the balance.
 */
import type { AccountStandingView } from '@shared/api/billing';
import {
  type AccountStanding,
  accountStandingOf,
  standingAllows,
  standingNotice,
  standingRefusal,
} from '@shared/domain/billing';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companies, subscriptions } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { HttpError } from '../../../lib/errors';
import type { StandingCheck } from '../../../services/standing';
import { statusOf } from '../subscription/records';

export interface Standing {
  standing: AccountStanding;
  balanceCents: number;
}

export async function standingOf(db: Db, companyId: number): Promise<Standing> {
  const [row] = await db
    .select({ account_status: companies.account_status, subscription: subscriptions })
    .from(companies)
    .leftJoin(subscriptions, eq(subscriptions.company_id, companies.id))
    .where(eq(companies.id, companyId));
  if (!row) return { standing: 'good', balanceCents: 0 };
  const status = row.subscription ? statusOf(row.subscription) : null;
  return {
    standing: accountStandingOf(row.account_status, status),
    balanceCents: row.subscription?.balance_cents ?? 0,
  };
}

/** `GET /company/{id}/standing`: the standing and its notice; the balance only for a role that sees billing. */
export async function standingView(
  ctx: AppContext,
  companyId: number,
  seesBilling: boolean,
): Promise<AccountStandingView> {
  const { standing, balanceCents } = await standingOf(ctx.db, companyId);
  const balance = seesBilling ? balanceCents : null;
  return { standing, balance_cents: balance, notice: standingNotice(standing, balance) };
}

/** Refuses (402 past due, 403 parked or deactivated, with the §8 text) what the company's standing may not do. */
export function standingCheck(db: Db): StandingCheck {
  const check: StandingCheck = {
    async refusalOf(companyId, activity) {
      if (activity === 'read' || activity === 'pay') return null;
      const { standing, balanceCents } = await standingOf(db, companyId);
      return standingAllows(standing, activity) ? null : standingRefusal(standing, balanceCents);
    },
    async refuseUnlessAllowed(companyId, activity) {
      const refusal = await check.refusalOf(companyId, activity);
      if (refusal) throw new HttpError(refusal.status, refusal.message);
    },
  };
  return check;
}
