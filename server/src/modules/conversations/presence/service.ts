/**
 * The inbox's collision notice: who is viewing or typing in a conversation (shared/api/conversationPresence.ts).
 * Reports are seconds-long facts, not records, so they are kept with their expiry outside the database: in this
 * process's memory when it is the only server, in the cluster's Redis when several instances share the work (a
 * report taken by one must be seen by the others). A change of who is present is published at once; a mere
 * heartbeat only when the others' copy would otherwise run out before the next one. The rules are one function
 * (`takeReport`) whichever store keeps the reports.
 */
import type { ConversationPresence, PresenceReport } from '@shared/api/conversationPresence';
import { PRESENCE_TTL_MS } from '@shared/domain/conversationPresence';
import { channels, EVENTS } from '@shared/realtime';
import type { Redis } from 'ioredis';
import type { Cluster } from '../../../cluster';
import type { AppContext } from '../../../http/context';

/** One person's presence in a conversation, as a store keeps it (times in ms). */
interface Presence {
  name: string;
  viewingUntil: number;
  typingUntil: number | null;
  /** The times the others were last told, to decide whether a heartbeat must be published. */
  published: { viewingUntil: number; typingUntil: number | null };
}

/** The people present in one conversation, by user id, in the order they came. */
type People = Map<number, Presence>;

/** Who is present in each conversation: one report at a time, answered with who is present after it. */
export interface PresenceBoard {
  /**
   * Takes one report at `now`; answers who is present afterwards and whether the others must be told (someone
   * came, left, started typing, or their published time would run out before their next report).
   */
  report(
    conversationId: number,
    user: { id: number; name: string },
    state: PresenceReport,
    now: number,
  ): Promise<{ presence: ConversationPresence; publish: boolean }>;
}

/**
 * The rules: `people` after one report at `now` (those whose viewing ran out are forgotten first), whether it
 * must be published, and the reporter's entry afterwards (null once they left).
 */
function takeReport(
  people: People,
  user: { id: number; name: string },
  state: PresenceReport,
  now: number,
): { publish: boolean; entry: Presence | null } {
  for (const [userId, person] of people) if (person.viewingUntil <= now) people.delete(userId);
  const before = people.get(user.id);
  if (state === 'left') return { publish: people.delete(user.id), entry: null };
  const viewingUntil = now + PRESENCE_TTL_MS.viewing;
  const typingUntil =
    state === 'typing'
      ? now + PRESENCE_TTL_MS.typing
      : before?.typingUntil && before.typingUntil > now
        ? before.typingUntil
        : null;
  const published = before?.published ?? { viewingUntil: 0, typingUntil: null };
  const publish =
    !before ||
    viewingUntil - published.viewingUntil >= PRESENCE_TTL_MS.viewing / 2 ||
    (typingUntil !== null &&
      (published.typingUntil === null ||
        published.typingUntil <= now ||
        typingUntil - published.typingUntil >= PRESENCE_TTL_MS.typing / 2));
  const entry: Presence = {
    name: user.name,
    viewingUntil,
    typingUntil,
    published: publish ? { viewingUntil, typingUntil } : published,
  };
  people.set(user.id, entry);
  return { publish, entry };
}

function view(conversationId: number, people: People): ConversationPresence {
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

/** Reports in this process's memory: the single-instance default. */
export function memoryPresenceBoard(): PresenceBoard {
  const conversations = new Map<number, People>();
  return {
    async report(conversationId, user, state, now) {
      const people = conversations.get(conversationId) ?? new Map<number, Presence>();
      const { publish } = takeReport(people, user, state, now);
      if (people.size === 0) conversations.delete(conversationId);
      else conversations.set(conversationId, people);
      return { presence: view(conversationId, people), publish };
    },
  };
}

/**
 * Writes one reporter's entry (or deletes it: an empty entry) and forgets whoever's viewing ran out by `now`,
 * in one step, so a report on another instance between the read and this write is never lost; the hash expires
 * a viewing's time after its last report.
 * KEYS[1] the conversation's hash; ARGV: the reporter's user id, their entry (JSON, or ''), now, the expiry (ms).
 */
const WRITE_PRESENCE = `
local key = KEYS[1]
if ARGV[2] == '' then redis.call('HDEL', key, ARGV[1]) else redis.call('HSET', key, ARGV[1], ARGV[2]) end
local now = tonumber(ARGV[3])
local all = redis.call('HGETALL', key)
for i = 1, #all, 2 do
  local ok, person = pcall(cjson.decode, all[i + 1])
  if not ok or type(person) ~= 'table' or tonumber(person.viewingUntil) == nil
    or tonumber(person.viewingUntil) <= now then
    redis.call('HDEL', key, all[i])
  end
end
if redis.call('HLEN', key) > 0 then redis.call('PEXPIRE', key, ARGV[4]) end
return 1
`;

type WithPresenceScript = Redis & {
  writePresence(key: string, userId: string, entry: string, now: number, expireMs: number): Promise<number>;
};

/**
 * Reports in the cluster's Redis, shared by every instance: a hash per conversation (`keyOf(id)`), one field
 * per person present (their entry as JSON), read whole, and written by the script above.
 */
export function redisPresenceBoard(redis: Redis, keyOf: (conversationId: number) => string): PresenceBoard {
  const scripted = redis as WithPresenceScript;
  if (typeof scripted.writePresence !== 'function')
    redis.defineCommand('writePresence', { numberOfKeys: 1, lua: WRITE_PRESENCE });
  return {
    async report(conversationId, user, state, now) {
      const key = keyOf(conversationId);
      const people: People = new Map();
      for (const [userId, json] of Object.entries(await redis.hgetall(key))) {
        people.set(Number(userId), JSON.parse(json) as Presence);
      }
      const { publish, entry } = takeReport(people, user, state, now);
      await scripted.writePresence(
        key,
        String(user.id),
        entry ? JSON.stringify(entry) : '',
        now,
        PRESENCE_TTL_MS.viewing,
      );
      return { presence: view(conversationId, people), publish };
    },
  };
}

/** The board of this deployment: in the cluster's Redis when there is one, else in memory. */
export function presenceBoardFor(cluster: Cluster): PresenceBoard {
  return cluster.redis
    ? redisPresenceBoard(cluster.redis, (conversationId) => cluster.key('presence', conversationId))
    : memoryPresenceBoard();
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
  const { presence, publish } = await board.report(conversationId, user, state, ctx.now().getTime());
  if (publish)
    await ctx.realtime.publish(channels.conversations(companyId), EVENTS.conversationPresence, presence);
  return presence;
}
