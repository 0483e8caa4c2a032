/**
 * Two instances of one deployment in one test process (issue 18 "Several instances"): two apps, each with its own
 * services and its own Redis connections, on one database and one Redis prefix — what two servers behind a load
 * balancer share, and nothing more. What one instance keeps that the other cannot see shows as a disagreement.
 * (cluster/instances.test.ts runs two real server processes the same way.)
 */
import { localCluster, redisCluster } from '../cluster';
import type { ServiceOverrides } from '../composition';
import type { ServerConfig } from '../config';
import { testRedisPrefix } from './redis';
import { openTestDatabase, type TestApp, testAppOn } from './testApp';

export interface TestInstances {
  a: TestApp;
  b: TestApp;
  /** Closes both apps, then the database they share. */
  close(): Promise<void>;
}

/**
 * Instances A and B on a fresh database of the test's own and the Redis at `redisUrl`, under a prefix of their
 * own — or, with `redisUrl` null, sharing the database alone (each its own local cluster: what must hold by the
 * database's guarantees). `services(name)` gives each instance its fakes (its own voice timers, say).
 */
export async function createTestInstances(
  redisUrl: string | null,
  overrides: Partial<ServerConfig> = {},
  services: (instance: 'a' | 'b') => Omit<ServiceOverrides, 'now' | 'cluster'> = () => ({}),
): Promise<TestInstances> {
  const { database, ids, drop } = await openTestDatabase();
  const prefix = testRedisPrefix();
  const settings = { ...overrides, redisUrl: redisUrl ?? undefined, redisPrefix: prefix };
  const instance = (name: 'a' | 'b') =>
    testAppOn(
      database,
      ids,
      settings,
      {
        ...services(name),
        cluster: redisUrl ? redisCluster(redisUrl, prefix) : localCluster(prefix),
      },
      async () => {},
    );
  const a = await instance('a');
  const b = await instance('b');
  // Both instances hear the topics they subscribed to before a test publishes on them.
  await Promise.all([a.ctx.cluster.ready(), b.ctx.cluster.ready()]);
  return {
    a,
    b,
    close: async () => {
      await Promise.all([a.close(), b.close()]);
      await database.close();
      await drop?.();
    },
  };
}
