/**
 * Port requests (§7 Ports): listing, counting, one request, asking for a port, uploading the document the desk
 * asked for, and cancelling before the FOC date. Every status change goes through `movePort`: only a move of
 * shared/domain/ports.ts's table, conditioned on the status it moves from (a desk step and a cancel at the same
 * moment cannot both win), with the step appended to the request's history. Each change publishes
 * `ports.updated` (id and status only) on the company's companies channel.
 */
import { type PortFields, PortFieldsSchema, type PortRequest, type PortStats } from '@shared/api/ports';
import {
  canMovePort,
  desiredDateProblem,
  isoDate,
  isPortCancellable,
  isPortFinished,
  PORT_DOCUMENT_MESSAGES,
  PORT_NUMBER_MESSAGES,
  PORT_REQUEST_STATUSES,
  type PortRequestStatus,
} from '@shared/domain/ports';
import { channels, EVENTS } from '@shared/realtime';
import { and, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  auditLog,
  numbers,
  type PortRequestRow,
  portRequests,
  type StoredPortDocument,
  users,
} from '../../db/schema';
import type { AppContext } from '../../http/context';
import { parseInput } from '../../http/route';
import { cancelJob, enqueueJob, wakeJobRunners } from '../../jobs/queue';
import { conflict, invalid, notFound } from '../../lib/errors';
import { removeMedia } from '../messaging/upload';
import { portView } from './view';

/** The desk's job kind (desk.ts runs it), one job per (request, revision). */
export const PORT_DESK_JOB = 'port-desk';
export const deskJobKey = (portId: number, revision: number) => `${portId}:${revision}`;

/** The desk's wait before each step, unless configured (PORT_DESK_STEP_MS): short, but long enough to watch. */
export const DEFAULT_DESK_STEP_MS = 20_000;
export const deskStepMs = (ctx: AppContext) => ctx.config.portDesk?.stepMs ?? DEFAULT_DESK_STEP_MS;

export const PORT_MESSAGES = {
  notCancellable: 'This port request can no longer be canceled: its FOC date is set, or it has ended.',
  notAsked: PORT_DOCUMENT_MESSAGES.notAsked,
} as const;

const FINISHED = PORT_REQUEST_STATUSES.map((status) => status.value).filter(isPortFinished);

/** Who acts on a request: the user and the administrator signed in as them, if any. */
export interface PortActor {
  userId: number;
  impersonatorId: number | null;
}

async function requesterOf(ctx: AppContext, row: PortRequestRow) {
  if (row.user_id === null) return null;
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, row.user_id));
  return user ?? null;
}

export async function viewPort(ctx: AppContext, row: PortRequestRow): Promise<PortRequest> {
  return portView(ctx, row, await requesterOf(ctx, row));
}

/** The company's request by id, or 404 (another company's looks the same as none). */
export async function portOf(ctx: AppContext, companyId: number, id: number): Promise<PortRequestRow> {
  const [row] = await ctx.db
    .select()
    .from(portRequests)
    .where(and(eq(portRequests.id, id), eq(portRequests.company_id, companyId)));
  if (!row) throw notFound('port request');
  return row;
}

export async function listPorts(
  ctx: AppContext,
  companyId: number,
  status: PortRequestStatus | undefined,
): Promise<PortRequest[]> {
  const rows = await ctx.db
    .select({ port: portRequests, requester: { id: users.id, name: users.name } })
    .from(portRequests)
    .leftJoin(users, eq(users.id, portRequests.user_id))
    .where(and(eq(portRequests.company_id, companyId), status ? eq(portRequests.status, status) : undefined))
    .orderBy(desc(portRequests.created_at), desc(portRequests.id));
  return rows.map(({ port, requester }) => portView(ctx, port, requester?.id ? requester : null));
}

export async function portStats(ctx: AppContext, companyId: number): Promise<PortStats> {
  const rows = await ctx.db
    .select({ status: portRequests.status, numbers: portRequests.numbers })
    .from(portRequests)
    .where(eq(portRequests.company_id, companyId));
  const byStatus = Object.fromEntries(PORT_REQUEST_STATUSES.map(({ value }) => [value, 0])) as Record<
    PortRequestStatus,
    number
  >;
  let inFlight = 0;
  for (const row of rows) {
    byStatus[row.status] += 1;
    if (!isPortFinished(row.status)) inFlight += row.numbers.length;
  }
  return { total: rows.length, by_status: byStatus, numbers_in_flight: inFlight };
}

