/**
 * The replay layer against a fake transport: a change of a `replay` endpoint keeps its Idempotency-Key, waits
 * while offline, is replayed in order with the record's last-seen `updated_at`, survives a restart (persisted and
 * restored into a new cache), and a conflict on replay is reported by the record's name while the rest still land.
 */
import { CONTACT_ENDPOINTS } from '@shared/api/contacts';
import { STALE_FIELD, VERSION_HEADER } from '@shared/api/contract';
import { GROUP_ENDPOINTS } from '@shared/api/groups';
import { dehydrate, hydrate, MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { onlineWithFakeTimers } from '../testing/onlineWithFakeTimers';
import { ApiError, createApiClient } from './client';
import { createQueryClient } from './queryClient';
import {
  conflictMessage,
  isReplayConflict,
  type ReplayCall,
  type ReplayRefusal,
  type ReplayVariables,
  registerReplays,
  replayKey,
  replayVariables,
} from './replay';

type Reply = { status: number; data?: unknown } | 'network-error';

/** A server behind a fake transport: answers in order (200 `{}` when none is left), and logs every request. */
function setup(replies: Reply[] = [], register = registerReplays) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const reply = replies.shift() ?? { status: 200, data: {} };
    if (reply === 'network-error') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status < 300) return response;
    throw new AxiosError('refused', 'ERR_BAD_REQUEST', config, null, response);
  };
  const api = createApiClient({
    baseURL: '/api',
    accessToken: async () => null,
    refreshAccessToken: async () => null,
    isAdminSession: () => false,
    selectedCompanyId: () => 7,
    supportEmail: () => 'help@demo.test',
    onUnauthenticated: vi.fn(),
    afterLogout: vi.fn(),
    notify: vi.fn(),
    onUnreachable: () => onlineManager.setOnline(false),
    adapter,
  });
  const refused = vi.fn<(error: ApiError, refusal?: ReplayRefusal) => void>();
  const client = createQueryClient(refused);
  client.mount();
  register(client, api);
  return { client, seen, refused };
}

/** A change as a screen makes it (useContractMutation does the same through useMutation). */
function change<E extends typeof CONTACT_ENDPOINTS.update | typeof GROUP_ENDPOINTS.update>(
  client: QueryClient,
  endpoint: E,
  call: ReplayCall<E>,
) {
  const observer = new MutationObserver<unknown, ApiError, ReplayVariables>(client, {
    mutationKey: replayKey(endpoint),
  });
  return observer
    .mutate(replayVariables(endpoint, { screen: 'own variables' }, call))
    .catch((error) => error);
}

const header = (config: InternalAxiosRequestConfig | undefined, name: string) =>
  config?.headers[name] as string | undefined;

/** The version each change saw. Each test changes records of its own ids: the layer remembers moves per session. */
const SEEN = '2024-05-01T10:00:00.123Z';

onlineWithFakeTimers();

