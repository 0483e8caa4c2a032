/**
 * The API client against a fake transport: the rules of spec §7 General behaviour and §8, one by one, then the
 * contract call (`api.call`): path, company, method, query, multipart, options, and its types.
 */
import { API_KEY_ENDPOINTS } from '@shared/api/apiKeys';
import { AUTH_ENDPOINTS } from '@shared/api/auth';
import { CONTACT_ENDPOINTS, type Contact } from '@shared/api/contacts';
import { RATE_LIMIT_WARNING } from '@shared/domain/messages';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, ApiError, createApiClient } from './client';

type Reply = { status: number; data?: unknown; headers?: Record<string, string> } | 'network-error';

function setup(replies: Reply[], overrides: Partial<ApiClientDeps> = {}) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const reply = replies.shift() ?? { status: 200, data: {} };
    if (reply === 'network-error') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = {
      data: reply.data,
      status: reply.status,
      statusText: '',
      headers: reply.headers ?? {},
      config,
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      'ERR_BAD_RESPONSE',
      config,
      null,
      response,
    );
  };
  const deps = {
    baseURL: '/api',
    accessToken: vi.fn(async () => null as string | null),
    refreshAccessToken: vi.fn(async () => null as string | null),
    isAdminSession: vi.fn(() => false),
    selectedCompanyId: vi.fn(() => 42 as number | null),
    supportEmail: () => 'help@demo.test',
    onUnauthenticated: vi.fn(),
    afterLogout: vi.fn(),
    notify: vi.fn(),
    sleep: vi.fn(async () => {}),
    adapter,
    ...overrides,
  };
  return { client: createApiClient(deps), deps, seen };
}

