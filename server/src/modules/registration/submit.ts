/**
 * Checking, submitting and cancelling. Submit validates everything (422 naming each missing field), takes the fee
 * the person was shown (`confirm_fee_cents`: a different amount due refuses, so nobody pays what they did not
 * see), records the payment, hands the registration to its registry and schedules the review. Cancel withdraws it
 * at the registry: it expires and its numbers are freed (their campaigns stop sending from them).
 */
import { REGISTRATION_MESSAGES as M } from '@shared/api/registration';
import { formatUsd } from '@shared/domain/billing';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { isCancellable, isSubmittable, type RegistrationFinding } from '@shared/domain/registration';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  billingCharges,
  type SmsRegistrationRow,
  smsRegistrationNumbers,
  smsRegistrations,
} from '../../db/schema';
import type { AppContext } from '../../http/context';
import { wakeJobRunners } from '../../jobs/queue';
import { invalid } from '../../lib/errors';
import { precheck } from './precheck';
import { missingFields } from './precheck/missing';
import { forRegistry, registrationOf } from './records';
import { registryOf } from './registry';
import { scheduleReview } from './review';
import { feesOf, overallStatus } from './view';

export async function checkRegistration(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<{ findings: RegistrationFinding[]; ready: boolean }> {
  const row = await registrationOf(ctx, companyId, id);
  const { numbers } = await forRegistry(ctx, row);
  const findings = await precheck(ctx, row, numbers.length);
  return { findings, ready: !findings.some((finding) => finding.severity === 'error') };
}

export async function submitRegistration(
  ctx: AppContext,
  companyId: number,
  id: number,
  confirmFeeCents: number,
): Promise<{ message: string; row: SmsRegistrationRow }> {
  const row = await registrationOf(ctx, companyId, id);
  if (!isSubmittable(overallStatus(row))) throw invalid({ registration: [M.notSubmittable] });
  const registration = await forRegistry(ctx, row);
  const missing = missingFields(row, registration.numbers.length);
  if (Object.keys(missing).length) throw invalid(missing);
  const fees = feesOf(row);
  if (fees.total_cents !== confirmFeeCents)
    throw invalid({
      confirm_fee_cents: [M.feeChanged(formatUsd(confirmFeeCents / 100), formatUsd(fees.total_cents / 100))],
    });
  const registry = registryOf(ctx, row.registry);
  const state = await registry.submit(ctx, registration);
  const now = ctx.now();
  const paidBrand = fees.lines.some((line) => line.item === 'brand');
  const paidMonth = fees.lines.some((line) => line.item === 'campaign_month');
  const saved = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [updated] = await tx
      .update(smsRegistrations)
      .set({
        brand_status: state.brand_status,
        campaign_status: state.campaign_status,
        rejection: [],
        registry: registry.name,
        registry_refs: state.refs,
        review_due_at: state.next_at,
        paid_cents: row.paid_cents + fees.total_cents,
        brand_paid_at: paidBrand ? now : row.brand_paid_at,
        month_paid_at: paidMonth ? now : row.month_paid_at,
        submitted_at: now,
        approved_at: null,
        updated_at: now,
      })
      .where(
        and(
          eq(smsRegistrations.id, row.id),
          eq(smsRegistrations.brand_status, row.brand_status),
          eq(smsRegistrations.campaign_status, row.campaign_status),
          isNull(smsRegistrations.expired_at),
        ),
      )
      .returning();
    if (!updated) throw invalid({ registration: [M.notSubmittable] });
    // What was paid goes on the next invoice (modules/billing reads billing_charges), one line per fee.
    if (fees.lines.length)
      await tx.insert(billingCharges).values(
        fees.lines.map((line) => ({
          company_id: companyId,
          description: `${row.kind === 'local' ? '10DLC' : 'Toll-free verification'}: ${line.label} (registration #${row.id})`,
          kind: 'registration_fee' as const,
          amount_cents: line.cents,
          created_at: now,
          updated_at: now,
        })),
      );
    if (updated.review_due_at) await scheduleReview(ctx, updated, { tx });
    return updated;
  });
  wakeJobRunners(ctx);
  return { message: SUCCESS_MESSAGES.smsVerificationSubmitted, row: saved };
}

export async function cancelRegistration(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<{ message: string; row: SmsRegistrationRow }> {
  const row = await registrationOf(ctx, companyId, id);
  if (!isCancellable(overallStatus(row))) throw invalid({ registration: [M.notCancellable] });
  await registryOf(ctx, row.registry).cancel(ctx, await forRegistry(ctx, row));
  const saved = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [updated] = await tx
      .update(smsRegistrations)
      .set({ expired_at: ctx.now(), review_due_at: null, updated_at: ctx.now() })
      .where(and(eq(smsRegistrations.id, row.id), isNull(smsRegistrations.expired_at)))
      .returning();
    // The numbers are free for another registration; their campaigns stop (modules/campaigns asks sending.ts).
    await tx.delete(smsRegistrationNumbers).where(eq(smsRegistrationNumbers.registration_id, row.id));
    return updated ?? row;
  });
  return { message: SUCCESS_MESSAGES.smsCampaignCancelRequested, row: saved };
}
