/**
 * The one platform this renderer runs on: the desktop app's (over `window.desktop`, which only the preload
 * defines) or the web implementation. This folder is the only code that may touch `window.desktop`.
 */
import type { DesktopApi } from '@shared/ipc';
import { electronPlatform } from './electron';
import type { Platform } from './types';
import { webPlatform } from './web';

export type { Platform } from './types';

let current: Platform | undefined;

export function platform(): Platform {
  const desktop = (globalThis as { desktop?: DesktopApi }).desktop;
  current ??= desktop ? electronPlatform(desktop) : webPlatform();
  return current;
}

/** Tests choose the platform before the app renders. */
export function setPlatform(replacement: Platform): void {
  current = replacement;
}
