/**
 * The sandbox network on two instances of one deployment: a call placed through one is answered, declined or
 * timed out through either. Of two agents answering one ringing call through A and B at once exactly one wins —
 * by the database's conditional claim alone (instances sharing only the database) and with the call's lock in
 * Redis — a ring's timeout left on the instance where it rang does nothing once the call was answered through
 * the other, and (with the lock) a decline racing an answer cannot put the call back to ringing. Runs on both databases (the PostgreSQL project is the one where the two instances really race).
 */
import { VOICE_MESSAGES } from '@shared/api/voice';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../../db/schema';
import { createTestInstances, type TestInstances } from '../../../testing/instances';
import { testRedisUrl } from '../../../testing/redis';
import { IN_APP_LINE } from '../testing';
import { type ManualTimers, manualTimers } from './timers';

const redisUrl = await testRedisUrl('the sandbox network on two instances sharing Redis');
const AGENTS = { 'agent@demo.test': 'Aria Agent', 'agent2@demo.test': 'Andre Agent' } as const;
type Agent = keyof typeof AGENTS;
const ROUNDS = 6;

describe.each([
  ['sharing only the database', null, true],
  ['sharing the database and Redis', redisUrl, redisUrl !== null],
] as const)('two instances %s', (name, redis, available) => {
  let instances: TestInstances;
  const timers: Record<'a' | 'b', ManualTimers> = { a: manualTimers(), b: manualTimers() };
  beforeAll(async () => {
    if (!available) return;
    instances = await createTestInstances(redis, {}, (name) => ({ voiceTimers: timers[name] }));
  });
  afterAll(async () => {
    await instances?.close();
  });

  const place = async () => {
    const response = await instances.a.as('owner@demo.test', {
      method: 'POST',
      url: '/api/sandbox/calls',
      payload: { from: '+12125550177', to: IN_APP_LINE, voicemail: false },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const act = (instance: 'a' | 'b', as: Agent, id: number, what: string, payload?: object) =>
    instances[instance].as(as, {
      method: 'POST',
      url: `/api/sandbox/calls/${id}/${what}`,
      ...(payload ? { payload } : {}),
    });
  const record = async (id: number) => {
    const [row] = await instances.a.ctx.db.select().from(calls).where(eq(calls.id, id));
    if (!row) throw new Error(`no call ${id}`);
    return row;
  };
  const settle = () =>
    Promise.all([instances.a.ctx.voice.sandbox.settled(), instances.b.ctx.voice.sandbox.settled()]);

  it.runIf(available)(
    `of two agents answering one ringing call through A and B at once, exactly one wins (${ROUNDS} rounds)`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const id = await place();
        // Alternate who goes through which instance, and who asks first.
        const [onA, onB]: [Agent, Agent] =
          round % 2 ? ['agent@demo.test', 'agent2@demo.test'] : ['agent2@demo.test', 'agent@demo.test'];
        const answers = await Promise.all([act('a', onA, id, 'answer'), act('b', onB, id, 'answer')]);
        expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
        const winner = answers[0]?.statusCode === 200 ? onA : onB;
        const loser = answers.find((answer) => answer.statusCode === 409);
        expect(loser?.json().message).toBe(VOICE_MESSAGES.answeredBy(AGENTS[winner]));
        const call = await record(id);
        expect(call.user_id).toBe(instances.a.ids.users[winner]);
        expect(call.live?.phase).toBe('connected');
        // One Connected (12), the winner's.
        expect(call.events.filter((event) => event.status === 12)).toHaveLength(1);
        expect((await act('b', winner, id, 'hangup', { as: 'agent' })).statusCode).toBe(200);
        await settle();
        expect((await record(id)).live).toBeNull();
        timers.a.clear();
        timers.b.clear();
      }
    },
  );

  it.runIf(available)(
    'a ring’s timeout on the instance where it rang does nothing once the call was answered through the other',
    async () => {
      const id = await place();
      expect(timers.a.pending()).toHaveLength(1);
      expect((await act('b', 'agent@demo.test', id, 'answer')).statusCode).toBe(200);
      const before = await record(id);
      timers.a.fireNext();
      await settle();
      const after = await record(id);
      expect(after.live?.phase).toBe('connected');
      expect(after.user_id).toBe(before.user_id);
      expect(after.events).toEqual(before.events);
      expect((await act('a', 'agent@demo.test', id, 'hangup', { as: 'agent' })).statusCode).toBe(200);
      await settle();
      timers.a.clear();
      timers.b.clear();
    },
  );

  // Acts other than the claim are ordered across instances by the call's lock in Redis (several instances run
  // with REDIS_URL): without it a decline read before the answer could write the ring back over it.
  if (name !== 'sharing the database and Redis') return;
  it.runIf(available)(
    'a decline through B while A answers leaves the call answered, never ringing again',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const id = await place();
        const call = await record(id);
        const joinToken = call.live?.join_token ?? '';
        const [answered] = await Promise.all([
          act('a', 'agent@demo.test', id, 'answer'),
          instances.b.as('agent2@demo.test', {
            method: 'POST',
            url: `/api/companies/${call.company_id}/in-app-calling/calls/${id}/reject`,
            payload: { joinToken },
          }),
        ]);
        expect(answered?.statusCode, `round ${round}`).toBe(200);
        await settle();
        const after = await record(id);
        expect(after.live?.phase, `round ${round}`).toBe('connected');
        expect(after.user_id).toBe(instances.a.ids.users['agent@demo.test']);
        expect((await act('a', 'agent@demo.test', id, 'hangup', { as: 'agent' })).statusCode).toBe(200);
        await settle();
        timers.a.clear();
        timers.b.clear();
      }
    },
  );
});
