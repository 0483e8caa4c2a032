/**
 * The one API client (spec §7 General behaviour, §8 Error catalogue): one axios instance; credentials included;
 * the XSRF cookie echoed on same-origin writes; a bearer token from the platform when it holds tokens; the admin
 * header for an admin's session; bracket arrays and JSON objects in query strings; the selected company filled
 * into `{companyId}`; no timeout; 2xx accepted. Failures are handled as §8 says, then rejected as `ApiError`.
 *
 * Screens call the contract: `api.call(CONTACT_ENDPOINTS.update, { params: { id }, body }, { silent: true })`
 * answers `ResponseOf` that endpoint, its params, query and body typed by the endpoint's zod schemas
 * (contractCall.ts builds the request). Endpoints are imported from their area's table (the tables `CONTRACT`
 * lists), so a screen loads only the schemas of its own area, not the whole contract. The endpoint object is
 * the call's first argument all the way down, so a layer that queues writes can ask it what it needs. The
 * path-based `get/post/…` are this folder's own; nothing outside it names an API path.
 *
 * Answers are not checked against the contract's response schemas in the app: parsing every page costs time on
 * each call, and a field the server adds before the renderer knows it would fail calls that work. The server
 * already answers through those schemas (its routes are typed by them, its tests check them). Tests may turn the
 * check on (`validateResponses`), so a fake answer that drifts from the contract fails there.
 */

import { withSelectedCompany } from '@shared/api/company';
import type { Endpoint, ResponseOf } from '@shared/api/contract';
import {
  classifyFailure,
  failureLines,
  NETWORK_ERROR_MESSAGES,
  normalizeFailure,
  retryAfterMs,
} from '@shared/api/errors';
import { serializeQuery } from '@shared/api/query';
import { ADMIN_HEADER } from '@shared/domain/auth';
import { DELAYS_MS, RATE_LIMIT_RETRIES } from '@shared/domain/limits';
import { RATE_LIMIT_WARNING, unknownErrorMessage } from '@shared/domain/messages';
import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type AxiosProgressEvent,
  type AxiosRequestConfig,
} from 'axios';
import { z } from 'zod';
import { type CallArgs, contractRequest } from './contractCall';

/** A failed call, as the caller sees it: the status, the errors of §8, and words a person can read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: Record<string, unknown>,
    message: string,
    /** ERR_NETWORK, ECONNABORTED, ETIMEDOUT, … for failures without an answer. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The messages of one field of a 422, for forms. */
  field(name: string): string | undefined {
    const messages = this.errors[name];
    return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
  }
}

export interface RequestOptions {
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Forms that show errors next to their fields opt out of the 400/403/422 toast. */
  silent?: boolean;
  /** A 401 here is about this call, not the session (e.g. a wrong password): do not sign out. */
  keepSessionOn401?: boolean;
  /** Offline replay sends the key the mutation was made with, so the server applies it once (server issue). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Uploads: called with the fraction sent so far (0–1). */
  onUploadProgress?: (fraction: number) => void;
  /** Downloads (a CSV report or export): the body as text instead of JSON. */
  responseType?: 'json' | 'text' | 'blob';
  /**
   * false: a 429 here is a refusal for the person to read (a sign-up or a new link asked for too often, to wait
   * minutes for), not a busy server: it fails at once with its message instead of being waited out and retried.
   */
  retryWhenRateLimited?: boolean;
}

/** The options of a contract call: its query comes with its input, so not here. */
export type CallOptions = Omit<RequestOptions, 'params'>;

export interface ApiResult<T> {
  data: T;
  status: number;
}

export interface ApiClientDeps {
  baseURL: string;
  accessToken(): Promise<string | null>;
  /** The desktop can renew an expired access token once before the session is given up. */
  refreshAccessToken(): Promise<string | null>;
  isAdminSession(): boolean;
  selectedCompanyId(): number | null;
  supportEmail(): string;
  /** Sign out and clear the session; `afterLogout` runs 500 ms later (§8). */
  onUnauthenticated(): void;
  afterLogout(): void;
  /**
   * Which session is current (a number that changes at each sign-in, sign-out and change of person). A 401 to a
   * call made in an earlier session says nothing of this one: a request still in flight when the person signed
   * out, answered after they signed in again, must not sign them out.
   */
  session?(): number;
  /** Shows a toast: kind, title, lines, and for how long. */
  notify(kind: 'danger' | 'warn', title: string, lines: string[], autoCloseMs: number): void;
  sleep?(ms: number): Promise<void>;
  /** Told when a call got no answer at all, and when one got any answer: the connection state follows. */
  onUnreachable?(): void;
  onReachable?(): void;
  /** Tests give a fake transport; the app uses the browser's. */
  adapter?: AxiosAdapter;
  /** Check each contract call's answer against its response schema (tests; see the header for why not the app). */
  validateResponses?: boolean;
}

type Config = AxiosRequestConfig & { retries?: number; refreshed?: boolean; options?: RequestOptions };

/** The one way screens reach the API: a call of the contract, answering the endpoint's response. */
export interface ContractCaller {
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E, CallOptions>): Promise<ResponseOf<E>>;
}

