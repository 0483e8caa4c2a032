/**
 * The inbox's collision notice: who is viewing or typing in a conversation (shared/api/conversationPresence.ts).
 * Reports are kept in this process's memory with their expiry — they are seconds-long facts, not records — so a
 * deployment of several servers behind one load balancer would need them in a shared store (Redis) instead; with
 * one server (the embedded default) memory is the truth. A change of who is present is published at once; a mere
 * heartbeat only when the others' copy would otherwise run out before the next one.
 */
import type { ConversationPresence, PresenceReport } from '@shared/api/conversationPresence';
import { PRESENCE_TTL_MS } from '@shared/domain/conversationPresence';
import { channels, EVENTS } from '@shared/realtime';
import type { AppContext } from '../../../http/context';

interface Presence {
  name: string;
  viewingUntil: number;
  typingUntil: number | null;
  /** The times the others were last told, to decide whether a heartbeat must be published. */
  published: { viewingUntil: number; typingUntil: number | null };
}

/** Everyone present in each conversation (by id), by user id. */
export class PresenceBoard {
  private readonly conversations = new Map<number, Map<number, Presence>>();

  /**
   * Takes one report at `now`; answers who is present afterwards and whether the others must be told (someone
   * came, left, started typing, or their published time would run out before their next report).
   */
  report(
    conversationId: number,
    user: { id: number; name: string },
    state: PresenceReport,
    now: number,
  ): { presence: ConversationPresence; publish: boolean } {
    const people = this.present(conversationId, now);
    const before = people.get(user.id);
    let publish = false;
    if (state === 'left') {
      publish = people.delete(user.id);
    } else {
      const viewingUntil = now + PRESENCE_TTL_MS.viewing;
      const typingUntil =
        state === 'typing'
          ? now + PRESENCE_TTL_MS.typing
          : before?.typingUntil && before.typingUntil > now
            ? before.typingUntil
            : null;
      const published = before?.published ?? { viewingUntil: 0, typingUntil: null };
      publish =
        !before ||
        viewingUntil - published.viewingUntil >= PRESENCE_TTL_MS.viewing / 2 ||
        (typingUntil !== null &&
          (published.typingUntil === null ||
            published.typingUntil <= now ||
            typingUntil - published.typingUntil >= PRESENCE_TTL_MS.typing / 2));
      const entry: Presence = { name: user.name, viewingUntil, typingUntil, published };
      if (publish) entry.published = { viewingUntil, typingUntil };
      people.set(user.id, entry);
    }
    if (people.size === 0) this.conversations.delete(conversationId);
    else this.conversations.set(conversationId, people);
    return { presence: this.view(conversationId, people), publish };
  }

  /** The people of a conversation whose viewing has not run out at `now` (the others are forgotten). */
  private present(conversationId: number, now: number): Map<number, Presence> {
    const people = this.conversations.get(conversationId) ?? new Map<number, Presence>();
    for (const [userId, person] of people) if (person.viewingUntil <= now) people.delete(userId);
    return people;
  }

  private view(conversationId: number, people: Map<number, Presence>): ConversationPresence {
    return {
      conversation_id: conversationId,
      people: [...people].map(([user_id, person]) => ({
        user_id,
        name: person.name,
        viewing_until: new Date(person.viewingUntil).toISOString(),
        typing_until: person.typingUntil === null ? null : new Date(person.typingUntil).toISOString(),
      })),
    };
  }
}

/** Takes one user's report on a conversation of the company; publishes it when the others must be told. */
export async function reportPresence(
  ctx: AppContext,
  board: PresenceBoard,
  companyId: number,
  conversationId: number,
  user: { id: number; name: string },
  state: PresenceReport,
): Promise<ConversationPresence> {
  const { presence, publish } = board.report(conversationId, user, state, ctx.now().getTime());
  if (publish)
    await ctx.realtime.publish(channels.conversations(companyId), EVENTS.conversationPresence, presence);
  return presence;
}
