/**
 * The cluster (issue 18 "Several instances"): a message published by one instance reaches every instance's
 * subscribers, itself included, and nothing else's; keys carry the deployment's prefix. Over this process's
 * memory by default, and over a real Redis between two independent connections (two instances) when one answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { testRedisPrefix, testRedisUrl } from '../testing/redis';
import { type Cluster, localCluster, redactedUrl, redisCluster } from '.';

const redisUrl = await testRedisUrl('cluster over Redis');
const opened: Cluster[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((cluster) => cluster.close()));
});

/** Two instances of one deployment: over Redis two connections, locally the same process's cluster twice. */
function pair(kind: 'local' | 'redis'): [Cluster, Cluster] {
  if (kind === 'local') {
    const one = localCluster('p:');
    opened.push(one);
    return [one, one];
  }
  const prefix = testRedisPrefix();
  const a = redisCluster(redisUrl as string, prefix);
  const b = redisCluster(redisUrl as string, prefix);
  opened.push(a, b);
  return [a, b];
}

const until = async (check: () => boolean) => {
  for (let waited = 0; !check() && waited < 2_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
};

describe.each([
  ['local', true],
  ['redis', redisUrl !== null],
] as const)('the %s cluster', (kind, available) => {
  it.runIf(available)(
    'publishes to every subscriber of the topic, on every instance, and stops when asked',
    async () => {
      const [a, b] = pair(kind);
      const heardOnA: string[] = [];
      const heardOnB: string[] = [];
      const otherTopic: string[] = [];
      a.subscribe('events', (message) => heardOnA.push(message));
      const stopB = b.subscribe('events', (message) => heardOnB.push(message));
      b.subscribe('elsewhere', (message) => otherTopic.push(message));
      await Promise.all([a.ready(), b.ready()]);

      await a.publish('events', 'one');
      await until(() => heardOnA.length === 1 && heardOnB.length === 1);
      expect(heardOnA).toEqual(['one']);
      expect(heardOnB).toEqual(['one']);
      expect(otherTopic).toEqual([]);

      stopB();
      await b.ready();
      await b.publish('events', 'two');
      await until(() => heardOnA.length === 2);
      expect(heardOnA).toEqual(['one', 'two']);
      expect(heardOnB).toEqual(['one']);
    },
  );

  // What the cache of callers relies on: a change seen done on one instance is heard on the other before it
  // answers from what it remembers (http/callerCache.ts).
  it.runIf(available)(
    'once heardAllSoFar resolves, every message published before it has been heard',
    async () => {
      const [a, b] = pair(kind);
      const heardOnB: string[] = [];
      b.subscribe('events', (message) => heardOnB.push(message));
      await b.ready();
      for (let i = 0; i < 20; i++) {
        await a.publish('events', `m${i}`);
        await b.heardAllSoFar();
        expect(heardOnB).toHaveLength(i + 1);
      }
    },
  );

  it.runIf(available)('names keys under the deployment prefix', () => {
    const [a] = pair(kind);
    expect(a.key('throttle', 'ada@example.com')).toMatch(/^[\w-]+:throttle:ada@example\.com$/);
    expect(a.kind).toBe(kind);
    expect(a.redis === null).toBe(kind === 'local');
  });
});

it.runIf(redisUrl !== null)(
  'says when it stops hearing the others, and when it hears them again',
  async () => {
    const prefix = testRedisPrefix();
    const cluster = redisCluster(redisUrl as string, prefix);
    opened.push(cluster);
    let resumed = 0;
    cluster.onHearingResumed(() => resumed++);
    cluster.subscribe('events', () => {});
    await cluster.ready();
    await until(() => cluster.hearing());
    expect(cluster.hearing()).toBe(true);

    // The listening connection is cut (a network blip): ioredis reconnects and subscribes again by itself.
    const clients = String(await cluster.redis?.call('CLIENT', 'LIST'));
    const id = /id=(\d+) .*name=(\S+)/g;
    const listener = [...clients.matchAll(id)].find((match) => match[2] === `${prefix}listener`)?.[1];
    expect(listener, 'the listening connection is named in CLIENT LIST').toMatch(/^\d+$/);
    await cluster.redis?.call('CLIENT', 'KILL', 'ID', listener as string);
    await until(() => resumed === 1);
    expect(resumed).toBe(1);
    expect(cluster.hearing()).toBe(true);
  },
);

it('keeps a Redis password out of log lines', () => {
  expect(redactedUrl('redis://user:s3cret@cache:6379/0')).toBe('redis://user:***@cache:6379/0');
  expect(redactedUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
});
