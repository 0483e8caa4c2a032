/** Notes people write on a company's records. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companyId, serialId, timestamps } from './columns';

/** §7 Notes on records of a company (contacts now; conversations and calls later). */
export const notes = pgTable(
  'notes',
  {
    id: serialId(),
    company_id: companyId(),
    model_type: text('model_type').notNull(),
    model_id: integer('model_id').notNull(),
    user_id: integer('user_id'),
    body: text('body').notNull(),
    ...timestamps(),
  },
  (table) => [index('notes_model_idx').on(table.model_type, table.model_id)],
);
