/**
 * What the payment form asks of either provider's hosted fields (./SandboxCardFields.tsx, ./MaxioCardFields.tsx):
 * `read()` tokenises the card and answers what the server is sent. Chargify.js tokenises by asking Maxio, so the
 * answer is a promise; the sandbox's is ready at once. The sandbox knows the card's last four, expiry and brand;
 * Chargify.js answers the token alone, and the server reads the rest from Maxio's vaulted payment profile.
 */
import type { TokenisedCard } from './sandboxCard';

export type HostedCard = TokenisedCard | Pick<TokenisedCard, 'chargify_token'>;

export interface CardFieldsHandle {
  /** The tokenised card, or null when the fields hold no valid card (their messages then show). */
  read(): Promise<HostedCard | null>;
}