describe('a change made online', () => {
  it('is sent at once with its Idempotency-Key and no version: online edits behave as they always have', async () => {
    const { client, seen } = setup([{ status: 200, data: { id: 5, name: 'Ada', updated_at: 'later' } }]);
    const answer = await change(client, CONTACT_ENDPOINTS.update, {
      input: { params: { id: 5 }, body: { name: 'Ada' } },
      lastSeen: SEEN,
    });
    expect(answer).toEqual({ id: 5, name: 'Ada', updated_at: 'later' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('patch');
    expect(seen[0]?.url).toBe('/contacts/5');
    expect(header(seen[0], 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(header(seen[0], VERSION_HEADER)).toBeUndefined();
  });

  it('that got no answer waits for the connection, then is sent again with the same key and the version', async () => {
    const { client, seen } = setup(['network-error', { status: 200, data: {} }]);
    const done = change(client, CONTACT_ENDPOINTS.update, {
      input: { params: { id: 6 }, body: { name: 'Ada' } },
      lastSeen: SEEN,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toHaveLength(1);
    expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true);

    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(5_000);
    await done;
    expect(seen).toHaveLength(2);
    expect(header(seen[1], 'Idempotency-Key')).toBe(header(seen[0], 'Idempotency-Key'));
    expect(header(seen[1], VERSION_HEADER)).toBe(SEEN);
  });
});

describe('changes made offline', () => {
  it('wait, then are sent one at a time in the order they were made; a conflict is reported by name and the rest land', async () => {
    const { client, seen, refused } = setup([
      { status: 200, data: { id: 1, updated_at: 'v2' } },
      {
        status: 409,
        data: {
          message:
            'This contact was changed by someone else after you edited it offline; your change was not saved.',
          errors: { [STALE_FIELD]: ['Changed at …'] },
        },
      },
      { status: 200, data: { id: 3 } },
    ]);
    onlineManager.setOnline(false);
    const first = change(client, CONTACT_ENDPOINTS.update, {
      input: { params: { id: 1 }, body: { name: 'One' } },
      lastSeen: SEEN,
    });
    const second = change(client, CONTACT_ENDPOINTS.update, {
      input: { params: { id: 2 }, body: { name: 'Two' } },
      lastSeen: SEEN,
      name: 'Bea Two',
    });
    const third = change(client, GROUP_ENDPOINTS.update, {
      input: { params: { id: 3 }, body: { name: 'Three' } },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toHaveLength(0);
    expect(
      client
        .getMutationCache()
        .getAll()
        .every((mutation) => mutation.state.isPaused),
    ).toBe(true);

    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(1_000);
    const [one, two, three] = await Promise.all([first, second, third]);
    expect(seen.map((config) => config.url)).toEqual(['/contacts/1', '/contacts/2', '/groups/3']);
    expect(seen.map((config) => header(config, VERSION_HEADER))).toEqual([SEEN, SEEN, undefined]);
    expect(new Set(seen.map((config) => header(config, 'Idempotency-Key'))).size).toBe(3);
    expect(one).toEqual({ id: 1, updated_at: 'v2' });
    expect(three).toEqual({ id: 3 });

    expect(two).toBeInstanceOf(ApiError);
    expect(isReplayConflict(two)).toBe(true);
    expect(refused).toHaveBeenCalledTimes(1);
    const [error, refusal] = refused.mock.calls[0] ?? [];
    expect(refusal).toEqual({ conflict: true, record: 'contact', name: 'Bea Two' });
    expect(conflictMessage(refusal as ReplayRefusal, error?.message ?? '')).toBe(
      'The contact “Bea Two” was changed by someone else after you edited it offline; your change was not saved.',
    );
  });

  it('a replay refused for another reason is reported as such, not as a conflict', async () => {
    const { client, refused } = setup([
      { status: 422, data: { message: 'The given data was invalid.', errors: { name: ['Enter a name.'] } } },
    ]);
    onlineManager.setOnline(false);
    const done = change(client, GROUP_ENDPOINTS.update, {
      input: { params: { id: 3 }, body: { name: 'x' } },
    });
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isReplayConflict(await done)).toBe(false);
    expect(refused.mock.calls[0]?.[1]).toEqual({ conflict: false, record: 'group' });
  });

  it('two changes of one record: the second is sent with the version the first made, not taken for a conflict', async () => {
    const { client, seen } = setup([
      { status: 200, data: { id: 9, updated_at: '2024-05-01T10:05:00.000Z' } },
      { status: 200, data: { id: 9, updated_at: '2024-05-01T10:06:00.000Z' } },
    ]);
    onlineManager.setOnline(false);
    const input = (name: string) => ({ params: { id: 9 }, body: { name } });
    const first = change(client, CONTACT_ENDPOINTS.update, { input: input('Nine'), lastSeen: SEEN });
    const second = change(client, CONTACT_ENDPOINTS.update, { input: input('Nine again'), lastSeen: SEEN });
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all([first, second]);
    expect(seen.map((config) => header(config, VERSION_HEADER))).toEqual([SEEN, '2024-05-01T10:05:00.000Z']);
  });
});

describe('after a restart', () => {
  it('a change persisted while waiting is restored into a new cache and replayed by its key, with its key', async () => {
    const before = setup();
    onlineManager.setOnline(false);
    void change(before.client, CONTACT_ENDPOINTS.update, {
      input: { params: { id: 4 }, body: { name: 'Persisted' } },
      lastSeen: SEEN,
    });
    await vi.advanceTimersByTimeAsync(0);
    // What the persister writes to the platform's storage, through JSON as it would be stored.
    const stored = JSON.parse(JSON.stringify(dehydrate(before.client)));
    expect(stored.mutations).toHaveLength(1);
    const key = stored.mutations[0].state.variables.idempotencyKey;

    // A new session: the layer has met no endpoint yet, so it finds this one in the contract by the key.
    vi.resetModules();
    const restarted = await import('./replay');
    const after = setup([{ status: 200, data: { id: 4 } }], restarted.registerReplays);
    hydrate(after.client, stored);
    onlineManager.setOnline(true);
    await after.client.resumePausedMutations();
    await vi.waitFor(() => expect(after.seen).toHaveLength(1), { timeout: 10_000 });
    expect(after.seen[0]?.url).toBe('/contacts/4');
    expect(JSON.parse(String(after.seen[0]?.data))).toEqual({ name: 'Persisted' });
    expect(header(after.seen[0], 'Idempotency-Key')).toBe(key);
    expect(header(after.seen[0], VERSION_HEADER)).toBe(SEEN);
    await vi.waitFor(() => expect(after.client.getMutationCache().getAll()[0]?.state.status).toBe('success'));
  });
});
