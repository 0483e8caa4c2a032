/** What bench/realtime.ts and its server processes (instance.ts) say to each other over IPC, and their clock. */

export type ToInstance = { type: 'memory' } | { type: 'publish'; channel: string } | { type: 'stop' };
export type FromInstance =
  | { type: 'ready'; port: number; companyId: number; token: string }
  | { type: 'memory'; rss: number; heapUsed: number }
  | { type: 'published'; sentAt: number; sendLoopMs: number };

/** The event the benchmark publishes (relayed, as the Pusher HTTP API would: it is none of ours). */
export const BENCH_EVENT = 'bench.delivery';

/** The clock both processes read: wall time with sub-millisecond resolution. */
export const clock = () => performance.timeOrigin + performance.now();
