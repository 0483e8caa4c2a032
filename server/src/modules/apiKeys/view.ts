/** An API key as the contract shows it: never its secret, only the first characters to tell keys apart. */
import type { ApiKey } from '@shared/api/apiKeys';
import type { credentials } from '../../db/schema';

export type ApiKeyRow = typeof credentials.$inferSelect;

export function apiKeyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name ?? '',
    prefix: row.hint ?? '',
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
  };
}
