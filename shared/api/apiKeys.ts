/** §7 personalAccessTokens (API keys): the caller's own keys; a new key's secret is shown once. */
import { z } from 'zod';
import { endpoint, IdParamSchema } from './contract';

export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the key, so a person can tell keys apart without the secret. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const API_KEY_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/personalAccessTokens',
    summary: 'The caller’s API keys (never their secrets).',
    response: z.array(ApiKeySchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/personalAccessTokens',
    status: 201,
    summary: 'Creates an API key with the caller’s rights; its secret is in this answer only.',
    body: z.strictObject({
      name: z.string().trim().min(1, 'Name the key, e.g. after the integration that uses it.').max(100),
      expires_in_days: z.number().int().min(1).max(3650).nullable().optional(),
    }),
    response: ApiKeySchema.extend({ token: z.string() }),
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/personalAccessTokens/{id}',
    summary: 'Revokes one of the caller’s API keys at once.',
    params: z.object({ id: IdParamSchema }),
    response: null,
  }),
} as const;
