/**
 * The outbox: where the platform's outbound mail, texts and calls go when nothing real is configured to carry
 * them. The interface lives here so the lower layers (the context, the carriers) can name it without importing
 * a module; the sandbox's implementation, a table anyone can read, is modules/sandbox/outbox.ts.
 */

export interface OutboxMessage {
  channel: 'mail' | 'sms' | 'call';
  to: string;
  from?: string;
  subject?: string;
  body: string;
  /** The company a text or call belongs to; null for mail to a person. */
  companyId?: number | null;
  /** A text's sender reference and the sid the sandbox gave it (campaign sends ask for them after a crash). */
  reference?: string;
  sid?: string;
}

export interface Outbox {
  send(message: OutboxMessage): Promise<void>;
  /** The text sent with this reference, if any: its sid. */
  findByReference(reference: string): Promise<{ sid: string | null } | null>;
}