export interface ApiClient extends ContractCaller {
  get<T>(path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  delete<T>(path: string, options?: RequestOptions & { body?: unknown }): Promise<ApiResult<T>>;
  axios: AxiosInstance;
}

const TOAST_TITLES: Record<number, string> = {
  400: 'The request was not accepted',
  403: 'Not allowed',
  422: 'Please check what you entered',
};

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const instance = axios.create({
    baseURL: deps.baseURL,
    withCredentials: true,
    timeout: 0,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    // Same-origin only, as axios decides by default: the cookie's value in X-XSRF-TOKEN.
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    validateStatus: (status) => status >= 200 && status < 300,
    paramsSerializer: { serialize: (params) => serializeQuery(params) },
    adapter: deps.adapter,
  });

  instance.interceptors.request.use(async (config) => {
    const token = await deps.accessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    if (deps.isAdminSession()) config.headers.set(ADMIN_HEADER, '1');
    return config;
  });

  let warnedAboutRateLimit = false;

  async function send<T>(config: Config): Promise<ApiResult<T>> {
    const options = config.options ?? {};
    const session = deps.session?.() ?? 0;
    const filled = withSelectedCompany(
      config.url ?? '',
      config.params as Record<string, unknown> | undefined,
      deps.selectedCompanyId(),
    );
    try {
      const response = await instance.request<T>({
        ...config,
        url: filled.path,
        params: filled.params,
        headers: {
          ...options.headers,
          ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
        },
        signal: options.signal,
        ...(options.responseType ? { responseType: options.responseType } : {}),
        ...(options.onUploadProgress
          ? {
              onUploadProgress: (event: AxiosProgressEvent) => {
                if (event.total) options.onUploadProgress?.(Math.min(1, event.loaded / event.total));
              },
            }
          : {}),
      });
      deps.onReachable?.();
      return { data: response.data, status: response.status };
    } catch (caught) {
      const error = caught as AxiosError;
      if (error.response) deps.onReachable?.();
      if (!error.response && error.code !== 'ERR_CANCELED') deps.onUnreachable?.();
      if (!error.response) {
        const code = error.code ?? 'ERR_NETWORK';
        const words = NETWORK_ERROR_MESSAGES[code as keyof typeof NETWORK_ERROR_MESSAGES] ?? error.message;
        throw new ApiError(0, { '': [words] }, words, code);
      }
      const { status, data, headers } = error.response;
      const handling = classifyFailure(status, data, options.keepSessionOn401);
      const message =
        (typeof data === 'object' &&
        data !== null &&
        typeof (data as { message?: unknown }).message === 'string'
          ? (data as { message: string }).message
          : '') ||
        failureLines(data)[0] ||
        (status >= 500 ? unknownErrorMessage(deps.supportEmail()) : `The server answered ${status}.`);

      if (handling === 'sign-out' && status === 401 && !config.refreshed) {
        // The desktop keeps a refresh token in main: one renewal, then the same call again.
        const renewed = await deps.refreshAccessToken();
        if (renewed) return send<T>({ ...config, refreshed: true });
      }
      if (handling === 'sign-out' && (deps.session?.() ?? 0) === session) {
        deps.onUnauthenticated();
        const signedOut = deps.session?.() ?? 0;
        // Unless someone signed in meanwhile: they stay where they are.
        setTimeout(() => {
          if ((deps.session?.() ?? 0) === signedOut) deps.afterLogout();
        }, DELAYS_MS.logout);
      }
      if (handling === 'sign-out') throw new ApiError(status, { '': [message] }, message);
      if (handling === 'retry-later' && options.retryWhenRateLimited !== false) {
        const retries = config.retries ?? 0;
        if (retries < RATE_LIMIT_RETRIES) {
          if (retries === 0 && !warnedAboutRateLimit) {
            warnedAboutRateLimit = true;
            deps.notify('warn', 'Slowing down', [RATE_LIMIT_WARNING], DELAYS_MS.errorToast);
          }
          await sleep(retryAfterMs(String(headers['retry-after'] ?? '')));
          return send<T>({ ...config, retries: retries + 1 });
        }
      }
      if (handling === 'show-errors' && !options.silent) {
        deps.notify('danger', TOAST_TITLES[status] ?? 'Error', failureLines(data), DELAYS_MS.errorToast);
      }
      const normalized = normalizeFailure(status, data, deps.supportEmail());
      throw new ApiError(status, normalized.errors, message);
    }
  }

  /** A contract call: the endpoint's method and filled path, its query, and its body as JSON or multipart. */
  async function call<E extends Endpoint>(
    endpoint: E,
    ...[input, options]: CallArgs<E, CallOptions>
  ): Promise<ResponseOf<E>> {
    const request = contractRequest(endpoint, input);
    const { data } = await send<ResponseOf<E>>({
      method: request.method,
      url: request.url,
      params: request.query,
      data: request.body,
      options: { ...options, headers: { ...request.headers, ...options?.headers } },
    });
    if (deps.validateResponses && endpoint.response) {
      const checked = endpoint.response.safeParse(data);
      if (!checked.success)
        throw new Error(
          `${endpoint.method} ${endpoint.path} answered outside its contract:\n${z.prettifyError(checked.error)}`,
        );
    }
    return data;
  }

  return {
    axios: instance,
    call,
    get: (url, options) => send({ method: 'GET', url, params: options?.params, options }),
    post: (url, data, options) => send({ method: 'POST', url, data, params: options?.params, options }),
    put: (url, data, options) => send({ method: 'PUT', url, data, params: options?.params, options }),
    patch: (url, data, options) => send({ method: 'PATCH', url, data, params: options?.params, options }),
    delete: (url, options) =>
      send({ method: 'DELETE', url, data: options?.body, params: options?.params, options }),
  };
}
