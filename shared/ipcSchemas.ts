/**
 * The payload schemas main checks before any IPC handler runs (a compromised or buggy renderer must not reach a
 * handler with anything else). Kept apart from shared/ipc.ts so the preload, which needs only the channel names,
 * stays small and free of zod.
 */
import { z } from 'zod';
import type { DesktopInvokeChannels, InvokeChannel } from './ipc';

const presence = z.enum(['active', 'away']);
const deviceId = z.string().max(512).nullable();
const accelerator = z
  .string()
  .max(100)
  .regex(/^[\w+]*$/, 'Use keys joined by +, e.g. CommandOrControl+Shift+A.');

const tokenPair = z.strictObject({
  access_token: z.string().min(1).max(4096),
  refresh_token: z.string().min(1).max(4096),
  expires_in: z.number().int().positive(),
});

export const INVOKE_SCHEMAS: { [C in InvokeChannel]: z.ZodType<DesktopInvokeChannels[C]['request']> } = {
  'app:info': z.undefined(),
  'tokens:set': tokenPair,
  'tokens:get-access': z.undefined(),
  'tokens:refresh': z.undefined(),
  'tokens:clear': z.undefined(),
  'tokens:act-as': tokenPair,
  'tokens:end-acting': z.undefined(),
  'notifications:show': z.strictObject({
    tag: z.string().min(1).max(200),
    title: z.string().max(200),
    body: z.string().max(1000),
    kind: z.enum(['call', 'message', 'info']),
    route: z.string().startsWith('/').max(500).optional(),
  }),
  'presence:set': presence,
  'badge:set': z.number().int().min(0).max(100_000),
  'call:ringing': z.boolean(),
  'audio:get': z.undefined(),
  'audio:set': z.strictObject({
    inputDeviceId: deviceId,
    outputDeviceId: deviceId,
    ringtoneDeviceId: deviceId,
  }),
  'cache:get': z.string().min(1).max(200),
  'cache:set': z.strictObject({ key: z.string().min(1).max(200), value: z.string().max(50 * 1024 * 1024) }),
  'cache:remove': z.string().min(1).max(200),
  'settings:get': z.undefined(),
  'settings:set': z.strictObject({
    launchAtLogin: z.boolean(),
    autoAway: z.boolean(),
    shortcuts: z.strictObject({
      answer: accelerator,
      decline: accelerator,
      'hang-up': accelerator,
      mute: accelerator,
    }),
  }),
};
