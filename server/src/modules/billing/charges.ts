/**
 * One-off charges billed with the company's next invoice — a text-messaging registration's fee (the registration
 * module calls this when a paid submission goes through). They count in the period's usage as registration fees.
 */
import type { Db } from '../../db/client';
import { billingCharges } from '../../db/schema';

export async function recordRegistrationFee(
  db: Db,
  fee: { companyId: number; description: string; amountCents: number; now: Date },
): Promise<void> {
  if (!Number.isInteger(fee.amountCents) || fee.amountCents <= 0) {
    throw new Error(`a registration fee is a positive number of cents, not ${fee.amountCents}`);
  }
  await db.insert(billingCharges).values({
    company_id: fee.companyId,
    description: fee.description,
    kind: 'registration_fee',
    amount_cents: fee.amountCents,
    created_at: fee.now,
    updated_at: fee.now,
  });
}
