/**
 * This computer's app preferences (launch at login, automatic Away, call shortcuts), kept by main and applied
 * where they take effect: the OS login items, the power monitor, the global shortcuts.
 */
import type { CallShortcutAction, DesktopSettings } from '@shared/ipc';
import { DEFAULT_SHORTCUTS, registerCallShortcuts } from './shortcuts';
import type { KeyValueStore } from './token-store';

const KEY = 'preferences';

export const DEFAULT_SETTINGS: DesktopSettings = {
  launchAtLogin: false,
  autoAway: false,
  shortcuts: { ...DEFAULT_SHORTCUTS },
};

/** The argument a launch at login carries on Windows (macOS says so with `wasOpenedAtLogin`). */
export const HIDDEN_LAUNCH_ARG = '--hidden';

export interface LoginItems {
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void;
}

/** Whether this launch was the one at login, which waits in the tray instead of opening a window. */
export function launchedHidden(argv: readonly string[], wasOpenedAtLogin = false): boolean {
  return wasOpenedAtLogin || argv.includes(HIDDEN_LAUNCH_ARG);
}

export class DesktopSettingsService {
  constructor(
    private readonly deps: {
      store: KeyValueStore;
      loginItems: LoginItems;
      onShortcut(action: CallShortcutAction): void;
    },
  ) {}

  get(): DesktopSettings {
    const saved = this.deps.store.get(KEY) as Partial<DesktopSettings> | undefined;
    return {
      ...DEFAULT_SETTINGS,
      ...saved,
      shortcuts: { ...DEFAULT_SETTINGS.shortcuts, ...(saved?.shortcuts ?? {}) },
    };
  }

  /** Saves and applies; answers the shortcuts another app holds (left unset, and reported to the user). */
  set(settings: DesktopSettings): CallShortcutAction[] {
    this.deps.store.set(KEY, settings);
    return this.apply(settings);
  }

  /** Applies the saved settings at start-up. */
  apply(settings: DesktopSettings = this.get()): CallShortcutAction[] {
    // Started at login, the app waits in the tray rather than opening a window over the desktop.
    this.deps.loginItems.setLoginItemSettings({
      openAtLogin: settings.launchAtLogin,
      args: [HIDDEN_LAUNCH_ARG],
    });
    return registerCallShortcuts(settings.shortcuts, this.deps.onShortcut);
  }
}
