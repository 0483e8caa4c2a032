/** The audit log: requests made while signed in as another user, and security events. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigSerialId, createdAt } from './columns';

/** Who did what as whom: every request made while signed in as another user, and security events. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigSerialId(),
    actor_id: integer('actor_id'),
    impersonator_id: integer('impersonator_id'),
    company_id: integer('company_id'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    created_at: createdAt(),
  },
  (table) => [index('audit_log_actor_idx').on(table.actor_id)],
);
