/** §7 Tenant config and the sandbox outbox. */
import { z } from 'zod';
import { endpoint, PageNumberSchema } from './contract';
import { pagedSchema } from './paged';

export const TenantConfigSchema = z.object({
  name: z.string(),
  support_email: z.string(),
  branding: z.record(z.string(), z.unknown()),
  /** What a client needs to connect to realtime (the embedded endpoint, or the Pusher-compatible cluster). */
  realtime: z.object({ key: z.string(), host: z.string(), port: z.number().int(), tls: z.boolean() }),
});
export type TenantConfig = z.infer<typeof TenantConfigSchema>;

export const OutboxItemSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['mail', 'sms', 'call']),
  company_id: z.number().int().nullable(),
  to: z.string(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});

export const TENANT_ENDPOINTS = {
  config: endpoint({
    method: 'GET',
    path: '/tenant-config',
    summary:
      'Branding, support email and realtime settings of the tenant at a hostname (default: this host).',
    query: z.object({ hostname: z.string().trim().max(253).optional() }),
    response: TenantConfigSchema,
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/sandbox/outbox',
    summary:
      'What the sandbox would have sent. A platform admin sees everything; others see their companies’ texts and calls, never mail.',
    query: z.object({
      page: PageNumberSchema,
      perPage: z.coerce.number().int().min(1).max(200).default(50),
      to: z.string().trim().max(200).optional(),
      channel: z.enum(['mail', 'sms', 'call']).optional(),
    }),
    response: pagedSchema(OutboxItemSchema),
  }),
} as const;
