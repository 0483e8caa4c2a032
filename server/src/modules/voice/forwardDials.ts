/**
 * How each dial to an outside phone (a forward) ended, kept per phone (`forward_dials`) so the forward_failing
 * monitor (modules/alerts) can see a forward that fails call after call. Nothing else records it: the call keeps
 * its events and carrier status, and its live state (which phones rang) is cleared when it ends.
 *
 * Written when routing resumes after a ring that rang phones (both carriers come through `routeCall`; a replayed
 * callback does not). A ring answered is `completed` for every phone it rang — the carrier does not say whether
 * the phone or an agent rung with it answered, so an answered ring never counts against a forward.
 */
import { forwardDials } from '../../db/schema';
import type { AppContext } from '../../http/context';
import type { RoutingStep } from '../../routing/types';
import type { CallRow } from './records';

export async function recordForwardDials(
  ctx: AppContext,
  call: CallRow,
  step: RoutingStep,
  at: Date,
): Promise<void> {
  if (step.kind !== 'after-dial') return;
  const phones = call.live?.phones ?? [];
  if (phones.length === 0) return;
  await ctx.db.insert(forwardDials).values(
    phones.map((phone) => ({
      company_id: call.company_id,
      number_id: call.number_id,
      call_id: call.id,
      phone,
      outcome: step.outcome,
      at,
    })),
  );
}
