/**
 * The scheduled-message job: every POLL_MS it sends the scheduled messages that are due by `ctx.now()` (so
 * tests move the injectable clock and call `runOnce`). Durable: the schedule is the items themselves, so a
 * restart picks up whatever came due while the server was down; each item is claimed by one UPDATE, so two
 * servers, two ticks or a tick racing a cancel never send one twice (see `sendDueMessages`).
 * Started when the app is ready and stopped when it closes, like the contact import worker.
 */
import type { AppContext } from '../../http/context';
import { failStaleClaims, sendDueMessages } from './service';

/** How often a running server looks for due messages. */
export const POLL_MS = 5_000;
/** How often it looks for claims a dead server left unsent (a scan of sending items: rarely). */
export const STALE_CHECK_MS = 10 * 60_000;

interface Logger {
  error(object: object, message: string): void;
}

export interface MessageScheduler {
  start(): void;
  /** Stops polling and waits for a tick in progress. */
  stop(): Promise<void>;
  /** One pass: sends what is due now; answers how many it claimed. */
  runOnce(): Promise<number>;
}

export function createMessageScheduler(
  ctx: AppContext,
  options: { log?: Logger; pollMs?: number } = {},
): MessageScheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let lastStaleCheck = Number.NEGATIVE_INFINITY;

  const runOnce = async (): Promise<number> => {
    let total = 0;
    // Drain: a batch at a time until nothing more is due.
    for (;;) {
      const claimed = await sendDueMessages(ctx);
      total += claimed;
      if (claimed === 0 || stopped) return total;
    }
  };

  const tick = async () => {
    if (running) return;
    running = (async () => {
      try {
        if (Date.now() - lastStaleCheck >= STALE_CHECK_MS) {
          lastStaleCheck = Date.now();
          await failStaleClaims(ctx);
        }
        return await runOnce();
      } catch (error) {
        options.log?.error({ err: error }, 'scheduled messages: a pass failed');
        return 0;
      } finally {
        running = undefined;
      }
    })();
    await running;
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void tick(), options.pollMs ?? POLL_MS);
      timer.unref?.();
      void tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    runOnce,
  };
}
