/**
 * Outbound mail, texts and calls. Without SMTP or a carrier configured, everything lands in the sandbox outbox
 * (a table), where the demo, the tests and a platform admin can read it (`GET /api/sandbox/outbox`).
 * The interface is services/outbox.ts; the composition root builds this one.
 */

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { Outbox } from '../../services/outbox';

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
        reference: message.reference ?? null,
        sid: message.sid ?? null,
      });
    },
    async findByReference(reference) {
      const [row] = await db
        .select({ sid: outbox.sid })
        .from(outbox)
        .where(eq(outbox.reference, reference))
        .limit(1);
      return row ?? null;
    },
  };
}
