/** Idempotency keys: the first answer to a mutating request, kept to answer its repeats. */
import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** A repeated mutating request with the same key by the same user within 24 h returns the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body'),
    /** SHA-256 of the request's body: the same key with another body is refused, not answered the first reply. */
    request_hash: text('request_hash'),
    created_at: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.key] })],
);
