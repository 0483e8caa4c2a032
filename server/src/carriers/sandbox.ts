/**
 * The built-in sandbox carrier: nothing leaves the machine. Each send is recorded in the sandbox outbox (channel
 * 'sms', the company, to, from, and the body followed by one `[media] <url>` line per attachment), answered with
 * a made-up sid `SB…`, and "delivered" a moment later (`receiptDelayMs`, 300 ms by default) through the
 * sender's `onReceipt`.
 *
 * A send given a `reference` keeps it in the outbox with its sid, so `findSent` can say whether it happened.
 *
 * Failure scenario: a recipient number ending in 0199 (e.g. +1 202 555 0199) is unreachable — its receipt is
 * `failed` with error code 30006 (Twilio's "landline or unreachable carrier"), so the demo and the tests can show
 * a failed delivery.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Outbox } from '../services/outbox';
import type { Carrier, DeliveryReceipt, SendMessageInput } from './types';

/** Recipients whose number ends in this fail delivery with SANDBOX_FAILURE_CODE. */
export const SANDBOX_FAILING_SUFFIX = '0199';
export const SANDBOX_FAILURE_CODE = '30006';
export const SANDBOX_RECEIPT_DELAY_MS = 300;

export interface SandboxCarrierOptions {
  /** How long after a send its receipt arrives; tests pass 0. */
  receiptDelayMs?: number;
  /** Told when a receipt handler throws (it runs outside any request); the default swallows it. */
  onReceiptError?: (error: unknown) => void;
}

export function sandboxSid(): string {
  return `SB${randomBytes(16).toString('hex')}`;
}

/** The receipt the sandbox gives a send to `to`. */
export function sandboxReceipt(sid: string, to: string): DeliveryReceipt {
  return to.endsWith(SANDBOX_FAILING_SUFFIX)
    ? { sid, state: 'failed', errorCode: SANDBOX_FAILURE_CODE }
    : { sid, state: 'delivered', errorCode: null };
}

export function sandboxCarrier(outbox: Outbox, options: SandboxCarrierOptions = {}): Carrier {
  const delay = options.receiptDelayMs ?? SANDBOX_RECEIPT_DELAY_MS;
  function deliverReceipt(sid: string, to: string, onReceipt: SendMessageInput['onReceipt']): void {
    if (!onReceipt) return;
    const timer = setTimeout(() => {
      Promise.resolve()
        .then(() => onReceipt(sandboxReceipt(sid, to)))
        .catch((error: unknown) => options.onReceiptError?.(error));
    }, delay);
    // A pending receipt never keeps the process (or a test run) alive.
    timer.unref?.();
  }
  return {
    name: 'sandbox',
    async sendMessage(input) {
      const sid = sandboxSid();
      const mediaLines = input.media.map((media) => `[media] ${media.url}`);
      await outbox.send({
        channel: 'sms',
        companyId: input.companyId,
        to: input.to,
        from: input.from,
        body: [input.body, ...mediaLines].filter(Boolean).join('\n'),
        ...(input.reference ? { reference: input.reference, sid } : {}),
      });
      deliverReceipt(sid, input.to, input.onReceipt);
      return { sid, state: 'queued' };
    },
    async findSent(query) {
      const sent = await outbox.findByReference(query.reference);
      if (!sent?.sid) return null;
      // The sender died before the receipt came; the sandbox network delivers it again, as Twilio would post it.
      deliverReceipt(sent.sid, query.to, query.onReceipt);
      return { sid: sent.sid };
    },
    validateWebhook(_request: FastifyRequest) {
      return false;
    },
  };
}
