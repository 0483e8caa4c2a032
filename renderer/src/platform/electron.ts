/**
 * The platform inside the desktop app, over `window.desktop` (the preload's one object, typed by shared/ipc.ts).
 * Tokens live in main; the renderer asks for the access token on each call and keeps no copy.
 */
import type { DesktopApi } from '@shared/ipc';
import type { Platform } from './types';

export function electronPlatform(desktop: DesktopApi): Platform {
  let signedInWithTokens = false;
  return {
    kind: 'desktop',
    info: () => desktop.invoke('app:info'),
    tokens: {
      get held() {
        return signedInWithTokens;
      },
      async set(tokens) {
        const warning = await desktop.invoke('tokens:set', tokens);
        signedInWithTokens = true;
        return warning;
      },
      accessToken: () => desktop.invoke('tokens:get-access'),
      refresh: () => desktop.invoke('tokens:refresh'),
      async clear() {
        signedInWithTokens = false;
        await desktop.invoke('tokens:clear');
      },
      actAs: (tokens) => desktop.invoke('tokens:act-as', tokens),
      endActing: () => desktop.invoke('tokens:end-acting'),
    },
    notify: (notification) => desktop.invoke('notifications:show', notification),
    setPresence: (presence) => desktop.invoke('presence:set', presence),
    setBadge: (count) => desktop.invoke('badge:set', count),
    savePdf: async (title) => ((await desktop.invoke('page:save-pdf', { title })) ? 'saved' : 'cancelled'),
    setRinging: (ringing) => desktop.invoke('call:ringing', ringing),
    audio: {
      get: () => desktop.invoke('audio:get'),
      set: (preferences) => desktop.invoke('audio:set', preferences),
    },
    desktopSettings: {
      get: () => desktop.invoke('settings:get'),
      set: (settings) => desktop.invoke('settings:set', settings),
    },
    storage: {
      get: (key) => desktop.invoke('cache:get', key),
      set: (key, value) => desktop.invoke('cache:set', { key, value }),
      remove: (key) => desktop.invoke('cache:remove', key),
    },
    // Main forwards the machine waking (powerMonitor); the network coming back is the page's own `online` event,
    // which Chromium raises in the renderer (main has no such event).
    onResume(listener) {
      const offResume = desktop.on('power:resume', () => listener());
      const online = () => listener();
      window.addEventListener('online', online);
      return () => {
        offResume();
        window.removeEventListener('online', online);
      };
    },
    onPresenceRequested: (listener) => desktop.on('presence:requested', listener),
    onCallShortcut: (listener) => desktop.on('call:shortcut', listener),
    onSignOutRequested: (listener) => desktop.on('session:sign-out-requested', () => listener()),
    onNavigate: (listener) => desktop.on('navigate:to', listener),
  };
}
