/**
 * The contact import worker: takes queued batches (and batches of a server that died: their lease expired) and
 * imports their staged rows chunk by chunk. Each chunk is one transaction: the contacts upserted by
 * (company_id, number), their groups, labels and custom values, the bad rows with their reasons, the chunk's
 * staged rows deleted and the batch's counters advanced — all or nothing. So a crash resumes exactly after the
 * last committed chunk and no row is imported twice; the cursor is the staged rows that remain.
 *
 * The lease (`lease_until`, 30 s, renewed with every chunk) says which worker holds a batch: every write of a
 * chunk checks the lease it holds, so a worker that lost its batch to another (it stalled past its lease) rolls
 * its chunk back instead of counting it twice. A chunk that throws is tried again; after 3 failures in a row the
 * batch fails as a whole (§8 importFailure). Progress goes out on the company channel after every chunk.
 */
import { setImmediate } from 'node:timers/promises';
import { CONTACT_SOURCES } from '@shared/domain/contacts';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { EVENTS } from '@shared/realtime';
import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batches, batchRows } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { linkRecordsToContacts } from '../contacts/links';
import { loadFieldRules, writeValues } from '../customFields/values';
import { type BatchRow, CONTACT_IMPORT_KIND, failBatch, publishBatch } from './batches';
import {
  type ImportedContact,
  type ImportOptions,
  mergeContacts,
  type RowReader,
  readContactRow,
  rowReader,
  TEXT_FIELDS,
} from './mapping';

/** Staged rows per chunk (one transaction each). */
export const CHUNK_ROWS = 500;
/** How long a worker holds a batch without renewing (each chunk renews it). */
export const LEASE_MS = 30_000;
/** Failures of one chunk in a row after which the batch fails as a whole. */
export const MAX_ATTEMPTS = 3;
/** How often a running server looks for batches nobody holds (a crashed server's, a missed wake-up). */
export const POLL_MS = 3_000;

const IMPORT_SOURCE = CONTACT_SOURCES.find((source) => source.value === 'Import')?.value ?? 'Import';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}
const SILENT: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface WorkerOptions {
  /** Stop when aborted: between chunks the lease is given back; inside a chunk, as a killed process would. */
  signal?: AbortSignal;
  /** Stop after this many committed chunks, leaving the lease to expire, as a killed process would (tests). */
  maxChunks?: number;
  /** Runs inside each chunk's transaction after its writes, before the commit (tests inject crashes here). */
  beforeCommit?: (chunk: {
    batchId: number;
    /** Chunks this run committed before this one. */
    index: number;
    /** The batch's rows done before this chunk. */
    processed: number;
    rows: number;
  }) => void | Promise<void>;
  /** Pause between retries of a failed chunk. */
  retryDelayMs?: number;
  log?: Logger;
}

/** The lease holder lost its batch (another worker took it over, or it was deleted): stop, write nothing. */
class LeaseLost extends Error {
  override name = 'LeaseLost';
}

const leaseFrom = (ctx: AppContext) => new Date(ctx.now().getTime() + LEASE_MS);

/**
 * Takes a batch nobody holds: queued, or running with its lease expired (its server died). With `batchId`, only
 * that batch. The row is locked while it is taken, so two servers never take the same batch.
 */
