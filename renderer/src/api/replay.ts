/**
 * Offline replay: the one path of every write the contract marks `replay` (shared/api/contract.ts). Such a
 * mutation is made with an Idempotency-Key kept in its variables, waits (paused) while the platform is
 * unreachable, is persisted with the query cache through the platform's storage, and is sent when the connection
 * is back — in the order the changes were made, one at a time (one mutation scope). The server applies a key once,
 * so a replay that did land before the answer was lost is not applied twice.
 *
 * A replayed change of a record also sends the record's `updated_at` as the person last saw it (`VERSION_HEADER`),
 * so the server refuses with 409 rather than overwrite what someone else changed meanwhile. The first attempt of a
 * change made online sends none: online edits behave as they always have.
 *
 * Every replayable mutation runs the function registered here by its key prefix (`setMutationDefaults`), not one
 * a screen passes, so a change replayed after a restart — the screen that made it not open — finds its function;
 * its endpoint is found by the stable key `METHOD /path`. Screens use `useContractMutation` (./useContractMutation).
 */
import {
  type Endpoint,
  RECORD_NOUNS,
  type RecordKind,
  STALE_FIELD,
  VERSION_HEADER,
} from '@shared/api/contract';
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, type ContractCaller } from './client';
import type { CallInput } from './contractCall';

/** The first part of every replayable mutation's key, and the one scope they run in, in order. */
export const REPLAY = 'Replay';

/** A replayable mutation's key: the prefix and the endpoint's stable name, `METHOD /path`. */
export function replayKey(endpoint: Endpoint): readonly [typeof REPLAY, string] {
  return [REPLAY, endpointName(endpoint)];
}

function endpointName(endpoint: Endpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/** What a screen says about one change when it makes it. */
export interface ReplayCall<E extends Endpoint = Endpoint> {
  /** The call as the contract types it: sent as is on every attempt. */
  input: CallInput<E>;
  /** The record's `updated_at` as the person last saw it: sent when the change is replayed. */
  lastSeen?: string | undefined;
  /** How the person knows the record ("Ada Lovelace"), for the message if the change meets a conflict. */
  name?: string | undefined;
}

/** A replayable mutation's variables: all of it is kept with the mutation, through a restart. */
export interface ReplayVariables<V = unknown> extends ReplayCall {
  /** Made when the change is made: every attempt sends the same key. */
  idempotencyKey: string;
  /** The first attempt shows the API client's error toast unless silent; a replay always is (see `replayRefusal`). */
  silent?: boolean;
  /** The screen's own variables, for its callbacks. */
  of: V;
}

/** Endpoints met this session, by their stable name (a screen met them before its changes were made). */
const endpoints = new Map<string, Endpoint>();

/**
 * The endpoint a key names: one a screen used this session, else the contract's, loaded when a change made before
 * a restart is replayed (the whole contract, in its own chunk: never in the first script).
 */
async function endpointOf(name: string): Promise<Endpoint> {
  const known = endpoints.get(name);
  if (known) return known;
  const { CONTRACT } = await import('@shared/api');
  for (const table of Object.values(CONTRACT))
    for (const endpoint of Object.values(table as Record<string, Endpoint>))
      if (endpoint.replay) endpoints.set(endpointName(endpoint), endpoint);
  const found = endpoints.get(name);
  if (!found) throw new Error(`No replayable endpoint is named ${name}.`);
  return found;
}

/**
 * Changes whose first attempt is still to be made while online: that attempt is not a replay and sends no version.
 * Anything else — a retry after no answer, a change made offline, one restored after a restart — is a replay.
 */
const firstAttempts = new WeakSet<object>();

/** The variables of a change to `endpoint`, made now: its key, and whether its first attempt is a replay. */
export function replayVariables<E extends Endpoint, V>(
  endpoint: E,
  of: V,
  call: ReplayCall<E>,
  options: { silent?: boolean } = {},
): ReplayVariables<V> {
  endpoints.set(endpointName(endpoint), endpoint);
  const variables: ReplayVariables<V> = {
    input: call.input,
    idempotencyKey: crypto.randomUUID(),
    of,
    ...(call.lastSeen ? { lastSeen: call.lastSeen } : {}),
    ...(call.name ? { name: call.name } : {}),
    ...(options.silent ? { silent: true } : {}),
  };
  if (onlineManager.isOnline()) firstAttempts.add(variables);
  return variables;
}

/* ------------------------------------------ versions of records ------------------------------------------ */

type Row = { id?: unknown; updated_at?: unknown };

/** The rows a cached answer holds: itself, a list, a page's `data`, or an infinite query's pages. */
function rowsOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (typeof data !== 'object' || data === null) return [];
  const { data: page, pages } = data as { data?: unknown; pages?: unknown };
  if (Array.isArray(page)) return page;
  if (Array.isArray(pages)) return pages.flatMap(rowsOf);
  return [data];
}

/**
 * Record `id` as the person last saw it: the latest (by `updated_at`) of those cached under `queryKey` (its
 * detail, lists of it, pages of it). For a screen's `call`, when it makes a change of a record it shows.
 */
