/**
 * The IPC payloads, each declared once as a zod schema. shared/ipc.ts takes the payload types from these
 * (`z.infer`, imported as types only, so the preload — which needs only the channel names — stays small and free
 * of zod), and main checks every request with `INVOKE_SCHEMAS` before any handler runs (a compromised or buggy
 * renderer must not reach a handler with anything else).
 */
import { z } from 'zod';
import type { DesktopInvokeChannels, InvokeChannel } from './ipc';

/** Tokens as the platform keeps them: the access token is handed out, the refresh token never leaves main. */
export const StoredTokensSchema = z.strictObject({
  access_token: z.string().min(1).max(4096),
  refresh_token: z.string().min(1).max(4096),
  /** Seconds the access token was valid for when issued. */
  expires_in: z.number().int().positive(),
});

export const PresenceSchema = z.enum(['active', 'away']);

export const DesktopNotificationSchema = z.strictObject({
  /** Groups and replaces notifications of one thing (a call id, a conversation id). */
  tag: z.string().min(1).max(200),
  title: z.string().max(200),
  body: z.string().max(1000),
  kind: z.enum(['call', 'message', 'info']),
  /** Where clicking it takes the app (a route of the renderer). */
  route: z.string().startsWith('/').max(500).optional(),
});

/** What to call the PDF: its suggested file name, without the extension (main makes it safe for any disk). */
export const PdfRequestSchema = z.strictObject({ title: z.string().trim().min(1).max(200) });

const deviceId = z.string().max(512).nullable();

export const AudioPreferencesSchema = z.strictObject({
  inputDeviceId: deviceId,
  outputDeviceId: deviceId,
  ringtoneDeviceId: deviceId,
});

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.enum(['web', 'darwin', 'win32', 'linux']),
  /** Where the API lives: `/api` on the same origin for the web build; `API_URL` or the embedded server on desktop. */
  apiBaseUrl: z.string(),
});

export const CallShortcutActionSchema = z.enum(['answer', 'decline', 'hang-up', 'mute']);

/** An Electron accelerator; an empty string turns the shortcut off. */
const accelerator = z
  .string()
  .max(100)
  .regex(/^[\w+]*$/, 'Use keys joined by +, e.g. CommandOrControl+Shift+A.');

/** Preferences of this computer's app, kept by main. */
export const DesktopSettingsSchema = z.strictObject({
  launchAtLogin: z.boolean(),
  /** Set Away when the screen locks or the machine sleeps, and Active again on return. */
  autoAway: z.boolean(),
  /** Global call shortcuts (Electron accelerators), one for each CallShortcutAction. */
  shortcuts: z.strictObject({
    answer: accelerator,
    decline: accelerator,
    'hang-up': accelerator,
    mute: accelerator,
  }) satisfies z.ZodType<Record<z.infer<typeof CallShortcutActionSchema>, string>>,
});

const cacheKey = z.string().min(1).max(200);

export const CacheEntrySchema = z.strictObject({ key: cacheKey, value: z.string().max(50 * 1024 * 1024) });

/** Each invoke channel's request; `z.undefined()` for a channel invoked without one. */
export const INVOKE_SCHEMAS: { [C in InvokeChannel]: z.ZodType<DesktopInvokeChannels[C]['request']> } = {
  'app:info': z.undefined(),
  'tokens:set': StoredTokensSchema,
  'tokens:get-access': z.undefined(),
  'tokens:refresh': z.undefined(),
  'tokens:clear': z.undefined(),
  'tokens:act-as': StoredTokensSchema,
  'tokens:end-acting': z.undefined(),
  'notifications:show': DesktopNotificationSchema,
  'presence:set': PresenceSchema,
  'badge:set': z.number().int().min(0).max(100_000),
  'call:ringing': z.boolean(),
  'audio:get': z.undefined(),
  'audio:set': AudioPreferencesSchema,
  'cache:get': cacheKey,
  'cache:set': CacheEntrySchema,
  'cache:remove': cacheKey,
  'settings:get': z.undefined(),
  'settings:set': DesktopSettingsSchema,
  'page:save-pdf': PdfRequestSchema,
};
