/**
 * Rotating a number (`POST /numbers/{id}/rotate`): the usual cure for a number carriers have started labelling
 * as spam. A fresh number from the same area code (toll-free: any toll-free code) takes the old one's place in
 * the same record — routing, schedule, tags, settings and history stay — and the old one goes back to the
 * carrier. The new number is bought before anything changes; if it cannot be recorded it is given back, and the
 * old one is released only once the new one is in place. Audit-logged (`number-rotated`, both numbers).
 */
import { NUMBER_LIFECYCLE_MESSAGES } from '@shared/api/numberLifecycle';
import { isTollFreeAreaCode, nationalDigits } from '@shared/domain/numberSearch';
import { FAX_NUMBER_TYPE } from '@shared/domain/numbers';
import { and, eq } from 'drizzle-orm';
import { NumberUnavailable } from '../../../carriers/numbers';
import { auditLog, liveNumber, numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { isUniqueViolation } from '../../contacts/service/checks';
import type { NumberRow } from '../config/view';
import { hooksOf, PurchaseRefused } from '../purchase/buy';
import type { Actor } from './release';

/** Offers tried before giving up (each one another buyer may have taken since the search). */
const OFFERS_TRIED = 5;

export async function rotateNumber(
  ctx: AppContext,
  actor: Actor,
  row: NumberRow,
): Promise<{ row: NumberRow; previous: string }> {
  if (row.type === FAX_NUMBER_TYPE) throw new PurchaseRefused(NUMBER_LIFECYCLE_MESSAGES.faxRotate, 422);
  const areaCode = nationalDigits(row.number)?.slice(0, 3) ?? '';
  const tollFree = isTollFreeAreaCode(areaCode);
  const offers = await ctx.numberCarrier.search({
    type: tollFree ? 1 : 2,
    ...(tollFree ? {} : { areaCode }),
    digits: '',
    mode: 'contains',
    limit: OFFERS_TRIED + 1,
  });
  let bought: { number: string; sid: string } | null = null;
  for (const offer of offers.filter((candidate) => candidate.number !== row.number).slice(0, OFFERS_TRIED)) {
    try {
      bought = {
        number: offer.number,
        sid: (await ctx.numberCarrier.purchase(offer.number, hooksOf(ctx))).sid,
      };
      break;
    } catch (error) {
      if (!(error instanceof NumberUnavailable)) throw error;
    }
  }
  if (!bought) throw new PurchaseRefused(NUMBER_LIFECYCLE_MESSAGES.noReplacement(areaCode), 409);

  const replacement = bought;
  let rotated: NumberRow | undefined;
  try {
    rotated = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(numbers)
        .set({ number: replacement.number, carrier_sid: replacement.sid, updated_at: ctx.now() })
        .where(and(eq(numbers.id, row.id), eq(numbers.number, row.number), liveNumber))
        .returning();
      if (!updated) return undefined;
      await tx.insert(auditLog).values({
        actor_id: actor.userId,
        impersonator_id: actor.impersonatorId,
        company_id: row.company_id,
        action: 'number-rotated',
        detail: {
          number_id: row.id,
          from: row.number,
          to: replacement.number,
          carrier: ctx.numberCarrier.name,
          carrier_sid: replacement.sid,
          previous_carrier_sid: row.carrier_sid,
        },
        created_at: ctx.now(),
      });
      return updated;
    });
  } catch (error) {
    await ctx.numberCarrier.release(replacement.sid).catch(() => undefined);
    if (isUniqueViolation(error))
      throw new PurchaseRefused(NUMBER_LIFECYCLE_MESSAGES.noReplacement(areaCode), 409);
    throw error;
  }
  if (!rotated) {
    // Released or rotated by someone else meanwhile: the new number is not needed.
    await ctx.numberCarrier.release(replacement.sid).catch(() => undefined);
    throw new PurchaseRefused(NUMBER_LIFECYCLE_MESSAGES.released, 409);
  }
  // The old number is no longer ours to route; a failed give-back is left to the carrier's console (audited).
  if (row.carrier_sid) await ctx.numberCarrier.release(row.carrier_sid).catch(() => undefined);
  return { row: rotated, previous: row.number };
}
