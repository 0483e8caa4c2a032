/**
 * Global shortcuts every desktop softphone has — answer, decline, hang up, mute — working even when the window is
 * hidden. Configurable; a shortcut another app holds is reported rather than silently lost; all are released on quit.
 */
import type { CallShortcutAction } from '@shared/ipc';
import { globalShortcut } from 'electron';

export type ShortcutMap = Record<CallShortcutAction, string>;

export const DEFAULT_SHORTCUTS: Readonly<ShortcutMap> = Object.freeze({
  answer: 'CommandOrControl+Shift+A',
  decline: 'CommandOrControl+Shift+D',
  'hang-up': 'CommandOrControl+Shift+H',
  mute: 'CommandOrControl+Shift+M',
});

/** Registers the shortcuts; answers the actions whose accelerator could not be taken (held by another app). */
export function registerCallShortcuts(
  shortcuts: ShortcutMap,
  onPress: (action: CallShortcutAction) => void,
): CallShortcutAction[] {
  globalShortcut.unregisterAll();
  const failed: CallShortcutAction[] = [];
  for (const [action, accelerator] of Object.entries(shortcuts) as [CallShortcutAction, string][]) {
    if (!accelerator) continue;
    if (!globalShortcut.register(accelerator, () => onPress(action))) failed.push(action);
  }
  return failed;
}

export function releaseCallShortcuts(): void {
  globalShortcut.unregisterAll();
}