/** Tells the company's screens a request changed; a realtime outage never stops the change. */
export async function publishPort(ctx: AppContext, row: PortRequestRow): Promise<void> {
  try {
    await ctx.realtime.publish(channels.companies(row.company_id), EVENTS.portsUpdated, {
      id: row.id,
      status: row.status,
    });
  } catch {
    // The screens poll while a request is in flight.
  }
}

export interface PortMove {
  reason?: string | null;
  field?: string | null;
  foc_date?: string;
  documents?: StoredPortDocument[];
  /** When the desk steps next (null: it waits for the requester, or the request ended). */
  nextStepAt: Date | null;
  revision?: number;
}

/**
 * Moves the request from its current status to `to` (only a move the table allows), conditioned on the row still
 * being in that status. Answers the moved row, or null when it had moved meanwhile.
 */
export async function movePort(
  ctx: AppContext,
  db: Db,
  row: PortRequestRow,
  to: PortRequestStatus,
  move: PortMove,
): Promise<PortRequestRow | null> {
  if (!canMovePort(row.status, to)) throw new Error(`port ${row.id}: ${row.status} → ${to} is not a move`);
  const now = ctx.now();
  const reason = move.reason ?? null;
  const field = move.field ?? null;
  const [moved] = await db
    .update(portRequests)
    .set({
      status: to,
      reason,
      reason_field: field,
      history: [...row.history, { status: to, at: now.toISOString(), reason, field }],
      next_step_at: move.nextStepAt,
      ...(move.foc_date !== undefined ? { foc_date: move.foc_date } : {}),
      ...(move.documents !== undefined ? { documents: move.documents } : {}),
      ...(move.revision !== undefined ? { revision: move.revision } : {}),
      ...(isPortFinished(to) ? { finished_at: now } : {}),
      updated_at: now,
    })
    .where(and(eq(portRequests.id, row.id), eq(portRequests.status, row.status)))
    .returning();
  return moved ?? null;
}

/** Numbers (E.164) already live on the platform, or in another request that has not ended, of this list. */
async function numbersInUse(ctx: AppContext, list: readonly string[]) {
  const live = await ctx.db
    .select({ number: numbers.number })
    .from(numbers)
    .where(and(inArray(numbers.number, [...list]), isNull(numbers.released_at)));
  const open = await ctx.db
    .select({ numbers: portRequests.numbers })
    .from(portRequests)
    .where(notInArray(portRequests.status, FINISHED));
  const porting = new Set(open.flatMap((row) => row.numbers.map((entry) => entry.number)));
  return { onPlatform: new Set(live.map((row) => row.number)), porting };
}

/** The fields read with the contract's schema; a refusal removes the request's files first. */
function parseFields(fields: Record<string, unknown>): z.output<typeof PortFieldsSchema> {
  return parseInput(PortFieldsSchema, fields as PortFields, 'body');
}

/**
 * `POST /company/{companyId}/numbers/port`: the request as pending, its desk job due after one step, the
 * request audit-logged (`port-requested`; the PIN is not in it). 422 per field; the files of a refused request
 * are removed.
 */
export async function createPort(
  ctx: AppContext,
  input: {
    companyId: number;
    actor: PortActor;
    fields: Record<string, unknown>;
    documents: StoredPortDocument[];
  },
): Promise<PortRequest> {
  let row: PortRequestRow;
  try {
    const fields = parseFields(input.fields);
    const errors: Record<string, string[]> = {};
    // "Today" where it is earliest (UTC−12): a date that is today for the person, wherever they are, is not past.
    const earliestToday = isoDate(new Date(ctx.now().getTime() - 12 * 3_600_000));
    const dateProblem = desiredDateProblem(fields.desired_date, earliestToday);
    if (dateProblem) errors.desired_date = [dateProblem];
    if (!input.documents.some((document) => document.kind === 'loa'))
      errors.loa = [PORT_DOCUMENT_MESSAGES.loaRequired];
    const inUse = await numbersInUse(
      ctx,
      fields.numbers.map((entry) => entry.number),
    );
    fields.numbers.forEach((entry, index) => {
      if (inUse.onPlatform.has(entry.number))
        errors[`numbers.${index}.number`] = [PORT_NUMBER_MESSAGES.onPlatform];
      else if (inUse.porting.has(entry.number))
        errors[`numbers.${index}.number`] = [PORT_NUMBER_MESSAGES.inAnotherPort];
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);

    const now = ctx.now();
    row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(portRequests)
        .values({
          company_id: input.companyId,
          user_id: input.actor.userId,
          impersonator_id: input.actor.impersonatorId,
          status: 'pending',
          service: fields.service,
          numbers: fields.numbers,
          losing_carrier: fields.losing_carrier,
          account_number: fields.account_number,
          pin: fields.pin,
          authorized_name: fields.authorized_name,
          service_address: fields.service_address,
          desired_date: fields.desired_date,
          documents: input.documents,
          history: [{ status: 'pending', at: now.toISOString(), reason: null, field: null }],
          revision: 1,
          next_step_at: new Date(now.getTime() + deskStepMs(ctx)),
          created_at: now,
          updated_at: now,
        })
        .returning();
      if (!created) throw new Error('the port request was not created');
      await tx.insert(auditLog).values({
        actor_id: input.actor.userId,
        impersonator_id: input.actor.impersonatorId,
        company_id: input.companyId,
        action: 'port-requested',
        detail: {
          port_id: created.id,
          numbers: created.numbers.map((entry) => entry.number),
          losing_carrier: created.losing_carrier,
        },
        created_at: now,
      });
      await enqueueDesk(ctx, tx, created);
      return created;
    });
  } catch (error) {
    await removeMedia(ctx, input.documents);
    throw error;
  }
  wakeJobRunners(ctx);
  await publishPort(ctx, row);
  return viewPort(ctx, row);
}

