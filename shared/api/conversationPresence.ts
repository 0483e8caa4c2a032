/**
 * Collision notice (beyond the spec, as the best shared inboxes do): who else is looking at or typing in a
 * conversation, so two agents do not answer the same customer at once. Clients report through the API (the
 * realtime endpoint takes no client events): `viewing` as a heartbeat while the thread is open, `typing` while the
 * composer changes, `left` when the thread closes. The server answers and publishes `conversation.presence` on
 * the company's conversations channel with everyone present and until when, so a client whose colleague vanished
 * (a crash, a lost network) drops them on its own when their time runs out.
 */
import { z } from 'zod';
import { endpoint } from './contract';

/** How long a report of each kind counts without being repeated. */
export const PRESENCE_TTL_MS = { viewing: 30_000, typing: 6_000 } as const;
/** How often an open thread repeats `viewing`, and the least time between two `typing` reports. */
export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_TYPING_EVERY_MS = 2_000;

export const PRESENCE_REPORTS = ['viewing', 'typing', 'left'] as const;
export type PresenceReport = (typeof PRESENCE_REPORTS)[number];

export const PresentPersonSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** ISO times: viewing until, and typing until (null when not typing lately). */
  viewing_until: z.string(),
  typing_until: z.string().nullable(),
});
export type PresentPerson = z.infer<typeof PresentPersonSchema>;

export const ConversationPresenceSchema = z.object({
  conversation_id: z.number().int(),
  people: z.array(PresentPersonSchema),
});
/** The answer of the report, and the payload of the `conversation.presence` event. */
export type ConversationPresence = z.infer<typeof ConversationPresenceSchema>;

export const CONVERSATION_PRESENCE_ENDPOINTS = {
  report: endpoint({
    method: 'POST',
    path: '/conversations/{id}/presence',
    summary:
      'Reports that the caller is viewing, typing in, or has left a conversation; answers (and publishes) who is present.',
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: z.strictObject({ state: z.enum(PRESENCE_REPORTS) }),
    response: ConversationPresenceSchema,
  }),
};

/** Who, other than `me`, is present at `now`, and what they are doing — typing wins over viewing. */
export function othersPresent(
  presence: ConversationPresence | null | undefined,
  me: number,
  now: Date,
): { user_id: number; name: string; typing: boolean }[] {
  if (!presence) return [];
  const at = now.getTime();
  return presence.people
    .filter((person) => person.user_id !== me && Date.parse(person.viewing_until) > at)
    .map((person) => ({
      user_id: person.user_id,
      name: person.name,
      typing: person.typing_until !== null && Date.parse(person.typing_until) > at,
    }));
}

/** The notice shown above the composer: null when nobody else is there. */
export function collisionNotice(people: { name: string; typing: boolean }[]): string | null {
  if (!people.length) return null;
  const typing = people.filter((person) => person.typing).map((person) => person.name);
  const viewing = people.filter((person) => !person.typing).map((person) => person.name);
  const parts: string[] = [];
  if (typing.length) parts.push(`${listNames(typing)} ${typing.length === 1 ? 'is' : 'are'} typing a reply`);
  if (viewing.length)
    parts.push(`${listNames(viewing)} ${viewing.length === 1 ? 'is' : 'are'} viewing this conversation`);
  return `${parts.join('; ')}.`;
}

function listNames(names: string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
