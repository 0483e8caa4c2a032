/** What the subscription's actions answer (shown as the §8 flash), and the declines they refuse with. */
import { BILLING_MESSAGES, formatUsd, PLANS, type Plan } from '@shared/domain/billing';
import { labelOf } from '@shared/domain/codes';
import { HttpError } from '../../../lib/errors';
import type { DeclineReason } from '../../../services/billing';

const day = (date: Date) => date.toISOString().slice(0, 10);

export const SUBSCRIPTION_MESSAGES = {
  subscribed: (plan: Plan) => `You are subscribed to ${labelOf(PLANS, plan)}.`,
  canceling: (end: Date) => `Your subscription will end on ${day(end)}.`,
  cleared: 'Your subscription will renew as usual.',
  migrated: (plan: Plan, cents: number) =>
    `You are now on ${labelOf(PLANS, plan)}; ${formatUsd(cents / 100)} was charged.`,
  scheduled: (plan: Plan, end: Date) => `You will move to ${labelOf(PLANS, plan)} on ${day(end)}.`,
  reverted: 'The plan change was dropped; your plan stays as it is.',
  customer: 'Billing contact saved.',
  retried: 'Payment received. Your account is active again.',
} as const;

/** A charge the card refused: 402 with §8's text (the issuer's, or a decline). */
export function declined(reason: DeclineReason): HttpError {
  return new HttpError(402, reason === 'issuer' ? BILLING_MESSAGES.cardIssuer : BILLING_MESSAGES.declined);
}
