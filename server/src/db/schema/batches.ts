/** Batches: durable background jobs (contact imports), with their staged input rows and their failed rows. */
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, companyId, createdAt, serialId, timestamptz } from './columns';

/**
 * §3 Batch: a durable background job (contact imports now). Its rows are staged in `batch_rows` as the upload
 * streams in; the worker takes them in chunks after `processed_rows`, committing each chunk with the cursor, so
 * a crash resumes where the last committed chunk ended, and nothing is imported twice.
 */
export const batches = pgTable(
  'batches',
  {
    id: serialId(),
    company_id: companyId(),
    kind: text('kind').notNull(),
    /** staging (upload still arriving), queued, running, finished, failed. */
    state: text('state').notNull(),
    user_id: integer('user_id'),
    file_name: text('file_name').notNull().default(''),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    total_rows: integer('total_rows'),
    processed_rows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    message: text('message'),
    /** A worker holds the batch until then; another may take it over after (a crashed server's batch). */
    lease_until: timestamptz('lease_until'),
    created_at: createdAt(),
    finished_at: timestamptz('finished_at'),
  },
  (table) => [index('batches_company_idx').on(table.company_id), index('batches_state_idx').on(table.state)],
);

/** A batch's input rows, numbered as in the file (the header is row 1, so data starts at 2). */
export const batchRows = pgTable(
  'batch_rows',
  {
    batch_id: belongsTo('batch_id', () => batches.id),
    row_number: integer('row_number').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.batch_id, table.row_number] })],
);

/** The rows a batch could not take, with the reason, for the report a person downloads. */
export const batchErrors = pgTable(
  'batch_errors',
  {
    batch_id: belongsTo('batch_id', () => batches.id),
    row_number: integer('row_number').notNull(),
    reason: text('reason').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.batch_id, table.row_number] })],
);
