/**
 * Acts on one call take turns: in one process by the queue, and across two instances by the call's lock in
 * Redis (two queues, as two instances hold, over one Redis and prefix). Acts on different calls never wait for
 * each other, and an act that fails frees the call for the next.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisPrefix, testRedisUrl } from '../../testing/redis';
import { CallQueue, noCallLock, redisCallLock } from './callQueue';

const redisUrl = await testRedisUrl('call turns across instances over Redis');
let redis: Redis | undefined;
beforeAll(() => {
  if (redisUrl) redis = new Redis(redisUrl);
});
afterAll(async () => {
  await redis?.quit();
});

/** Two instances' queues: one process's queue twice, or two queues sharing a lock in Redis. */
function twoInstances(kind: 'one process' | 'two instances over Redis'): [CallQueue, CallQueue] {
  if (kind === 'one process') {
    const queue = new CallQueue(noCallLock);
    return [queue, queue];
  }
  const prefix = testRedisPrefix();
  const lock = () => redisCallLock(redis as Redis, (callId) => `${prefix}call-turn:${callId}`);
  return [new CallQueue(lock()), new CallQueue(lock())];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ['one process', true],
  ['two instances over Redis', redisUrl !== null],
] as const)('call turns in %s', (kind, available) => {
  it.runIf(available)('acts on one call never overlap, whichever queue they go through', async () => {
    const [a, b] = twoInstances(kind);
    const log: string[] = [];
    const act = (name: string) => async () => {
      log.push(`${name} starts`);
      await pause(5);
      log.push(`${name} ends`);
    };
    await Promise.all([0, 1, 2, 3, 4, 5].map((index) => (index % 2 ? a : b).run(7, act(`act ${index}`))));
    expect(log).toHaveLength(12);
    for (let index = 0; index < log.length; index += 2) {
      const name = log[index]?.replace(' starts', '');
      expect(log[index + 1], log.join(', ')).toBe(`${name} ends`);
    }
  });

  it.runIf(available)('acts on different calls do not wait for each other', async () => {
    const [a, b] = twoInstances(kind);
    const log: string[] = [];
    let release: () => void = () => {};
    let started: () => void = () => {};
    const callOneStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const held = a.run(1, async () => {
      log.push('call 1 starts');
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      log.push('call 1 ends');
    });
    await callOneStarted;
    await b.run(2, async () => {
      log.push('call 2 runs');
    });
    release();
    await held;
    expect(log).toEqual(['call 1 starts', 'call 2 runs', 'call 1 ends']);
  });

  it.runIf(available)('an act that fails frees the call for the next', async () => {
    const [a, b] = twoInstances(kind);
    await expect(
      a.run(3, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await b.run(3, async () => 'next')).toBe('next');
  });
});
