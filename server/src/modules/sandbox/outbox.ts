/**
 * Outbound mail, texts and calls. Without SMTP or a carrier configured, everything lands in the sandbox outbox
 * (a table), where the demo, the tests and a platform admin can read it (`GET /api/sandbox/outbox`).
 */

import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export interface OutboxMessage {
  channel: 'mail' | 'sms' | 'call';
  to: string;
  from?: string;
  subject?: string;
  body: string;
  /** The company a text or call belongs to; null for mail to a person. */
  companyId?: number | null;
}

export interface Outbox {
  send(message: OutboxMessage): Promise<void>;
}

export function sandboxOutbox(db: Db): Outbox {
  return {
    async send(message) {
      await db.insert(outbox).values({
        channel: message.channel,
        to: message.to,
        from: message.from ?? null,
        subject: message.subject ?? null,
        body: message.body,
        company_id: message.companyId ?? null,
      });
    },
  };
}
