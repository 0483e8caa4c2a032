/**
 * The one platform this renderer runs on. The Electron implementation (over `window.desktop`) joins with the
 * Desktop shell issue; until then every build uses the web platform.
 */
import type { Platform } from './types';
import { webPlatform } from './web';

export type { Platform } from './types';

let current: Platform | undefined;

export function platform(): Platform {
  current ??= webPlatform();
  return current;
}

/** Tests and the desktop bootstrap choose the platform before the app renders. */
export function setPlatform(replacement: Platform): void {
  current = replacement;
}
