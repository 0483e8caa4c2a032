/**
 * The collision notice: the presence board's rules (who is present, when the others are told) as a table, the
 * same over this process's memory and over Redis; the report route against the real app — answers, realtime
 * events, roles and companies; and two instances of one deployment, where a report taken by one is seen by the
 * other.
 */
import { CONVERSATION_PRESENCE_ENDPOINTS, type PresenceReport } from '@shared/api/conversationPresence';
import { collisionNotice, othersPresent, PRESENCE_TTL_MS } from '@shared/domain/conversationPresence';
import { channels, EVENTS } from '@shared/realtime';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInstances, type TestInstances } from '../../../testing/instances';
import { testRedisPrefix, testRedisUrl } from '../../../testing/redis';
import { publishedEvents, sharedTestApp } from '../../../testing/testApp';
import { findOrCreateConversation } from '../store';
import { memoryPresenceBoard, type PresenceBoard, redisPresenceBoard } from './service';

const redisUrl = await testRedisUrl('conversation presence over Redis');
let redis: Redis | undefined;
beforeAll(() => {
  if (redisUrl) redis = new Redis(redisUrl);
});
afterAll(async () => {
  await redis?.quit();
});

/** A fresh board of its own: memory, or keys under a prefix no other test uses. */
const boards: Record<'memory' | 'redis', () => PresenceBoard> = {
  memory: () => memoryPresenceBoard(),
  redis: () => {
    const prefix = testRedisPrefix();
    return redisPresenceBoard(redis as Redis, (id) => `${prefix}presence:${id}`);
  },
};

const DANA = { id: 1, name: 'Dana' };
const SAM = { id: 2, name: 'Sam' };
const T0 = Date.parse('2026-11-20T15:00:00Z');

describe.each([
  ['memory', true],
  ['redis', redisUrl !== null],
] as const)('the presence board in %s', (kind, available) => {
  type Step = [who: typeof DANA, state: PresenceReport, at: number, present: string[], publish: boolean];
  const cases: { name: string; steps: Step[] }[] = [
    {
      name: 'a first view is published; a heartbeat well within the time is not; one past half of it is',
      steps: [
        [DANA, 'viewing', 0, ['Dana'], true],
        [DANA, 'viewing', 10_000, ['Dana'], false],
        [DANA, 'viewing', PRESENCE_TTL_MS.viewing / 2, ['Dana'], true],
      ],
    },
    {
      name: 'typing is published when it starts, and again only when the others’ copy would run out',
      steps: [
        [DANA, 'viewing', 0, ['Dana'], true],
        [DANA, 'typing', 1_000, ['Dana'], true],
        [DANA, 'typing', 2_000, ['Dana'], false],
        [DANA, 'typing', 1_000 + PRESENCE_TTL_MS.typing / 2, ['Dana'], true],
      ],
    },
    {
      name: 'a second person is published; leaving is published and forgets them; leaving twice is not',
      steps: [
        [DANA, 'viewing', 0, ['Dana'], true],
        [SAM, 'viewing', 1_000, ['Dana', 'Sam'], true],
        [SAM, 'left', 2_000, ['Dana'], true],
        [SAM, 'left', 3_000, ['Dana'], false],
      ],
    },
    {
      name: 'someone who stopped reporting is gone once their time runs out',
      steps: [
        [DANA, 'viewing', 0, ['Dana'], true],
        [SAM, 'viewing', PRESENCE_TTL_MS.viewing + 1, ['Sam'], true],
      ],
    },
  ];
  it.runIf(available).each(cases)('$name', async ({ steps }) => {
    const board = boards[kind]();
    for (const [who, state, at, present, publish] of steps) {
      const result = await board.report(7, who, state, T0 + at);
      expect(result.presence.people.map((person) => person.name)).toEqual(present);
      expect(result.publish, `${who.name} ${state} at ${at}`).toBe(publish);
    }
  });

  it.runIf(available)('typing lapses back to viewing after its time', async () => {
    const board = boards[kind]();
    await board.report(7, DANA, 'typing', T0);
    const { presence } = await board.report(7, SAM, 'viewing', T0 + 1_000);
    expect(othersPresent(presence, SAM.id, new Date(T0 + 2_000))).toEqual([
      { user_id: DANA.id, name: 'Dana', typing: true },
    ]);
    expect(othersPresent(presence, SAM.id, new Date(T0 + PRESENCE_TTL_MS.typing + 1))).toEqual([
      { user_id: DANA.id, name: 'Dana', typing: false },
    ]);
    expect(othersPresent(presence, SAM.id, new Date(T0 + PRESENCE_TTL_MS.viewing + 1))).toEqual([]);
  });
});

describe('collisionNotice', () => {
  it.each([
    [[], null],
    [[{ name: 'Dana', typing: false }], 'Dana is viewing this conversation.'],
    [[{ name: 'Dana', typing: true }], 'Dana is typing a reply.'],
    [
      [
        { name: 'Dana', typing: true },
        { name: 'Sam', typing: false },
        { name: 'Lee', typing: false },
      ],
      'Dana is typing a reply; Sam and Lee are viewing this conversation.',
    ],
    [
      [
        { name: 'Dana', typing: true },
        { name: 'Sam', typing: true },
        { name: 'Lee', typing: true },
      ],
      'Dana, Sam and Lee are typing a reply.',
    ],
  ])('%j → %s', (people, notice) => {
    expect(collisionNotice(people)).toBe(notice);
  });
});

