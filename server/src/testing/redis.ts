/**
 * Redis for the tests of what several instances share: TEST_REDIS_URL, else the one on 127.0.0.1:6379 when it
 * answers (CI's machine runs one). Without one, those tests are skipped with a loud line saying so, never passed.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

/** Whether something accepts connections at host:port (a service the tests could use). */
export function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 500 });
    socket.once('connect', () => resolve(!!socket.end()));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(!!socket.destroy() && false));
  });
}

/** The Redis to test against, or null (and a warning naming the skipped suite) when none answers. */
export async function testRedisUrl(suite: string): Promise<string | null> {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  if (await answers('127.0.0.1', 6379)) return 'redis://127.0.0.1:6379';
  console.warn(`\n!!! SKIPPED: ${suite} — no Redis answers on 127.0.0.1:6379 (set TEST_REDIS_URL) !!!\n`);
  return null;
}

/** A prefix of this run's own, so runs sharing a Redis never see each other's keys and topics. */
export function testRedisPrefix(): string {
  return `switchboard-test-${randomBytes(6).toString('hex')}:`;
}
