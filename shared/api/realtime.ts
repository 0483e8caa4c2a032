/** Realtime over HTTP: channel authorisation for pusher-js, and the Pusher HTTP trigger API (TOOLCHAIN). */
import { z } from 'zod';
import { endpoint } from './contract';

const TriggerSchema = z.object({
  name: z.string().min(1).max(200),
  data: z.string().max(10_240, 'Event data is limited to 10 KB.'),
  socket_id: z
    .string()
    .regex(/^\d+\.\d+$/)
    .optional(),
});

export const REALTIME_ENDPOINTS = {
  broadcastingAuth: endpoint({
    method: 'POST',
    path: '/broadcasting/auth',
    summary:
      'Signs a private channel for pusher-js (form-encoded): only a member of that company, or that user.',
    body: z.strictObject({
      socket_id: z.string().regex(/^\d+\.\d+$/, 'socket_id must look like 1234.5678.'),
      channel_name: z.string().min(1).max(200),
    }),
    response: z.object({ auth: z.string() }),
  }),
  triggerEvent: endpoint({
    method: 'POST',
    path: '/apps/{appId}/events',
    summary:
      'Pusher HTTP trigger API: publishes an event (signed with the app secret). Outside the API prefix.',
    params: z.object({ appId: z.string() }),
    body: TriggerSchema.extend({ channels: z.array(z.string().min(1)).min(1).max(100) }),
    response: z.object({}),
  }),
  triggerBatch: endpoint({
    method: 'POST',
    path: '/apps/{appId}/batch_events',
    summary: 'Pusher HTTP trigger API: publishes up to 10 events at once. Outside the API prefix.',
    params: z.object({ appId: z.string() }),
    body: z.object({
      batch: z
        .array(TriggerSchema.extend({ channel: z.string().min(1) }))
        .min(1)
        .max(10),
    }),
    response: z.object({}),
  }),
} as const;