export function cachedRecord<R extends { id: number; updated_at: string }>(
  client: QueryClient,
  queryKey: QueryKey,
  id: number,
): R | undefined {
  let latest: R | undefined;
  for (const [, data] of client.getQueriesData({ queryKey })) {
    for (const row of rowsOf(data) as Row[]) {
      if (row?.id !== id || typeof row.updated_at !== 'string') continue;
      if (!latest || row.updated_at > latest.updated_at) latest = row as R;
    }
  }
  return latest;
}

/** The `updated_at` of record `id` as the person last saw it (see `cachedRecord`). */
export function cachedVersion(client: QueryClient, queryKey: QueryKey, id: number): string | undefined {
  return cachedRecord(client, queryKey, id)?.updated_at;
}

/**
 * How replayed changes moved records this session: `kind:id` → (version sent → version answered). Two changes
 * of one record made offline both saw the version from before the first; once the first lands, the second is
 * sent with the version the first made, so the person's own change is not taken for someone else's.
 */
const moves = new Map<string, Map<string, string>>();

/** The record a call of `endpoint` changes, as `kind:id`; none for a create. */
function recordOf(endpoint: Endpoint, input: unknown): string | undefined {
  const replay = endpoint.replay;
  if (!replay) return undefined;
  if (replay.self) return `${replay.record}:self`;
  const id = (input as { params?: Record<string, unknown> } | undefined)?.params?.[replay.param ?? 'id'];
  return id === undefined ? undefined : `${replay.record}:${String(id)}`;
}

function currentVersion(record: string, seen: string): string {
  const moved = moves.get(record);
  let version = seen;
  for (let hops = 0; moved?.has(version) && hops < 100; hops++) version = moved.get(version) ?? version;
  return version;
}

function remember(record: string, from: string, answer: unknown): void {
  const to = (answer as { updated_at?: unknown } | null)?.updated_at;
  if (typeof to !== 'string' || to === from) return;
  const moved = moves.get(record) ?? new Map<string, string>();
  moved.set(from, to);
  moves.set(record, moved);
}

/* ------------------------------------------------ refusals ------------------------------------------------ */

/** A replayed change the server refused: what the person is told (queryClient.ts shows it). */
export interface ReplayRefusal {
  /** The record changed after the person saw it (409 naming `updated_at`): the change was not applied. */
  conflict: boolean;
  record: RecordKind;
  name?: string;
}

const refusals = new WeakMap<ApiError, ReplayRefusal>();

/** The refusal an error answered a replay with, if it did (the first attempt made online is no replay). */
export function replayRefusal(error: unknown): ReplayRefusal | undefined {
  return error instanceof ApiError ? refusals.get(error) : undefined;
}

/** What the person is told of a conflict: the record by the name they know it by, else the server's words. */
export function conflictMessage(refusal: ReplayRefusal, serverMessage: string): string {
  if (!refusal.name) return serverMessage;
  return `The ${RECORD_NOUNS[refusal.record]} “${refusal.name}” was changed by someone else after you edited it offline; your change was not saved.`;
}

/** Whether an error says a replayed change met a record changed since: the replay layer tells the person. */
export function isReplayConflict(error: unknown): boolean {
  return replayRefusal(error)?.conflict === true;
}

/* ----------------------------------------------- sending ------------------------------------------------- */

/** Sends one attempt of a replayable change. */
async function send(caller: ContractCaller, variables: ReplayVariables, name: string): Promise<unknown> {
  const endpoint = await endpointOf(name);
  const replaying = !firstAttempts.has(variables);
  firstAttempts.delete(variables);
  const record = recordOf(endpoint, variables.input);
  const seen = variables.lastSeen && record ? currentVersion(record, variables.lastSeen) : variables.lastSeen;
  try {
    const answer = await caller.call(endpoint as Endpoint, variables.input as never, {
      idempotencyKey: variables.idempotencyKey,
      silent: replaying || variables.silent === true,
      ...(replaying && seen ? { headers: { [VERSION_HEADER]: seen } } : {}),
    });
    if (record && seen) remember(record, seen, answer);
    return answer;
  } catch (error) {
    if (replaying && error instanceof ApiError && error.status !== 0 && endpoint.replay) {
      refusals.set(error, {
        conflict: error.status === 409 && Array.isArray(error.errors[STALE_FIELD]),
        record: endpoint.replay.record,
        ...(variables.name ? { name: variables.name } : {}),
      });
    }
    throw error;
  }
}

/** Keeps trying a change that got no answer at all (paused while offline); a refusal is final. */
function retryWhileUnreachable(failures: number, error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && failures < 1000;
}

/**
 * Registers the function every replayable mutation runs, by the key prefix, before the persisted cache is
 * restored (App.tsx). A change restored without its screen refreshes what is cached when it lands.
 */
export function registerReplays(client: QueryClient, caller: ContractCaller): void {
  client.setMutationDefaults([REPLAY], {
    mutationFn: (variables, context) =>
      send(caller, variables as unknown as ReplayVariables, String(context.mutationKey?.[1] ?? '')),
    retry: retryWhileUnreachable,
    retryDelay: (attempt) => Math.min(30_000, 1000 * 2 ** attempt),
    scope: { id: REPLAY },
    onSuccess: () => client.invalidateQueries(),
  });
}
