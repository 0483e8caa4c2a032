/**
 * One chunk of a contact import (`CHUNK_ROWS` staged rows, one transaction): the contacts upserted by
 * (company_id, number), their groups, labels and custom values, the bad rows with their reasons, the chunk's
 * staged rows deleted, the batch's counters advanced and the job checkpointed — all or nothing. So a run that
 * dies resumes exactly after the last committed chunk and no row is imported twice: the cursor is the staged
 * rows that remain.
 */
import { CONTACT_SOURCES } from '@shared/domain/contacts';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batches, batchRows } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { LeaseLost, type RunningJob } from '../../jobs/runner';
import { linkRecordsToContacts } from '../contacts/links';
import { writeValues } from '../customFields/values';
import type { BatchRow } from './batches';
import {
  type ImportedContact,
  type ImportOptions,
  mergeContacts,
  type RowReader,
  readContactRow,
  TEXT_FIELDS,
} from './mapping';

/** Staged rows per chunk (one transaction each). */
export const CHUNK_ROWS = 500;

const IMPORT_SOURCE = CONTACT_SOURCES.find((source) => source.value === 'Import')?.value ?? 'Import';

/** What a batch is imported with: its options and the reader of its rows (columns → contact fields). */
export interface BatchPlan {
  options: ImportOptions;
  reader: RowReader;
}

/** Runs inside each chunk's transaction after its writes, before the commit (tests inject crashes here). */
export type BeforeCommit = (chunk: {
  batchId: number;
  /** Chunks this run committed before this one. */
  index: number;
  /** The batch's rows done before this chunk. */
  processed: number;
  rows: number;
}) => void | Promise<void>;

/**
 * The upsert of a chunk's contacts, by (company_id, number): the rows travel as one JSON parameter (a statement
 * with thousands of bound values costs more to build than to run). Imported values that are not empty replace
 * the contact's; empty ones leave it alone. Answers each contact's id and whether it was created.
 */
function upsertContacts(batch: BatchRow, rows: Record<string, unknown>[]): SQL {
  const textColumns = TEXT_FIELDS.map((field) => `"${field}"`).join(', ');
  const textTypes = TEXT_FIELDS.map((field) => `"${field}" text`).join(', ');
  const textMerge = TEXT_FIELDS.map(
    (field) => `"${field}" = coalesce(excluded."${field}", "contacts"."${field}")`,
  ).join(',\n      ');
  return sql`
    insert into contacts (company_id, name, number, ${sql.raw(textColumns)}, alternative_names, secondary_emails,
      is_unsubscribed, source, import_batch_id, created_by)
    select ${batch.company_id}, r.name, r.number, ${sql.raw(TEXT_FIELDS.map((field) => `r."${field}"`).join(', '))},
      r.alternative_names, r.secondary_emails, r.is_unsubscribed, ${IMPORT_SOURCE}, ${batch.id}, ${batch.user_id}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(name text, number text, ${sql.raw(textTypes)},
      alternative_names jsonb, secondary_emails jsonb, is_unsubscribed boolean)
    on conflict (company_id, number) do update set
      name = excluded.name,
      ${sql.raw(textMerge)},
      alternative_names = case when jsonb_array_length(excluded.alternative_names) > 0
        then excluded.alternative_names else contacts.alternative_names end,
      secondary_emails = case when jsonb_array_length(excluded.secondary_emails) > 0
        then excluded.secondary_emails else contacts.secondary_emails end,
      -- An import marks a contact unsubscribed; it never re-subscribes one who opted out.
      is_unsubscribed = contacts.is_unsubscribed or excluded.is_unsubscribed,
      updated_at = now()
    returning id, number, (xmax = 0) as inserted`;
}

/** Rows of an `execute` (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * One chunk: its rows are read and checked first, then written in one transaction that also advances the batch
 * and checkpoints the job — only if the batch is where this run left it (same cursor) and the run still holds
 * the job, else nothing is written (`LeaseLost`). Answers the batch as it stands after the commit.
 */
