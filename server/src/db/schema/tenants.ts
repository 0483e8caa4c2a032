/** White-label tenants: the branding and support address a hostname serves. */
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, timestamps } from './columns';
import { organizations } from './companies';

/** White-label tenants by hostname (§7 Tenant config). The default tenant has hostname `*`. */
export const tenants = pgTable('tenants', {
  id: serialId(),
  hostname: text('hostname').notNull().unique(),
  name: text('name').notNull(),
  support_email: text('support_email').notNull(),
  organization_id: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
  branding: jsonb('branding').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps(),
});
