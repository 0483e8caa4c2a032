/**
 * The collision notice's rules (the contract is shared/api/conversationPresence.ts): how long a report counts,
 * how often a client repeats it, who counts as present at a moment, and the sentence the thread shows.
 */

/** One person present, as the server answers and publishes them (ISO times). */
interface PresentPerson {
  user_id: number;
  name: string;
  viewing_until: string;
  typing_until: string | null;
}

/** How long a report of each kind counts without being repeated. */
export const PRESENCE_TTL_MS = { viewing: 30_000, typing: 6_000 } as const;
/** How often an open thread repeats `viewing`, and the least time between two `typing` reports. */
export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_TYPING_EVERY_MS = 2_000;

/** Who, other than `me`, is present at `now`, and what they are doing — typing wins over viewing. */
export function othersPresent(
  presence: { people: readonly PresentPerson[] } | null | undefined,
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