/** The desk's job for the request's current revision, due at its next step (inside the transaction `tx`). */
async function enqueueDesk(ctx: AppContext, tx: Db, row: PortRequestRow): Promise<void> {
  await enqueueJob(
    ctx,
    {
      kind: PORT_DESK_JOB,
      key: deskJobKey(row.id, row.revision),
      payload: { portId: row.id, revision: row.revision },
      runAt: row.next_step_at ?? ctx.now(),
      maxAttempts: 5,
    },
    { tx },
  );
}

/**
 * `POST …/ports/{id}/documents`: the document(s) the desk asked for join the request (the latest of a kind is
 * the one the desk reads) and it goes back to pending, to the desk after one step. 409 unless documents were
 * requested; 422 on the asked document's field when the upload carries no file.
 */
export async function uploadPortDocuments(
  ctx: AppContext,
  row: PortRequestRow,
  documents: StoredPortDocument[],
): Promise<PortRequest> {
  let moved: PortRequestRow | null;
  try {
    if (row.status !== 'documentsRequested') throw conflict(PORT_MESSAGES.notAsked);
    if (documents.length === 0)
      throw invalid({ [row.reason_field ?? 'bill']: [PORT_DOCUMENT_MESSAGES.none] });
    const now = ctx.now();
    moved = await ctx.db.transaction(async (tx) => {
      const next = await movePort(ctx, tx, row, 'pending', {
        documents: [...row.documents, ...documents],
        nextStepAt: new Date(now.getTime() + deskStepMs(ctx)),
        revision: row.revision + 1,
      });
      if (next) await enqueueDesk(ctx, tx, next);
      return next;
    });
    if (!moved) throw conflict(PORT_MESSAGES.notAsked);
  } catch (error) {
    await removeMedia(ctx, documents);
    throw error;
  }
  wakeJobRunners(ctx);
  await publishPort(ctx, moved);
  return viewPort(ctx, moved);
}

/** `POST …/ports/{id}/cancel`: before the FOC date only (409 after); the desk's job is cancelled with it. */
export async function cancelPort(
  ctx: AppContext,
  row: PortRequestRow,
  actor: PortActor,
): Promise<PortRequest> {
  if (!isPortCancellable(row.status)) throw conflict(PORT_MESSAGES.notCancellable);
  const result = await ctx.db.transaction(async (tx) => {
    const canceled = await movePort(ctx, tx, row, 'canceled', { nextStepAt: null });
    if (!canceled) return null;
    const job = await cancelJob(ctx, PORT_DESK_JOB, deskJobKey(row.id, row.revision), { tx });
    await tx.insert(auditLog).values({
      actor_id: actor.userId,
      impersonator_id: actor.impersonatorId,
      company_id: row.company_id,
      action: 'port-canceled',
      detail: { port_id: row.id, numbers: row.numbers.map((entry) => entry.number) },
      created_at: ctx.now(),
    });
    return { canceled, job };
  });
  if (!result) throw conflict(PORT_MESSAGES.notCancellable);
  if (result.job) ctx.jobSignals.cancelled(result.job.id);
  await publishPort(ctx, result.canceled);
  return viewPort(ctx, result.canceled);
}

/** The stored document a signed link names: the request must be the signed company's. */
export async function portDocumentOf(
  ctx: AppContext,
  ref: { companyId: number; portId: number; index: number },
): Promise<StoredPortDocument | null> {
  const [row] = await ctx.db
    .select({ documents: portRequests.documents })
    .from(portRequests)
    .where(and(eq(portRequests.id, ref.portId), eq(portRequests.company_id, ref.companyId)));
  return row?.documents[ref.index] ?? null;
}
