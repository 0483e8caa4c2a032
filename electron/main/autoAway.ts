/**
 * Automatic Away, if the user chose it: when the screen locks or the machine sleeps an active agent is set Away,
 * and set Active again when they come back — only if it was this that set them Away. Main only asks; the
 * renderer calls the server (presence is per user per company, §3).
 */
import type { Presence } from '@shared/ipc';

export class AutoAway {
  private awayBecauseOfLock = false;

  constructor(
    private readonly deps: {
      enabled(): boolean;
      presence(): Presence;
      request(presence: Presence): void;
    },
  ) {}

  /** The screen locked or the machine is going to sleep. */
  left(): void {
    if (!this.deps.enabled() || this.deps.presence() !== 'active') return;
    this.awayBecauseOfLock = true;
    this.deps.request('away');
  }

  /** The screen unlocked or the machine woke. */
  returned(): void {
    if (!this.awayBecauseOfLock) return;
    this.awayBecauseOfLock = false;
    if (this.deps.enabled() && this.deps.presence() === 'away') this.deps.request('active');
  }
}