async function claimBatch(ctx: AppContext, batchId?: number): Promise<BatchRow | undefined> {
  const free = ctx.db
    .select({ id: batches.id })
    .from(batches)
    .where(
      and(
        eq(batches.kind, CONTACT_IMPORT_KIND),
        inArray(batches.state, ['queued', 'running']),
        or(isNull(batches.lease_until), lt(batches.lease_until, ctx.now())),
        batchId === undefined ? undefined : eq(batches.id, batchId),
      ),
    )
    .orderBy(asc(batches.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await ctx.db
    .update(batches)
    .set({
      state: 'running',
      lease_until: leaseFrom(ctx),
      // Taking over from a holder that died counts as a failure of the chunk it was on (a chunk that kills its
      // server every time must not be retried for ever); a committed chunk clears the count.
      options: sql`case when ${batches.state} = 'running' and ${batches.lease_until} is not null
        then jsonb_set(${batches.options}, '{failures}', to_jsonb(coalesce((${batches.options}->>'failures')::int, 0) + 1))
        else ${batches.options} end`,
    })
    .where(inArray(batches.id, free))
    .returning();
  return claimed;
}

/** Fails uploads that stopped arriving (their server died while staging): they will never be queued. */
async function failDeadUploads(ctx: AppContext): Promise<void> {
  const dead = await ctx.db
    .select({ id: batches.id })
    .from(batches)
    .where(
      and(
        eq(batches.kind, CONTACT_IMPORT_KIND),
        eq(batches.state, 'staging'),
        lt(batches.lease_until, ctx.now()),
      ),
    );
  for (const { id } of dead) {
    const failed = await failBatch(ctx, id);
    if (failed) await publishBatch(ctx, EVENTS.contactImportCompleted, failed);
  }
}

/**
 * Imports every batch that is waiting, one after another, until none is left (or `maxChunks`, or `signal`).
 * Answers how many chunks it committed.
 */
export async function runImportWorker(
  ctx: AppContext,
  options: WorkerOptions = {},
): Promise<{ chunks: number }> {
  let chunks = 0;
  await failDeadUploads(ctx);
  while (!options.signal?.aborted && (options.maxChunks === undefined || chunks < options.maxChunks)) {
    const batch = await claimBatch(ctx);
    if (!batch) break;
    const result = await importClaimed(ctx, batch, {
      ...options,
      maxChunks: options.maxChunks === undefined ? undefined : options.maxChunks - chunks,
    });
    chunks += result.chunks;
    if (result.stopped) break;
  }
  return { chunks };
}

/** Imports one batch if nobody holds it (tests: drive a given batch). */
export async function processBatch(
  ctx: AppContext,
  batchId: number,
  options: WorkerOptions = {},
): Promise<{ chunks: number; state: string } | null> {
  const batch = await claimBatch(ctx, batchId);
  if (!batch) return null;
  const result = await importClaimed(ctx, batch, options);
  return { chunks: result.chunks, state: result.state };
}

interface BatchPlan {
  options: ImportOptions;
  reader: RowReader;
}

async function importClaimed(
  ctx: AppContext,
  claimed: BatchRow,
  options: WorkerOptions,
): Promise<{ chunks: number; state: string; stopped: boolean }> {
  const log = options.log ?? SILENT;
  const importOptions = claimed.options as unknown as ImportOptions;
  const customFields = await loadFieldRules(ctx.db, claimed.company_id, CONTACT_ENTITY_TYPE);
  const plan: BatchPlan = {
    options: importOptions,
    reader: rowReader(claimed.columns, importOptions.mapping ?? {}, customFields),
  };
  let batch = claimed;
  let lease = claimed.lease_until as Date;
  let chunks = 0;
  let index = 0;
  let failures = importOptions.failures ?? 0;
  log.info({ batchId: batch.id, processed: batch.processed_rows, failures }, 'contact import: batch taken');
  if (failures >= MAX_ATTEMPTS) {
    log.error({ batchId: batch.id }, 'contact import: its holders died on the same chunk; giving up');
    const failed = await failBatch(ctx, batch.id, { lease });
    if (failed) await publishBatch(ctx, EVENTS.contactImportCompleted, failed);
    return { chunks, state: 'failed', stopped: false };
  }
  while (batch.state === 'running') {
    if (options.maxChunks !== undefined && chunks >= options.maxChunks) {
      return { chunks, state: batch.state, stopped: true };
    }
    if (options.signal?.aborted) {
      await releaseLease(ctx, batch.id, lease);
      return { chunks, state: batch.state, stopped: true };
    }
    try {
      batch = await importChunk(ctx, plan, batch, lease, index, options);
      lease = batch.lease_until ?? lease;
      failures = 0;
      chunks++;
      index++;
      await publishBatch(ctx, EVENTS.contactImportProgress, batch);
      // PGlite answers without ever yielding to the event loop: let requests through between chunks.
      await setImmediate();
      if (batch.state === 'finished') {
        // Its staged rows went with its chunks; its error rows stay for the report.
        await publishBatch(ctx, EVENTS.contactImportCompleted, batch);
        log.info(
          { batchId: batch.id, created: batch.created, updated: batch.updated, failed: batch.failed },
          'contact import: finished',
        );
      }
    } catch (error) {
      if (error instanceof LeaseLost) {
        log.warn({ batchId: batch.id }, 'contact import: lease lost to another worker');
        return { chunks, state: 'lost', stopped: false };
      }
      // Killed inside a chunk: the transaction is gone; leave the batch as a dead process would.
      if (options.signal?.aborted) return { chunks, state: batch.state, stopped: true };
      failures++;
      log.error({ err: error, batchId: batch.id, attempt: failures }, 'contact import: chunk failed');
      const noted = await noteFailure(ctx, batch.id, lease, failures);
      if (!noted) return { chunks, state: 'lost', stopped: false };
      lease = noted;
      if (failures >= MAX_ATTEMPTS) {
        const failed = await failBatch(ctx, batch.id, { lease });
        if (failed) await publishBatch(ctx, EVENTS.contactImportCompleted, failed);
        return { chunks, state: 'failed', stopped: false };
      }
      await new Promise((resolve) => setTimeout(resolve, (options.retryDelayMs ?? 250) * failures));
    }
  }
  return { chunks, state: batch.state, stopped: false };
}

/** Gives the lease back (a clean stop), so the next server resumes the batch at once. */
async function releaseLease(ctx: AppContext, batchId: number, lease: Date): Promise<void> {
  await ctx.db
    .update(batches)
    .set({ lease_until: null })
    .where(and(eq(batches.id, batchId), eq(batches.lease_until, lease)));
}

/** Counts a failed chunk on the batch (a restart keeps counting) and renews the lease; null: lease lost. */
async function noteFailure(
  ctx: AppContext,
  batchId: number,
  lease: Date,
  failures: number,
): Promise<Date | null> {
  const renewed = leaseFrom(ctx);
  const [row] = await ctx.db
    .update(batches)
    .set({
      lease_until: renewed,
      options: sql`jsonb_set(${batches.options}, '{failures}', to_jsonb(${failures}::int))`,
    })
    .where(and(eq(batches.id, batchId), eq(batches.lease_until, lease)))
    .returning({ id: batches.id });
  return row ? renewed : null;
}

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
 * — only if the batch is where this worker left it (same cursor, same lease), else nothing is written.
 * Answers the batch as it stands after the commit.
 */
async function importChunk(
  ctx: AppContext,
  plan: BatchPlan,
  batch: BatchRow,
  lease: Date,
  index: number,
  options: WorkerOptions,
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
    await options.beforeCommit?.({
      batchId: batch.id,
      index,
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
        lease_until: done ? null : leaseFrom(ctx),
        state: done ? 'finished' : 'running',
        finished_at: done ? ctx.now() : null,
        options: sql`${batches.options} - 'failures'`,
      })
      .where(
        and(
          eq(batches.id, batch.id),
          eq(batches.processed_rows, batch.processed_rows),
          eq(batches.lease_until, lease),
        ),
      )
      .returning();
    if (!next) throw new LeaseLost();
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

export interface ImportWorker {
  /** Starts looking for work: now, when woken, and every few seconds. */
  start(): void;
  /** An import was queued: look now. */
  wake(): void;
  /** Stops after the chunk in hand, giving the lease back; resolves when it has stopped (start() again later). */
  stop(): Promise<void>;
}

/** The app's worker (app.ts starts it on ready and stops it on close). One batch at a time per server. */
export function createImportWorker(
  ctx: AppContext,
  options: { log?: Logger; pollMs?: number } = {},
): ImportWorker {
  let controller: AbortController | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const log = options.log ?? SILENT;

  const kick = () => {
    const signal = controller?.signal;
    if (!signal || signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runImportWorker(ctx, { signal, log });
        } catch (error) {
          log.error({ err: error }, 'contact import worker: a run failed');
        }
      } while (again && !signal.aborted);
    })().finally(() => {
      running = null;
    });
  };

  return {
    start() {
      if (controller) return;
      controller = new AbortController();
      timer = setInterval(kick, options.pollMs ?? POLL_MS);
      timer.unref();
      kick();
    },
    wake: kick,
    async stop() {
      controller?.abort();
      controller = null;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
