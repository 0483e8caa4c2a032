/**
 * Buying one number (§7 `POST /numbers`, and each number of a bulk purchase): within the company's number limit,
 * from the carrier (its calls and texts pointed at our webhooks), added to the company with a starting routing,
 * and audit-logged (`number-purchased`). The limit is read again, with the company locked, where the number is
 * added, so two purchases at once never pass it; a number bought but not added is given back to the carrier.
 */
import { RouteSchema } from '@shared/api/numbers';
import { isTollFreeAreaCode, nationalDigits } from '@shared/domain/numberSearch';
import type { NumberCategory, NumberType } from '@shared/domain/numbers';
import { and, eq } from 'drizzle-orm';
import { NumberUnavailable } from '../../../carriers/numbers';
import { TWILIO_SMS_PATH } from '../../../carriers/types';
import type { Db } from '../../../db/client';
import { auditLog, companies, liveNumber, numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { isUniqueViolation } from '../../contacts/service/checks';
import { voiceUrl } from '../../voice/twilio/view';
import type { NumberRow } from '../config/view';
import { limitAndUsed, limitReachedMessage } from './limit';

export const NUMBER_TAKEN_MESSAGE = 'This number was just taken; choose another.';
export const TYPE_MISMATCH = {
  tollFree: 'A toll-free number (8**) is bought as type 1, Toll-Free Voice & SMS.',
  local: 'Type 1 is for toll-free numbers (8**); choose a local type for this number.',
} as const;

/** A purchase refused for a reason the person can act on: 409 at the limit, 422 for the number itself. */
export class PurchaseRefused extends Error {
  override name = 'PurchaseRefused';
  constructor(
    message: string,
    readonly status: 409 | 422,
    /** The field of the request it is about (422). */
    readonly field: 'number' | 'type' = 'number',
  ) {
    super(message);
  }
}

/** §3 number-type code of toll-free numbers. */
const TOLL_FREE_TYPE = 1;

/** Who bought: the user, and the administrator signed in as them, if any. */
export interface Buyer {
  userId: number | null;
  impersonatorId: number | null;
}

export interface Purchase {
  companyId: number;
  number: string;
  type: NumberType;
  category: NumberCategory;
  label?: string | undefined;
  /** The bulk purchase it is part of (kept in the audit record). */
  bulkPurchaseId?: number;
}

/**
 * A bought number's starting routing: one extension (§3 default extension config) that takes a voicemail, so a
 * caller is never met by silence until someone routes the number (PUT /numbers/{id}).
 */
export function startingRoutes() {
  return [RouteSchema.parse({ extension: 1, label: 'Main', type: 'voicemail', voicemail_enabled: true })];
}

/** Where the carrier sends a bought number’s calls and texts: our webhooks. */
export const hooksOf = (ctx: AppContext) => ({
  voiceUrl: voiceUrl(ctx),
  smsUrl: `${ctx.config.publicUrl.replace(/\/$/, '')}${ctx.config.apiPrefix}${TWILIO_SMS_PATH}`,
});

/**
 * Buys the number and adds it to the company. `whenAdded` runs in the transaction that adds it (a bulk purchase
 * counts it there, so a run that dies after never buys it again). Throws `PurchaseRefused`.
 */
export async function acquireNumber(
  ctx: AppContext,
  buyer: Buyer,
  purchase: Purchase,
  whenAdded?: (tx: Db, row: NumberRow) => Promise<void>,
): Promise<NumberRow> {
  const tollFree = isTollFreeAreaCode(nationalDigits(purchase.number)?.slice(0, 3) ?? '');
  if (tollFree !== (purchase.type === TOLL_FREE_TYPE))
    throw new PurchaseRefused(tollFree ? TYPE_MISMATCH.tollFree : TYPE_MISMATCH.local, 422, 'type');
  const before = await limitAndUsed(ctx.db, purchase.companyId);
  if (before.used >= before.limit) throw new PurchaseRefused(limitReachedMessage(before.limit), 409);
  const [existing] = await ctx.db
    .select({ id: numbers.id })
    .from(numbers)
    .where(and(eq(numbers.number, purchase.number), liveNumber));
  if (existing) throw new PurchaseRefused(NUMBER_TAKEN_MESSAGE, 422);

  let sid: string;
  try {
    sid = (await ctx.numberCarrier.purchase(purchase.number, hooksOf(ctx))).sid;
  } catch (error) {
    if (error instanceof NumberUnavailable) throw new PurchaseRefused(error.message, 422);
    throw error;
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, purchase.companyId))
        .for('update');
      const now = await limitAndUsed(tx, purchase.companyId);
      if (now.used >= now.limit) throw new PurchaseRefused(limitReachedMessage(now.limit), 409);
      const [row] = await tx
        .insert(numbers)
        .values({
          company_id: purchase.companyId,
          number: purchase.number,
          label: purchase.label ?? '',
          type: purchase.type,
          category: purchase.category,
          carrier_sid: sid,
          routes: startingRoutes(),
          created_at: ctx.now(),
          updated_at: ctx.now(),
        })
        .returning();
      if (!row) throw new Error('the number was not added');
      await tx.insert(auditLog).values({
        actor_id: buyer.userId,
        impersonator_id: buyer.impersonatorId,
        company_id: purchase.companyId,
        action: 'number-purchased',
        detail: {
          number_id: row.id,
          number: row.number,
          type: row.type,
          category: row.category,
          carrier: ctx.numberCarrier.name,
          carrier_sid: sid,
          ...(purchase.bulkPurchaseId ? { bulk_purchase_id: purchase.bulkPurchaseId } : {}),
        },
        created_at: ctx.now(),
      });
      await whenAdded?.(tx, row);
      return row;
    });
  } catch (error) {
    // Bought but not added: the carrier gets it back (a failed give-back leaves it to the carrier's console).
    await ctx.numberCarrier.release(sid).catch(() => undefined);
    if (isUniqueViolation(error)) throw new PurchaseRefused(NUMBER_TAKEN_MESSAGE, 422);
    throw error;
  }
}
