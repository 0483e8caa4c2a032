/**
 * Acts on one call run one at a time, in the order they came (an answer, a timer firing, a hang-up), so no two
 * read the live state at once. In this process a queue per call orders them; when several instances share the
 * work, each act also holds the call's lock in the cluster's Redis (`redisCallLock`), so an agent declining
 * through one instance while another answers cannot write over the other's change. Each voice carrier (the
 * sandbox, Twilio) keeps one queue per server.
 *
 * The lock orders acts; it is not what makes an answer win. The claim of a ringing call is a conditional update
 * in the database (still ringing the same ring), which holds with any number of instances, Redis or not.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Cluster } from '../../cluster';
import { HttpError } from '../../lib/errors';

/** Runs an act while no other instance acts on the same call. */
export interface CallLock {
  holding<T>(callId: number, act: () => Promise<T>): Promise<T>;
}

/** One instance alone: the in-process queue is all the ordering there is. */
export const noCallLock: CallLock = { holding: (_callId, act) => act() };

/** How long a lock lasts unless renewed: an instance that died holding one frees the call after this. */
export const CALL_LOCK_LEASE_MS = 15_000;
/** How long an act waits for the call's lock before it gives up (503: try again). */
export const CALL_LOCK_WAIT_MS = 20_000;
const RETRY_MS = 15;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/**
 * The call's lock in Redis (`SET NX PX`, a token of this holder's own): taken before the act, renewed while it
 * runs, released after it only by its holder. Waiting acts retry every few milliseconds. Redis out of reach
 * does not stop calls: the act runs without the lock (the answer's claim still holds), and that is logged.
 */
export function redisCallLock(redis: Redis, keyOf: (callId: number) => string): CallLock {
  return {
    async holding(callId, act) {
      const key = keyOf(callId);
      const token = randomBytes(12).toString('hex');
      const giveUpAt = Date.now() + CALL_LOCK_WAIT_MS;
      for (;;) {
        let taken: boolean;
        try {
          taken = (await redis.set(key, token, 'PX', CALL_LOCK_LEASE_MS, 'NX')) === 'OK';
        } catch (error) {
          console.warn(`call ${callId}: acting without its lock, Redis failed: ${(error as Error).message}`);
          return act();
        }
        if (taken) break;
        if (Date.now() >= giveUpAt) {
          throw new HttpError(503, 'The call is busy with another action. Try again in a moment.');
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
      const renewal = setInterval(() => {
        redis.eval(RENEW, 1, key, token, CALL_LOCK_LEASE_MS).catch(() => undefined);
      }, CALL_LOCK_LEASE_MS / 3);
      renewal.unref?.();
      try {
        return await act();
      } finally {
        clearInterval(renewal);
        await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
      }
    },
  };
}

/** The lock of this deployment: in the cluster's Redis when there is one, else none (the queue suffices). */
export function callLockFor(cluster: Cluster): CallLock {
  const redis = cluster.redis;
  return redis ? redisCallLock(redis, (callId) => cluster.key('call-turn', callId)) : noCallLock;
}

export class CallQueue {
  private readonly queues = new Map<number, Promise<unknown>>();

  constructor(private readonly lock: CallLock = noCallLock) {}

  run<T>(callId: number, act: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(callId) ?? Promise.resolve();
    const locked = () => this.lock.holding(callId, act);
    const result = previous.then(locked, locked);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(callId, settled);
    void settled.then(() => {
      if (this.queues.get(callId) === settled) this.queues.delete(callId);
    });
    return result;
  }

  /** Resolves once every act under way has finished. */
  async settled(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }
}