describe('POST /conversations/{id}/presence', () => {
  const t = sharedTestApp();
  const events = publishedEvents(t);
  let conversationId: number;
  let otherConversationId: number;
  beforeAll(async () => {
    const conversationOf = async (companyId: number, numberId: number, recipient: string) =>
      (await findOrCreateConversation(t.ctx.db, { companyId, numberId, recipient })).id;
    conversationId = await conversationOf(
      t.ids.companies.demoMotors,
      t.ids.numbers.motorsMain,
      '+12065557901',
    );
    otherConversationId = await conversationOf(
      t.ids.companies.otherCo,
      t.ids.numbers.otherMain,
      '+12065557902',
    );
  });

  const report = (email: string, state: PresenceReport, id = conversationId) =>
    t.as(email, { method: 'POST', url: `/api/conversations/${id}/presence`, payload: { state } });

  it('answers and publishes who is present, on the company’s conversations channel', async () => {
    events.length = 0;
    const viewing = await report('agent@demo.test', 'viewing');
    expect(viewing.statusCode, viewing.body).toBe(200);
    const typing = await report('admin@demo.test', 'typing');
    const presence = CONVERSATION_PRESENCE_ENDPOINTS.report.response.parse(typing.json());
    expect(presence.conversation_id).toBe(conversationId);
    expect(presence.people).toHaveLength(2);
    expect(presence.people.find((person) => person.typing_until !== null)?.user_id).not.toBe(
      presence.people.find((person) => person.typing_until === null)?.user_id,
    );
    const published = events.filter((event) => event.event === EVENTS.conversationPresence);
    expect(published).toHaveLength(2);
    expect(
      published.every((event) => event.channel === channels.conversations(t.ids.companies.demoMotors)),
    ).toBe(true);
    expect(published.at(-1)?.payload).toEqual(presence);

    const left = await report('admin@demo.test', 'left');
    expect(CONVERSATION_PRESENCE_ENDPOINTS.report.response.parse(left.json()).people).toHaveLength(1);
  });

  it('another company’s conversation is 404; a role that does not use the inbox is 403; a bad state is 422', async () => {
    expect((await report('agent@demo.test', 'viewing', otherConversationId)).statusCode).toBe(404);
    expect((await report('billing@demo.test', 'viewing')).statusCode).toBe(403);
    const bad = await t.as('agent@demo.test', {
      method: 'POST',
      url: `/api/conversations/${conversationId}/presence`,
      payload: { state: 'dancing' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.state).toBeDefined();
  });
});

describe.runIf(redisUrl)('two instances of one deployment', () => {
  let instances: TestInstances;
  let conversationId: number;
  beforeAll(async () => {
    instances = await createTestInstances(redisUrl as string);
    const { a } = instances;
    conversationId = (
      await findOrCreateConversation(a.ctx.db, {
        companyId: a.ids.companies.demoMotors,
        numberId: a.ids.numbers.motorsMain,
        recipient: '+12065557903',
      })
    ).id;
  });
  afterAll(async () => {
    await instances?.close();
  });

  const report = (instance: 'a' | 'b', email: string, state: PresenceReport) =>
    instances[instance].as(email, {
      method: 'POST',
      url: `/api/conversations/${conversationId}/presence`,
      payload: { state },
    });
  const present = (response: { json(): unknown }) =>
    CONVERSATION_PRESENCE_ENDPOINTS.report.response
      .parse(response.json())
      .people.map((person) => ({ user_id: person.user_id, typing: person.typing_until !== null }));

  it('see each other’s reports: viewing and typing on A are seen on B, leaving on B is seen on A', async () => {
    const agent = instances.a.ids.users['agent@demo.test'];
    const admin = instances.a.ids.users['admin@demo.test'];
    expect((await report('a', 'agent@demo.test', 'typing')).statusCode).toBe(200);
    const onB = await report('b', 'admin@demo.test', 'viewing');
    expect(present(onB)).toEqual([
      { user_id: agent, typing: true },
      { user_id: admin, typing: false },
    ]);
    expect(present(await report('b', 'agent@demo.test', 'left'))).toEqual([
      { user_id: admin, typing: false },
    ]);
    expect(present(await report('a', 'admin@demo.test', 'viewing'))).toEqual([
      { user_id: admin, typing: false },
    ]);
  });

  it('tell the others once: a heartbeat on B right after one on A is not published again', async () => {
    const prefix = testRedisPrefix();
    // Two boards on one Redis and prefix are what two instances hold.
    const [onA, onB] = [1, 2].map(() =>
      redisPresenceBoard(redis as Redis, (id) => `${prefix}presence:${id}`),
    ) as [PresenceBoard, PresenceBoard];
    expect((await onA.report(7, DANA, 'viewing', T0)).publish).toBe(true);
    expect((await onB.report(7, DANA, 'viewing', T0 + 1_000)).publish).toBe(false);
    expect((await onB.report(7, DANA, 'typing', T0 + 2_000)).publish).toBe(true);
    expect((await onA.report(7, DANA, 'typing', T0 + 3_000)).publish).toBe(false);
  });
});
