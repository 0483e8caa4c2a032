/**
 * Conflicts of offline edits: a change queued offline and replayed later must not silently overwrite a record
 * someone else changed meanwhile. A replayed change of a record (an endpoint marked `replay` in the contract,
 * shared/api/contract.ts) carries the record's `updated_at` as the person last saw it in `VERSION_HEADER`; when
 * the record's `updated_at` differs now, the write is refused with 409, naming the record, and nothing changes.
 * Without the header nothing is checked: online edits behave as they always have.
 *
 * route.ts calls this after the caller's access and the input are checked (so 401/404/403/422 come first, and a
 * record of another company is never read here) and before the handler. The idempotency hook runs earlier still:
 * a repeat of a key already applied answers its first answer, so a replay that did land is not refused as stale
 * by its own change. The check and the write are not one transaction; a change landing between them (a window of
 * milliseconds, for a replay that was minutes or days late) is not caught.
 */
import {
  type Endpoint,
  type RecordKind,
  STALE_FIELD,
  staleRecordMessage,
  VERSION_HEADER,
} from '@shared/api/contract';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  contactGroups,
  contactLabels,
  contacts,
  conversations,
  dniSources,
  eavAttributes,
  greetings,
  notes,
  numbers,
  numberTriggers,
  schedules,
  users,
} from '../db/schema';
import { HttpError } from '../lib/errors';
import type { AppContext } from './context';

interface Versioned {
  table: PgTable;
  /** The column the record's path value (or the caller's id) names. */
  key: PgColumn;
  updatedAt: PgColumn;
  /** The company column, so a record is only read within the company the route resolved. */
  company?: PgColumn;
}

/** The usual versioned record: a company's, named by its id. */
function companyRecord(
  table: PgTable & { id: PgColumn; updated_at: PgColumn; company_id: PgColumn },
): Versioned {
  return { table, key: table.id, updatedAt: table.updated_at, company: table.company_id };
}

/**
 * The kinds of record that keep an `updated_at`, and where. Every write of these tables sets it (the services'
 * update paths: contacts/service/edit.ts, groups/service/groups.ts, notes/service.ts, customFields/fields.ts,
 * conversations/service/state.ts, numbers/config/service/number.ts, users/service/profile.ts, labels/service.ts).
 */
const VERSIONED: Partial<Record<RecordKind, Versioned>> = {
  contact: companyRecord(contacts),
  conversation: companyRecord(conversations),
  customField: companyRecord(eavAttributes),
  greeting: companyRecord(greetings),
  group: companyRecord(contactGroups),
  label: companyRecord(contactLabels),
  note: companyRecord(notes),
  number: companyRecord(numbers),
  schedule: { table: schedules, key: schedules.company_id, updatedAt: schedules.updated_at },
  dniSource: companyRecord(dniSources),
  trigger: companyRecord(numberTriggers),
  user: { table: users, key: users.id, updatedAt: users.updated_at },
};

/** Whether a record of this kind keeps a version the check can compare. */
export function isVersioned(kind: RecordKind): boolean {
  return VERSIONED[kind] !== undefined;
}

/** The version a request says it saw: the header's time in ms, undefined without one, 422 when it is no time. */
function versionSeen(headers: Record<string, unknown>): number | undefined {
  const value = headers[VERSION_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new HttpError(422, 'The given data was invalid.', {
      [VERSION_HEADER]: [
        `${VERSION_HEADER} is the record's updated_at as last seen, an ISO time (2024-05-01T12:00:00.000Z).`,
      ],
    });
  }
  return time;
}

/** What the check needs of the request, as route.ts has it once access and input are checked. */
export interface ConflictInput {
  headers: Record<string, unknown>;
  params: unknown;
  /** The caller's user id, for a write on the caller's own record. */
  userId: number | null;
  /** The company the route resolved, if any: a record is only read within it. */
  companyId: number | null;
}

/**
 * Refuses with 409 a replayed change whose record changed after the client saw it (see the header). Does nothing
 * for an endpoint not marked `replay`, a request without the header, a create (no record named), a kind that
 * keeps no version, or a record not found (the handler answers that as it always has).
 */
export async function refuseStaleChange(
  ctx: AppContext,
  endpoint: Endpoint,
  input: ConflictInput,
): Promise<void> {
  const replay = endpoint.replay;
  if (!replay) return;
  const seen = versionSeen(input.headers);
  if (seen === undefined) return;
  const versioned = VERSIONED[replay.record];
  if (!versioned) return;
  const id = replay.self
    ? input.userId
    : (input.params as Record<string, unknown> | undefined)?.[replay.param ?? 'id'];
  if (typeof id !== 'number') return;
  const [row] = await ctx.db
    .select({ updatedAt: versioned.updatedAt })
    .from(versioned.table)
    .where(
      and(
        eq(versioned.key, id),
        versioned.company && input.companyId !== null ? eq(versioned.company, input.companyId) : undefined,
      ),
    )
    .limit(1);
  const current = row?.updatedAt;
  if (!(current instanceof Date) || current.getTime() === seen) return;
  throw new HttpError(409, staleRecordMessage(replay.record), {
    [STALE_FIELD]: [`Changed at ${current.toISOString()}; you last saw ${new Date(seen).toISOString()}.`],
  });
}
