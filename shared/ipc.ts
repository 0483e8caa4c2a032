/**
 * The bridge between the Electron main process and the renderer (ARCHITECTURE: "typed IPC"). Each channel is
 * `area:action` with its request and response types; the preload exposes exactly `DesktopApi` as
 * `window.desktop`, and the renderer's platform interface (renderer/src/platform) is the only code that uses it.
 * The web build implements the same interface without Electron.
 *
 * The payloads are declared once, as the zod schemas main checks them with (ipcSchemas.ts); their types here are
 * inferred from those schemas. The import is types only: the preload bundles this file for the channel names and
 * must not bring zod along.
 */
import type { z } from 'zod';
import type {
  AppInfoSchema,
  AudioPreferencesSchema,
  CacheEntrySchema,
  CallShortcutActionSchema,
  DesktopNotificationSchema,
  DesktopSettingsSchema,
  PdfRequestSchema,
  PresenceSchema,
  StoredTokensSchema,
} from './ipcSchemas';

/** Tokens as the platform keeps them: the access token is handed out, the refresh token never leaves main. */
export type StoredTokens = z.infer<typeof StoredTokensSchema>;
export type Presence = z.infer<typeof PresenceSchema>;
export type DesktopNotification = z.infer<typeof DesktopNotificationSchema>;
export type AudioPreferences = z.infer<typeof AudioPreferencesSchema>;
export type AppInfo = z.infer<typeof AppInfoSchema>;
/** Preferences of this computer's app, kept by main. */
export type DesktopSettings = z.infer<typeof DesktopSettingsSchema>;
export type CallShortcutAction = z.infer<typeof CallShortcutActionSchema>;
export type CacheEntry = z.infer<typeof CacheEntrySchema>;
export type PdfRequest = z.infer<typeof PdfRequestSchema>;

/** Channels from renderer to main, each `invoke`d with its request and answered with its response. */
export interface DesktopInvokeChannels {
  'app:info': { request: undefined; response: AppInfo };
  /**
   * Keeps the pair (encrypted); answers why they will not outlive this session when the OS keychain is
   * unavailable (they are then held in memory only), else null.
   */
  'tokens:set': { request: StoredTokens; response: string | null };
  'tokens:get-access': { request: undefined; response: string | null };
  'tokens:refresh': { request: undefined; response: string | null };
  'tokens:clear': { request: undefined; response: undefined };
  /**
   * A platform admin signs in as another user (§4 Admin login): that user's pair is used, in memory only, until
   * `tokens:end-acting`, while the admin's own pair stays kept for their return.
   */
  'tokens:act-as': { request: StoredTokens; response: undefined };
  'tokens:end-acting': { request: undefined; response: undefined };
  'notifications:show': { request: DesktopNotification; response: undefined };
  'presence:set': { request: Presence; response: undefined };
  'badge:set': { request: number; response: undefined };
  /**
   * A call rings (true) or stopped ringing (false): main raises the window above others until it stops, so the
   * agent sees Answer and Decline even behind other apps (toast buttons are unreliable on Windows).
   */
  'call:ringing': { request: boolean; response: undefined };
  'audio:get': { request: undefined; response: AudioPreferences };
  'audio:set': { request: AudioPreferences; response: undefined };
  'cache:get': { request: string; response: string | null };
  'cache:set': { request: CacheEntry; response: undefined };
  'cache:remove': { request: string; response: undefined };
  'settings:get': { request: undefined; response: DesktopSettings };
  /** Saves the settings; answers the shortcut actions another app holds, which could not be set. */
  'settings:set': { request: DesktopSettings; response: CallShortcutAction[] };
  /**
   * Saves the page as shown as a PDF (a report, §7 "GET of any url as PDF"): main prints the window's own page
   * with Chromium's PDF printer and asks where to save it; answers whether it was saved (false: the person
   * cancelled the save dialog).
   */
  'page:save-pdf': { request: PdfRequest; response: boolean };
}

/** Events from main to the renderer. */
export interface DesktopEventChannels {
  /** The machine woke up or the network came back: reconnect realtime, re-register the voice device, refetch. */
  'power:resume': undefined;
  /** The user chose a presence in the tray; the renderer asks the server and reports back with presence:set. */
  'presence:requested': Presence;
  /** A notification was clicked: go there. */
  'navigate:to': string;
  /** The tray's Sign out: the renderer signs out with the server, which also clears the tokens in main. */
  'session:sign-out-requested': undefined;
  /** A global shortcut for the current call was pressed, even with the window hidden. */
  'call:shortcut': CallShortcutAction;
}

export type InvokeChannel = keyof DesktopInvokeChannels;
export type EventChannel = keyof DesktopEventChannels;

/** What `invoke` takes after the channel: the channel's request, or nothing for a channel without one. */
export type InvokeRequest<C extends InvokeChannel> = DesktopInvokeChannels[C]['request'] extends undefined
  ? []
  : [DesktopInvokeChannels[C]['request']];
export type InvokeResponse<C extends InvokeChannel> = DesktopInvokeChannels[C]['response'];

/** What the preload exposes as `window.desktop`. */
export interface DesktopApi {
  invoke<C extends InvokeChannel>(channel: C, ...request: InvokeRequest<C>): Promise<InvokeResponse<C>>;
  /** Subscribes to an event from main; returns the unsubscribe function. */
  on<C extends EventChannel>(channel: C, listener: (payload: DesktopEventChannels[C]) => void): () => void;
}

export const INVOKE_CHANNELS: readonly InvokeChannel[] = [
  'app:info',
  'tokens:set',
  'tokens:get-access',
  'tokens:refresh',
  'tokens:clear',
  'tokens:act-as',
  'tokens:end-acting',
  'notifications:show',
  'presence:set',
  'badge:set',
  'call:ringing',
  'audio:get',
  'audio:set',
  'cache:get',
  'cache:set',
  'cache:remove',
  'settings:get',
  'settings:set',
  'page:save-pdf',
];

export const EVENT_CHANNELS: readonly EventChannel[] = [
  'power:resume',
  'presence:requested',
  'navigate:to',
  'session:sign-out-requested',
  'call:shortcut',
];
