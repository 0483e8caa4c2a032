/**
 * The sandbox's hosted fields, tokenising in the browser: the card number, expiry and security code are read here
 * and turned into an opaque token (`sbx_<outcome>_<random>`, shared/domain/billing.ts) with the card's last four,
 * expiry and brand. Nothing else leaves the page: the number and the code are never sent anywhere.
 */
import { cardBrand, luhnValid, SANDBOX_TEST_CARDS, type SandboxCardOutcome } from '@shared/domain/billing';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export interface TokenisedCard {
  chargify_token: string;
  card_last4: string;
  card_exp_month: number;
  card_exp_year: number;
  card_brand: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

/** Digits only (people type spaces and dashes). */
const digits = (text: string) => text.replace(/[\s-]/g, '');

/** MM/YY or MM/YYYY → month and four-digit year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export function checkCard(input: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  if (!luhnValid(digits(input.number))) errors.number = 'Enter a valid card number.';
  const expiry = parseExpiry(input.expiry);
  if (!expiry) errors.expiry = 'Enter the expiry as MM/YY.';
  else if (expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    errors.expiry = 'This card has expired.';
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digits of the security code.';
  return errors;
}

/** The outcome a test card gives; any other valid number succeeds. */
function outcomeOf(number: string): SandboxCardOutcome {
  return SANDBOX_TEST_CARDS.find((card) => card.number === number)?.outcome ?? 'succeeds';
}

function randomPart(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The token and what may be kept of the card; call `checkCard` first. */
export function tokenise(input: CardInput): TokenisedCard {
  const number = digits(input.number);
  const expiry = parseExpiry(input.expiry);
  if (!expiry || !luhnValid(number)) throw new Error('tokenise a checked card only');
  return {
    chargify_token: `sbx_${outcomeOf(number)}_${randomPart()}`,
    card_last4: number.slice(-4),
    card_exp_month: expiry.month,
    card_exp_year: expiry.year,
    card_brand: cardBrand(number),
  };
}