const fullUrl = (config: InternalAxiosRequestConfig) => {
  const query =
    config.paramsSerializer &&
    typeof config.paramsSerializer === 'object' &&
    config.paramsSerializer.serialize
      ? config.paramsSerializer.serialize(config.params ?? {}, {})
      : '';
  return `${config.url}${query ? `?${query}` : ''}`;
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('§7 General behaviour', () => {
  it('returns data and status; brackets arrays, JSON-encodes objects, fills the company placeholder', async () => {
    const { client, seen } = setup([{ status: 200, data: { ok: 1 } }]);
    const result = await client.get('/companies/{companyId}/conversations', {
      params: { ids: [1, 2], filters: { archived: false }, companyId: '{companyId}' },
    });
    expect(result).toEqual({ data: { ok: 1 }, status: 200 });
    expect(fullUrl(seen[0] as InternalAxiosRequestConfig)).toBe(
      `/companies/42/conversations?ids[]=1&ids[]=2&filters=${encodeURIComponent('{"archived":false}')}&companyId=42`,
    );
    const config = seen[0] as InternalAxiosRequestConfig;
    expect(config.withCredentials).toBe(true);
    expect(config.timeout).toBe(0);
    expect(config.baseURL).toBe('/api');
    expect(config.headers['Content-Type']).toBe('application/json');
  });

  it('sends the bearer token the platform holds, the admin header for an admin session, and an Idempotency-Key', async () => {
    const { client, seen } = setup([{ status: 200 }], {
      accessToken: async () => 'sba_token',
      isAdminSession: () => true,
    });
    await client.post('/x', { a: 1 }, { idempotencyKey: 'replay-0001' });
    const headers = (seen[0] as InternalAxiosRequestConfig).headers;
    expect(headers.Authorization).toBe('Bearer sba_token');
    expect(headers['X-Admin-Session']).toBe('1');
    expect(headers['Idempotency-Key']).toBe('replay-0001');
  });
});

describe('§8 "401, or 500 with a message containing Unauthenticated (unless the request opts out)"', () => {
  it.each([
    [{ status: 401, data: { message: 'Unauthenticated.' } }],
    [{ status: 500, data: { message: 'Unauthenticated' } }],
  ])('%j signs out, clears the session, and runs the after-logout step 500 ms later', async (reply) => {
    const { client, deps } = setup([reply]);
    await expect(client.get('/user')).rejects.toBeInstanceOf(ApiError);
    expect(deps.onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(deps.afterLogout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(499);
    expect(deps.afterLogout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deps.afterLogout).toHaveBeenCalledTimes(1);
  });

  it('a 401 to a call of an earlier session (in flight across a sign-out and a new sign-in) signs nobody out', async () => {
    let session = 1;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { client, deps } = setup([], {
      session: () => session,
      adapter: async (config) => {
        await answered;
        throw new AxiosError('401', 'ERR_BAD_REQUEST', config, null, {
          data: { message: 'Unauthenticated.' },
          status: 401,
          statusText: '',
          headers: {},
          config,
        });
      },
    });
    const stale = client.get('/user');
    session = 3;
    answer();
    await expect(stale).rejects.toMatchObject({ status: 401 });
    vi.advanceTimersByTime(1_000);
    expect(deps.onUnauthenticated).not.toHaveBeenCalled();
    expect(deps.afterLogout).not.toHaveBeenCalled();
  });

  it('a sign-in within 500 ms of a session ending stays where it is (no after-logout step)', async () => {
    let session = 1;
    const { client, deps } = setup([{ status: 401, data: { message: 'Unauthenticated.' } }], {
      session: () => session,
      onUnauthenticated: vi.fn(() => {
        session = 2;
      }),
    });
    await expect(client.get('/user')).rejects.toBeInstanceOf(ApiError);
    expect(deps.onUnauthenticated).toHaveBeenCalledTimes(1);
    session = 3;
    vi.advanceTimersByTime(500);
    expect(deps.afterLogout).not.toHaveBeenCalled();
  });

  it('a request that opts out keeps the session', async () => {
    const { client, deps } = setup([
      { status: 401, data: { message: 'These credentials do not match our records.' } },
    ]);
    await expect(
      client.post('/sanctum/login', {}, { keepSessionOn401: true, silent: true }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'These credentials do not match our records.',
    });
    expect(deps.onUnauthenticated).not.toHaveBeenCalled();
  });

  it('the desktop renews an expired access token once, then retries the call', async () => {
    const { client, deps, seen } = setup([{ status: 401 }, { status: 200, data: 'fine' }], {
      refreshAccessToken: vi.fn(async () => 'sba_new'),
      accessToken: vi.fn().mockResolvedValueOnce('sba_old').mockResolvedValue('sba_new'),
    });
    await expect(client.get('/user')).resolves.toEqual({ data: 'fine', status: 200 });
    expect(deps.onUnauthenticated).not.toHaveBeenCalled();
    expect((seen[1] as InternalAxiosRequestConfig).headers.Authorization).toBe('Bearer sba_new');
  });
});

describe('§8 "400/403/422: show error titles and details or messages for 10 s"', () => {
  it.each([400, 403, 422])(
    '%i shows the messages for 10 s and rejects with the field errors',
    async (status) => {
      const { client, deps } = setup([
        { status, data: { message: 'The given data was invalid.', errors: { name: ['Enter a name.'] } } },
      ]);
      const error = await client.post('/users/invites', {}).catch((e: ApiError) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).field('name')).toBe('Enter a name.');
      expect(deps.notify).toHaveBeenCalledWith('danger', expect.any(String), ['Enter a name.'], 10_000);
    },
  );

  it('a silent request (a form showing its own errors) shows no toast', async () => {
    const { client, deps } = setup([{ status: 422, data: { message: 'x', errors: { a: ['b'] } } }]);
    await client.post('/x', {}, { silent: true }).catch(() => undefined);
    expect(deps.notify).not.toHaveBeenCalled();
  });
});

describe('§8 "429: wait for the retry-after value (default 5000 ms), retry up to 3 times; on the first retry warn"', () => {
  it('waits Retry-After, warns once with the exact text, and succeeds', async () => {
    const { client, deps } = setup([
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 429 },
      { status: 200, data: 'ok' },
    ]);
    await expect(client.get('/user')).resolves.toEqual({ data: 'ok', status: 200 });
    expect(deps.sleep).toHaveBeenNthCalledWith(1, 2000);
    expect(deps.sleep).toHaveBeenNthCalledWith(2, 5000);
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith('warn', expect.any(String), [RATE_LIMIT_WARNING], 10_000);
  });

  it('gives up after 3 retries', async () => {
    const { client, deps } = setup([{ status: 429 }, { status: 429 }, { status: 429 }, { status: 429 }]);
    await expect(client.get('/user')).rejects.toMatchObject({ status: 429 });
    expect(deps.sleep).toHaveBeenCalledTimes(3);
  });

  it('a call that asks not to wait (a refusal to show the person) fails at once with its words', async () => {
    const { client, deps } = setup([
      { status: 429, headers: { 'retry-after': '3300' }, data: { message: 'Ask again in 55 minutes.' } },
    ]);
    await expect(
      client.post('/email/verification-notification', undefined, { retryWhenRateLimited: false }),
    ).rejects.toMatchObject({
      status: 429,
      message: 'Ask again in 55 minutes.',
    });
    expect(deps.sleep).not.toHaveBeenCalled();
    expect(deps.notify).not.toHaveBeenCalled();
  });
});

describe('§8 other failures', () => {
  it('return the status and the errors (the errors field, else the body, else a message under an empty key)', async () => {
    const { client } = setup([
      { status: 409, data: { message: 'Already invited.', errors: { email: ['Already invited.'] } } },
      { status: 409, data: { message: 'Conflict' } },
      { status: 502, data: '' },
    ]);
    await expect(client.post('/a')).rejects.toMatchObject({
      status: 409,
      errors: { email: ['Already invited.'] },
      message: 'Already invited.',
    });
    await expect(client.post('/b')).rejects.toMatchObject({ status: 409, errors: { message: 'Conflict' } });
    const fallback =
      'An unknown error has occurred, please try again or contact support by emailing us at help@demo.test';
    await expect(client.post('/c')).rejects.toMatchObject({
      status: 502,
      errors: { '': [fallback] },
      message: fallback,
    });
  });

  it('a network failure keeps its code and says in words what happened', async () => {
    const { client } = setup(['network-error']);
    await expect(client.get('/user')).rejects.toMatchObject({
      status: 0,
      code: 'ERR_NETWORK',
      message: 'Cannot reach the server. Check your connection; we will keep trying.',
    });
  });

  it('a call that needs a company, before one is selected, fails clearly without a request', async () => {
    const { client, seen } = setup([], { selectedCompanyId: () => null });
    await expect(client.get('/companies/{companyId}/tags')).rejects.toThrow('No company is selected');
    expect(seen).toHaveLength(0);
  });
});

describe('api.call: a call of the contract', () => {
  it('uses the endpoint’s method, fills and URL-encodes the path, sends the body as JSON, answers the data', async () => {
    const { client, seen } = setup([{ status: 200, data: { id: 7, name: 'Ann' } }]);
    const contact = await client.call(
      CONTACT_ENDPOINTS.update,
      { params: { id: 'a b/7' }, body: { name: 'Ann' } },
      { silent: true },
    );
    expect(contact).toEqual({ id: 7, name: 'Ann' });
    const config = seen[0] as InternalAxiosRequestConfig;
    expect(config.method).toBe('patch');
    expect(config.url).toBe('/contacts/a%20b%2F7');
    expect(JSON.parse(String(config.data))).toEqual({ name: 'Ann' });
    expect(config.headers['Content-Type']).toBe('application/json');
  });

  it('fills {companyId} from the params, else from the selected company; without one it sends nothing', async () => {
    const { client, seen } = setup([{ status: 200 }, { status: 200 }]);
    await client.call(CONTACT_ENDPOINTS.importProgress, { params: { batchId: 5 } });
    await client.call(CONTACT_ENDPOINTS.importProgress, { params: { companyId: 7, batchId: 5 } });
    expect(seen.map((config) => config.url)).toEqual([
      '/companies/42/contacts/progress/5',
      '/companies/7/contacts/progress/5',
    ]);

    const none = setup([], { selectedCompanyId: () => null });
    await expect(
      none.client.call(CONTACT_ENDPOINTS.importProgress, { params: { batchId: 5 } }),
    ).rejects.toThrow('No company is selected');
    expect(none.seen).toHaveLength(0);
  });

  it('serialises the query as §7 says: bracket arrays, JSON objects, nothing for undefined', async () => {
    const { client, seen } = setup([{ status: 200 }, { status: 200 }]);
    await client.call(CONTACT_ENDPOINTS.list, {
      query: { companyId: 42, page: 2, filters: { search: 'ann' }, sort: undefined },
    });
    await client.call(CONTACT_ENDPOINTS.get, { params: { id: 3 }, query: { include: ['notes', 'groups'] } });
    expect(seen.map((config) => fullUrl(config))).toEqual([
      `/contacts?companyId=42&page=2&filters=${encodeURIComponent('{"search":"ann"}')}`,
      '/contacts/3?include[]=notes&include[]=groups',
    ]);
    expect(seen[0]?.method).toBe('get');
    expect(seen[0]?.data).toBeUndefined();
  });

  it('sends a multipart endpoint’s fields as FormData, in order: lists as name[], objects as JSON, files named', async () => {
    const { client, seen } = setup([{ status: 200, data: { id: 1 } }]);
    const file = new File(['name,number\n'], 'people.csv', { type: 'text/csv' });
    const progress: number[] = [];
    await client.call(
      CONTACT_ENDPOINTS.import,
      {
        params: { companyId: 3 },
        body: { mapping: { name: 'name' }, groups: [4, 7], skipped: undefined, file },
      },
      { onUploadProgress: (fraction) => progress.push(fraction) },
    );
    const config = seen[0] as InternalAxiosRequestConfig;
    expect(config.method).toBe('put');
    expect(config.url).toBe('/companies/3/contacts');
    expect(config.headers['Content-Type']).toBe('multipart/form-data');
    expect(config.data).toBeInstanceOf(FormData);
    const entries = [...(config.data as FormData).entries()];
    expect(entries.map(([key]) => key)).toEqual(['mapping', 'groups[]', 'groups[]', 'file']);
    expect(entries[0]?.[1]).toBe('{"name":"name"}');
    expect(entries.slice(1, 3).map(([, value]) => value)).toEqual(['4', '7']);
    const sent = entries[3]?.[1];
    expect(sent instanceof File ? sent.name : sent).toBe('people.csv');
    config.onUploadProgress?.({ loaded: 5, total: 10 } as never);
    expect(progress).toEqual([0.5]);
  });

  it('keeps every option: idempotency key, headers, signal, response type, and the §8 handling of silent calls', async () => {
    const { client, seen, deps } = setup([
      { status: 200, data: 'a,b\n' },
      { status: 422, data: { errors: {} } },
    ]);
    const controller = new AbortController();
    const csv = await client.call(
      CONTACT_ENDPOINTS.bulkExport,
      { params: { companyId: 42 }, body: { contacts: [1, 2] } },
      {
        idempotencyKey: 'key-1',
        headers: { Accept: 'text/csv' },
        signal: controller.signal,
        responseType: 'text',
      },
    );
    expect(csv).toBe('a,b\n');
    const config = seen[0] as InternalAxiosRequestConfig;
    expect(config.method).toBe('post');
    expect(config.headers['Idempotency-Key']).toBe('key-1');
    expect(config.headers.Accept).toBe('text/csv');
    expect(config.signal).toBe(controller.signal);
    expect(config.responseType).toBe('text');

    await expect(
      client.call(AUTH_ENDPOINTS.passwordForgot, { body: { email: 'a@b.test' } }, { silent: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('checks the answer against the contract when asked to (tests), and only then', async () => {
    const wrong = { status: 200, data: { id: 'seven' } };
    const checked = setup([{ status: 200, data: [] }], { validateResponses: true });
    await expect(checked.client.call(API_KEY_ENDPOINTS.list)).resolves.toEqual([]);
    const strict = setup([wrong], { validateResponses: true });
    await expect(strict.client.call(CONTACT_ENDPOINTS.get, { params: { id: 1 } })).rejects.toThrow(
      'GET /contacts/{id} answered outside its contract',
    );
    const app = setup([wrong]);
    await expect(app.client.call(CONTACT_ENDPOINTS.get, { params: { id: 1 } })).resolves.toEqual({
      id: 'seven',
    });
  });

  it('is typed by the contract (checked by tsc)', () => {
    const { client } = setup([]);
    const typed = async () => {
      const contact: Contact = await client.call(CONTACT_ENDPOINTS.update, {
        params: { id: 1 },
        body: { name: 'Ann' },
      });
      // @ts-expect-error a field the body does not have
      await client.call(CONTACT_ENDPOINTS.update, { params: { id: 1 }, body: { nmae: 'Ann' } });
      // @ts-expect-error the path's {id} is missing
      await client.call(CONTACT_ENDPOINTS.update, { body: { name: 'Ann' } });
      // @ts-expect-error a GET takes no body
      await client.call(AUTH_ENDPOINTS.user, { body: { name: 'Ann' } });
      // @ts-expect-error the list's query needs the company
      await client.call(CONTACT_ENDPOINTS.list, { query: { page: 2 } });
      // @ts-expect-error an empty answer (204) is undefined, not a contact
      const removed: Contact = await client.call(CONTACT_ENDPOINTS.remove, { params: { id: 1 } });
      return [contact, removed];
    };
    expect(typed).toBeTypeOf('function');
  });
});
