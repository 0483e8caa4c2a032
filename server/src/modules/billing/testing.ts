/** Tests' helpers: a billing body as the sandbox payment form sends it, with a test card's token. */
import type { SandboxCardOutcome } from '@shared/domain/billing';

let serial = 0;

/** A sandbox token for a test card's outcome, as the renderer's sandbox fields make one. */
export function sandboxToken(outcome: SandboxCardOutcome): string {
  serial += 1;
  return `sbx_${outcome}_TestToken${String(serial).padStart(8, '0')}`;
}

export function billingBody(outcome: SandboxCardOutcome = 'succeeds', last4 = '4242') {
  return {
    billing_name: 'Olivia Owner',
    billing_address: '500 Lake Shore Drive',
    billing_city: 'Chicago',
    billing_state: 'IL',
    billing_zip: '60611',
    billing_country: 'US',
    chargify_token: sandboxToken(outcome),
    card_last4: last4,
    card_exp_month: 12,
    card_exp_year: 2030,
    card_brand: 'visa',
  };
}
