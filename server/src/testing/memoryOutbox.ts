/** An outbox in memory (unit tests of carriers and the composition root): what was sent, findable by reference. */
import type { Outbox, OutboxMessage } from '../services/outbox';

export function memoryOutbox(): { sent: OutboxMessage[]; outbox: Outbox } {
  const sent: OutboxMessage[] = [];
  return {
    sent,
    outbox: {
      send: async (message) => void sent.push(message),
      findByReference: async (reference) => {
        const found = sent.find((message) => message.reference === reference);
        return found ? { sid: found.sid ?? null } : null;
      },
    },
  };
}
