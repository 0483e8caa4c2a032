/**
 * Server state: one QueryClient, retention per data tag as §9 says, and persistence through the platform so the
 * app opens with the last data when offline (ARCHITECTURE "Renderer state").
 */

import { RETENTION_MS } from '@shared/domain/limits';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { Platform } from '../platform';
import { ApiError } from './client';
import { type ReplayRefusal, replayRefusal } from './replay';

/** Retries a failure only when there was no answer at all (a dropped connection), never a 4xx. */
export function retryWhenUnreachable(failures: number, error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && failures < 3;
}

/**
 * `onReplayRefused` hears of a mutation that waited for the connection and was then refused by the server, so the
 * user learns that an edit made offline did not take. A replayable change (./replay.ts) comes with what the replay
 * layer knows of it: whether the record had changed meanwhile (a conflict), and how the person knows the record.
 */
export function createQueryClient(
  onReplayRefused: (error: ApiError, refusal?: ReplayRefusal) => void = () => {},
): QueryClient {
  const client = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!(error instanceof ApiError) || error.status === 0) return;
        const refusal = replayRefusal(error);
        if (refusal) onReplayRefused(error, refusal);
        else if (mutation.state.failureCount > 1) onReplayRefused(error);
      },
    }),
    defaultOptions: {
      queries: {
        gcTime: RETENTION_MS.default,
        staleTime: 30_000,
        retry: retryWhenUnreachable,
        refetchOnWindowFocus: true,
      },
      mutations: {
        // A mutation that could not reach the server waits, paused, until the connection is back.
        retry: (failures, error) => error instanceof ApiError && error.status === 0 && failures < 1000,
        retryDelay: (attempt) => Math.min(30_000, 1000 * 2 ** attempt),
      },
    },
  });
  // §9 "Retention: conversation cache 600 s; number search 300 s; SMS verification 3 minutes; dashboard 15 s;
  // timeline events 5 s; current user indefinite; default unused data 60 s."
  client.setQueryDefaults(['User', 'me'], {
    gcTime: RETENTION_MS.currentUser,
    staleTime: Number.POSITIVE_INFINITY,
  });
  client.setQueryDefaults(['Conversation'], { gcTime: RETENTION_MS.conversations });
  client.setQueryDefaults(['NumberPrefixes'], { gcTime: RETENTION_MS.numberSearch });
  client.setQueryDefaults(['SmsVerification'], { gcTime: RETENTION_MS.smsVerification });
  client.setQueryDefaults(['Dashboard'], { gcTime: RETENTION_MS.dashboard });
  client.setQueryDefaults(['DNI'], { gcTime: RETENTION_MS.timelineEvents });
  return client;
}

/**
 * Fields of server answers that are secrets: kept in memory for the screen that asked, never written with the
 * cache (the user's SIP password comes with `GET /user`, and the cache outlives the session on disk).
 */
const SECRET_FIELDS = new Set(['sip_password']);
/**
 * What a secret that was set is stored as: whether it is set still counts (a user with a whole calling line has
 * the phone, `canUserCall`), its value never leaves memory.
 */
export const STORED_SECRET = '(set; not stored)';

/** The cache as stored: JSON with each secret that was set replaced by `STORED_SECRET`. */
export function serializeWithoutSecrets(cache: unknown): string {
  return JSON.stringify(cache, (key, value) =>
    SECRET_FIELDS.has(key) && typeof value === 'string' && value !== '' ? STORED_SECRET : value,
  );
}

/** The cache, kept through the platform's storage (IndexedDB on the web, main's store on desktop). */
export function createPersister(platform: Platform) {
  return createAsyncStoragePersister({
    serialize: serializeWithoutSecrets,
    storage: {
      getItem: platform.storage.get,
      setItem: platform.storage.set,
      removeItem: platform.storage.remove,
    },
    key: 'switchboard.query-cache',
    throttleTime: 1000,
  });
}

/** How long persisted data may be shown when offline before it is thrown away. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
