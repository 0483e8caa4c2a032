/**
 * What several server instances share (issue 18 "Several instances"). With REDIS_URL set, one Redis: commands
 * for shared state (the rate limiter's counters, sign-in throttling, conversation presence, …) and pub/sub for
 * what every instance must hear at once (realtime events to fan out to its sockets, caches to drop). Without
 * it, the single-instance default: the same interface over this process's memory.
 *
 * Keys and topics are named under one prefix (REDIS_PREFIX, default "switchboard:") so several deployments or
 * test runs can share a Redis without seeing each other's state: `cluster.key('throttle', email)`.
 */
import { Redis } from 'ioredis';

export type ClusterHandler = (message: string) => void;

export interface Cluster {
  /** 'redis' when state is shared with the other instances, 'local' when this process is the only one. */
  readonly kind: 'local' | 'redis';
  /** The Redis connection for commands (null when local): what the shared stores use. */
  readonly redis: Redis | null;
  /** The full name of a key under this deployment's prefix. */
  key(...parts: (string | number)[]): string;
  /** Tells every instance (this one included) `message` on `topic`. */
  publish(topic: string, message: string): Promise<void>;
  /** Hears `topic` from every instance; returns the unsubscribe function. */
  subscribe(topic: string, handler: ClusterHandler): () => void;
  /** Resolves once this instance is listening on every topic subscribed so far (Redis confirms each). */
  ready(): Promise<void>;
  /**
   * Whether this instance hears the others now (always, when local). While it does not, a message may be missed:
   * a cache kept by invalidation must not be trusted meanwhile.
   */
  hearing(): boolean;
  /** Runs `listener` each time hearing resumes after a break (what was published meanwhile was missed). */
  onHearingResumed(listener: () => void): () => void;
  /**
   * Resolves once this instance has heard every message published (by any instance) before the call: what a
   * cache kept by invalidation waits for before it trusts what it holds. At once when local; with Redis, a PING on
   * the listening connection, answered only after every message Redis sent there before it.
   */
  heardAllSoFar(): Promise<void>;
  close(): Promise<void>;
}

/** The default: one process, its own memory. Published messages reach this process's handlers only. */
export function localCluster(prefix = 'switchboard:'): Cluster {
  const handlers = new Map<string, Set<ClusterHandler>>();
  return {
    kind: 'local',
    redis: null,
    key: (...parts) => `${prefix}${parts.join(':')}`,
    async publish(topic, message) {
      for (const handler of [...(handlers.get(topic) ?? [])]) handler(message);
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set<ClusterHandler>();
      set.add(handler);
      handlers.set(topic, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(topic);
      };
    },
    ready: async () => {},
    hearing: () => true,
    onHearingResumed: () => () => {},
    // Publishing calls the handlers before it returns: nothing published is still on its way.
    heardAllSoFar: async () => {},
    close: async () => handlers.clear(),
  };
}

/**
 * Shared through Redis: one connection for commands and publishing, one in subscriber mode (Redis allows no
 * other command on it). ioredis reconnects by itself and subscribes again to what it was subscribed to.
 */
export function redisCluster(url: string, prefix = 'switchboard:'): Cluster {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  // Named, so an operator (or a test) can tell the instance's listening connection in CLIENT LIST.
  const subscriber = redis.duplicate({ connectionName: `${prefix}listener` });
  // A lost connection is retried by ioredis; say so once per outage instead of crashing on the 'error' event.
  let warned = false;
  for (const connection of [redis, subscriber]) {
    connection.on('error', (error: Error) => {
      if (!warned) console.warn(`Redis at ${redactedUrl(url)}: ${error.message} (retrying)`);
      warned = true;
    });
    connection.on('ready', () => {
      warned = false;
    });
  }
  const handlers = new Map<string, Set<ClusterHandler>>();
  const pending = new Set<Promise<unknown>>();
  // ioredis subscribes again by itself on reconnecting; whoever relies on hearing everything is told it may not have.
  const resumed = new Set<() => void>();
  let firstReady = true;
  subscriber.on('ready', () => {
    if (firstReady) firstReady = false;
    else for (const listener of [...resumed]) listener();
  });
  const channel = (topic: string) => `${prefix}topic:${topic}`;
  subscriber.on('message', (name: string, message: string) => {
    const topic = name.slice(`${prefix}topic:`.length);
    for (const handler of [...(handlers.get(topic) ?? [])]) handler(message);
  });
  const track = (promise: Promise<unknown>) => {
    const settled = promise.catch(() => undefined).finally(() => pending.delete(settled));
    pending.add(settled);
  };
  return {
    kind: 'redis',
    redis,
    key: (...parts) => `${prefix}${parts.join(':')}`,
    async publish(topic, message) {
      await redis.publish(channel(topic), message);
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        track(subscriber.subscribe(channel(topic)));
      }
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(topic) === set) {
          handlers.delete(topic);
          track(subscriber.unsubscribe(channel(topic)));
        }
      };
    },
    async ready() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    hearing: () => redis.status === 'ready' && subscriber.status === 'ready',
    onHearingResumed(listener) {
      resumed.add(listener);
      return () => resumed.delete(listener);
    },
    async heardAllSoFar() {
      // One connection answers in order, and ioredis hands each message to its handlers as it reads it.
      await subscriber.ping();
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([redis.quit(), subscriber.quit()]);
    },
  };
}

/** The configured cluster: Redis when REDIS_URL is set, else this process alone. */
export function clusterFor(config: { redisUrl: string | undefined; redisPrefix: string }): Cluster {
  return config.redisUrl
    ? redisCluster(config.redisUrl, config.redisPrefix)
    : localCluster(config.redisPrefix);
}

/** A Redis URL fit for a log line: its password replaced. */
export function redactedUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}
