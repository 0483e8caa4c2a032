/**
 * While a call rings, the main window is raised above other apps (always on top, the taskbar entry flashing) so
 * the agent sees the caller with Answer and Decline even when the app is hidden or behind others; when ringing
 * stops it goes back to normal. A window that was hidden before the ring stays shown: the agent answered, or
 * sees what they missed. Away agents are not rung by the platform; if a ring arrives anyway, it is not raised.
 */
import type { Presence } from '@shared/ipc';

/** What raising needs of a BrowserWindow. */
export interface RaisableWindow {
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  setAlwaysOnTop(flag: boolean, level?: 'screen-saver' | 'floating'): void;
  flashFrame(flag: boolean): void;
}

export class CallRaise {
  private raised = false;

  constructor(
    private readonly window: () => RaisableWindow | null,
    private readonly presence: () => Presence,
  ) {}

  ringing(active: boolean): void {
    const window = this.window();
    if (!window) return;
    if (active) {
      if (this.presence() === 'away') return;
      if (window.isMinimized()) window.restore();
      window.show();
      // Above full-screen apps too, until the ring stops.
      window.setAlwaysOnTop(true, 'screen-saver');
      window.flashFrame(true);
      window.focus();
      this.raised = true;
      return;
    }
    if (!this.raised) return;
    window.setAlwaysOnTop(false);
    window.flashFrame(false);
    this.raised = false;
  }
}