export async function importChunk(
  ctx: AppContext,
  plan: BatchPlan,
  batch: BatchRow,
  job: RunningJob,
  hooks: { index: number; beforeCommit?: BeforeCommit },
): Promise<BatchRow> {
  const rows = await ctx.db
    .select()
    .from(batchRows)
    .where(eq(batchRows.batch_id, batch.id))
    .orderBy(asc(batchRows.row_number))
    .limit(CHUNK_ROWS);

  const errors: { row_number: number; reason: string; cells: string[] }[] = [];
  /** Good rows by number, in file order; later rows of a number merged into the first. */
  const byNumber = new Map<string, { contact: ImportedContact; rows: number }>();
  for (const row of rows) {
    const read = readContactRow(plan.reader, row.cells);
    if ('reason' in read) {
      errors.push({ row_number: row.row_number, reason: read.reason, cells: row.cells });
      continue;
    }
    const earlier = byNumber.get(read.contact.number);
    byNumber.set(read.contact.number, {
      contact: earlier ? mergeContacts(earlier.contact, read.contact) : read.contact,
      rows: (earlier?.rows ?? 0) + 1,
    });
  }
  const values = [...byNumber.values()].map(({ contact }) => ({
    name: contact.name,
    number: contact.number,
    ...contact.text,
    alternative_names: contact.alternative_names,
    secondary_emails: contact.secondary_emails,
    is_unsubscribed: contact.is_unsubscribed,
  }));

  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    let created = 0;
    let updated = 0;
    if (values.length) {
      const written = await rowsOf<{ id: number; number: string; inserted: boolean }>(
        db,
        upsertContacts(batch, values),
      );
      const ids: number[] = [];
      const custom: Parameters<typeof writeValues>[2] = [];
      for (const contact of written) {
        const entry = byNumber.get(contact.number);
        if (!entry) continue;
        ids.push(contact.id);
        // The first row of a number creates the contact (or updates one that was there); later rows update it.
        if (contact.inserted) created++;
        else updated++;
        updated += entry.rows - 1;
        if (entry.contact.custom.size) {
          custom.push({
            entityId: contact.id,
            values: [...entry.contact.custom].map(([attribute_id, value]) => ({ attribute_id, value })),
          });
        }
      }
      await addMemberships(db, batch.company_id, plan.options, ids);
      await linkRecordsToContacts(db, batch.company_id, ids);
      if (custom.length) {
        await writeValues(db, { companyId: batch.company_id, entityType: CONTACT_ENTITY_TYPE }, custom);
      }
    }
    if (errors.length) {
      await db.execute(sql`
        insert into batch_errors (batch_id, row_number, reason, cells)
        select ${batch.id}, e.row_number, e.reason, e.cells
        from jsonb_to_recordset(${JSON.stringify(errors)}::jsonb) as e(row_number int, reason text, cells jsonb)
        on conflict do nothing`);
    }
    const last = rows[rows.length - 1];
    if (last) {
      await db
        .delete(batchRows)
        .where(and(eq(batchRows.batch_id, batch.id), lte(batchRows.row_number, last.row_number)));
    }
    await hooks.beforeCommit?.({
      batchId: batch.id,
      index: hooks.index,
      processed: batch.processed_rows,
      rows: rows.length,
    });

    const processed = batch.processed_rows + rows.length;
    const done = rows.length < CHUNK_ROWS || (batch.total_rows !== null && processed >= batch.total_rows);
    const [next] = await db
      .update(batches)
      .set({
        processed_rows: processed,
        created: batch.created + created,
        updated: batch.updated + updated,
        failed: batch.failed + errors.length,
        state: done ? 'finished' : 'running',
        finished_at: done ? ctx.now() : null,
      })
      .where(and(eq(batches.id, batch.id), eq(batches.processed_rows, batch.processed_rows)))
      .returning();
    if (!next) throw new LeaseLost();
    await job.checkpoint({ done: next.processed_rows, total: next.total_rows }, db);
    return next;
  });
}

/** Adds the chunk's contacts to the batch's groups and labels (still the company's; a smart group takes none). */
async function addMemberships(db: Db, companyId: number, options: ImportOptions, contactIds: number[]) {
  if (!contactIds.length) return;
  const ids = JSON.stringify(contactIds);
  if (options.groups?.length) {
    await db.execute(sql`
      insert into contact_group_members (group_id, contact_id)
      select g.id, c.value::int
      from contact_groups g cross join jsonb_array_elements_text(${ids}::jsonb) c
      where g.company_id = ${companyId} and g.filters is null
        and g.id in (${sql.join(
          options.groups.map((id) => sql`${id}`),
          sql`, `,
        )})
      on conflict do nothing`);
  }
  if (options.labels?.length) {
    await db.execute(sql`
      insert into contact_label_links (contact_id, label_id)
      select c.value::int, l.id
      from contact_labels l cross join jsonb_array_elements_text(${ids}::jsonb) c
      where l.company_id = ${companyId}
        and l.id in (${sql.join(
          options.labels.map((id) => sql`${id}`),
          sql`, `,
        )})
      on conflict do nothing`);
  }
}
