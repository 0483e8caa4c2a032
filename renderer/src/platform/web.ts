/**
 * The platform in a plain browser: the same-origin cookie session (no token in page-readable storage), Web
 * Notifications, presence and the unread count shown in the app (the count also in the tab title), IndexedDB for
 * the persisted cache, and `online`/`visibilitychange` as resume signals.
 */
import type { AudioPreferences, StoredTokens } from '@shared/ipc';
import { createStore, del, get, set } from 'idb-keyval';
import type { Platform } from './types';

const AUDIO_KEY = 'switchboard.audio';
const NO_AUDIO: AudioPreferences = { inputDeviceId: null, outputDeviceId: null, ringtoneDeviceId: null };

export function webPlatform(options: { apiBaseUrl?: string; title?: string } = {}): Platform {
  const store = typeof indexedDB === 'undefined' ? undefined : createStore('switchboard', 'cache');
  const memory = new Map<string, string>();
  const baseTitle = options.title ?? 'Switchboard';
  let adminTokens: StoredTokens | null = null;

  return {
    kind: 'web',
    async info() {
      return {
        name: 'Switchboard',
        version: 'web',
        platform: 'web',
        apiBaseUrl: options.apiBaseUrl ?? '/api',
      };
    },
    tokens: {
      // Signed in by cookie, the browser holds no token. Only a platform admin signing in as another user (§4) gets
      // a bearer token, kept in this tab's memory alone: never in storage page scripts could read later.
      get held() {
        return adminTokens !== null;
      },
      async set(tokens) {
        adminTokens = tokens;
        return null;
      },
      async accessToken() {
        return adminTokens?.access_token ?? null;
      },
      async refresh() {
        return null;
      },
      async clear() {
        adminTokens = null;
      },
      async actAs(tokens) {
        adminTokens = tokens;
      },
      async endActing() {
        adminTokens = null;
      },
    },
    async notify(notification) {
      if (typeof Notification === 'undefined') return;
      if (Notification.permission === 'default') await Notification.requestPermission();
      if (Notification.permission !== 'granted') return;
      const shown = new Notification(notification.title, { body: notification.body, tag: notification.tag });
      shown.onclick = () => {
        window.focus();
        if (notification.route)
          window.dispatchEvent(new CustomEvent('switchboard:navigate', { detail: notification.route }));
      };
    },
    async savePdf() {
      window.print();
      return 'printed' as const;
    },
    async setRinging() {
      // A page cannot raise its window; the Web Notification is the browser's alert.
    },
    async setPresence() {
      // Shown in the app's header; a browser has no tray.
    },
    async setBadge(count) {
      document.title = count > 0 ? `(${count}) ${baseTitle}` : baseTitle;
    },
    audio: {
      async get() {
        const raw = store ? await get<string>(AUDIO_KEY, store) : memory.get(AUDIO_KEY);
        return raw ? { ...NO_AUDIO, ...(JSON.parse(raw) as Partial<AudioPreferences>) } : NO_AUDIO;
      },
      async set(preferences) {
        const raw = JSON.stringify(preferences);
        if (store) await set(AUDIO_KEY, raw, store);
        else memory.set(AUDIO_KEY, raw);
      },
    },
    desktopSettings: null,
    storage: {
      async get(key) {
        return (store ? await get<string>(key, store) : memory.get(key)) ?? null;
      },
      async set(key, value) {
        if (store) await set(key, value, store);
        else memory.set(key, value);
      },
      async remove(key) {
        if (store) await del(key, store);
        else memory.delete(key);
      },
    },
    onResume(listener) {
      const onVisible = () => {
        if (document.visibilityState === 'visible') listener();
      };
      window.addEventListener('online', listener);
      document.addEventListener('visibilitychange', onVisible);
      return () => {
        window.removeEventListener('online', listener);
        document.removeEventListener('visibilitychange', onVisible);
      };
    },
    onSignOutRequested() {
      return () => {};
    },
    onPresenceRequested() {
      return () => {};
    },
    onCallShortcut() {
      // A browser has no global shortcuts; the phone panel's own keys work while the page has focus.
      return () => {};
    },
    onNavigate(listener) {
      const handler = (event: Event) => listener((event as CustomEvent<string>).detail);
      window.addEventListener('switchboard:navigate', handler);
      return () => window.removeEventListener('switchboard:navigate', handler);
    },
  };
}
