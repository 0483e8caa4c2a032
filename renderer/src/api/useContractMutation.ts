/**
 * The one mutation path of the screens: `useContractMutation(ENDPOINT, { call, onSuccess, … })`. A screen keeps
 * its own variables (`{ id, changes, name }`) and says, in `call`, what each change sends and which record it
 * touches; its callbacks receive its own variables back. For an endpoint the contract marks `replay`, the change
 * goes through the replay layer (./replay.ts): an Idempotency-Key made when the change is made, paused while
 * offline, persisted, replayed in order, with the record's last-seen `updated_at` on replay. Any other endpoint is
 * called once, as a plain mutation.
 *
 * A replayable change that has to wait for the connection is kept on this device: the person is told so at once
 * (QUEUED_OFFLINE), and `onQueued` lets the screen move on — a dialog closes instead of spinning until the
 * network is back. Its `onSuccess` still runs when the change lands, if the screen is still there.
 */
import type { Endpoint, ResponseOf } from '@shared/api/contract';
import { QUEUED_OFFLINE } from '@shared/domain/messages';
import {
  type MutateOptions,
  type MutationFunctionContext,
  onlineManager,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { flash } from '../ui/flash';
import { type ApiError, api } from '.';
import { type ReplayCall, type ReplayVariables, replayKey, replayVariables } from './replay';

export interface ContractMutationOptions<E extends Endpoint, V, C> {
  /** What a change sends and which record it is about; read once, when the change is made. */
  call: (variables: V) => ReplayCall<E>;
  /** No error toast from the API client on the first attempt (the screen shows errors itself). */
  silent?: boolean;
  onMutate?: (variables: V, context: MutationFunctionContext) => Promise<C> | C;
  onSuccess?: (data: ResponseOf<E>, variables: V, onMutateResult: C | undefined) => unknown;
  onError?: (error: ApiError, variables: V, onMutateResult: C | undefined) => unknown;
  /** A replayable change is waiting for the connection (kept on this device); once per change. */
  onQueued?: (variables: V) => unknown;
  onSettled?: (
    data: ResponseOf<E> | undefined,
    error: ApiError | null,
    variables: V,
    onMutateResult: C | undefined,
  ) => unknown;
}

type Sent<V> = ReplayVariables<V>;

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Per-call options: TanStack's callbacks, and `onQueued` as in the hook's options. */
export type ContractMutateOptions<E extends Endpoint, V, C> = MutateOptions<ResponseOf<E>, ApiError, V, C> & {
  onQueued?: (variables: V) => unknown;
};

/** Per-call callbacks (`mutate(v, { onSuccess })`) given the screen's own variables back. */
function unwrapped<D, V, C>(
  options: MutateOptions<D, ApiError, V, C> | undefined,
): MutateOptions<D, ApiError, Sent<V>, C> | undefined {
  if (!options) return undefined;
  return {
    onSuccess:
      options.onSuccess &&
      ((data, sent, result, context) => options.onSuccess?.(data, sent.of, result, context)),
    onError:
      options.onError &&
      ((error, sent, result, context) => options.onError?.(error, sent.of, result, context)),
    onSettled:
      options.onSettled &&
      ((data, error, sent, result, context) =>
        options.onSettled?.(data, error, sent?.of as V, result, context)),
  };
}

/** TanStack's mutation result, whose `mutate` and `mutateAsync` also take `onQueued`. */
export type ContractMutationResult<E extends Endpoint, V, C> = Omit<
  UseMutationResult<ResponseOf<E>, ApiError, V, C>,
  'mutate' | 'mutateAsync'
> & {
  mutate: (variables: V, options?: ContractMutateOptions<E, V, C>) => void;
  mutateAsync: (variables: V, options?: ContractMutateOptions<E, V, C>) => Promise<ResponseOf<E>>;
};

export function useContractMutation<E extends Endpoint, V, C = unknown>(
  endpoint: E,
  options: ContractMutationOptions<E, V, C>,
): ContractMutationResult<E, V, C> {
  // The latest options, so a change made after a re-render reads what the screen holds now.
  const latest = useRef(options);
  latest.current = options;
  const replayable = !!endpoint.replay;
  // The change last made, until it settles or is found waiting for the connection (the observer follows the last).
  const waiting = useRef<{ variables: V; onQueued?: (variables: V) => unknown } | null>(null);

  const result = useMutation<ResponseOf<E>, ApiError, Sent<V>, C>({
    ...(replayable
      ? // Its function is the replay layer's, registered by this key (replay.ts `registerReplays`).
        { mutationKey: replayKey(endpoint) }
      : {
          mutationFn: (sent: Sent<V>) =>
            api.call(endpoint as Endpoint, sent.input as never, {
              silent: sent.silent === true,
            }) as Promise<ResponseOf<E>>,
        }),
    onMutate: (sent, context) => latest.current.onMutate?.(sent.of, context) as Promise<C> | C,
    // Always given, so the layer's default (refresh everything, for a change restored without its screen) is not.
    onSuccess: (data, sent, result) => latest.current.onSuccess?.(data, sent.of, result),
    onError: (error, sent, result) => latest.current.onError?.(error, sent.of, result),
    onSettled: (data, error, sent, result) => {
      if (waiting.current?.variables === sent?.of) waiting.current = null;
      return latest.current.onSettled?.(data, error, sent?.of as V, result);
    },
  });

  const { isPaused } = result;
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  useEffect(() => {
    const change = waiting.current;
    // Replayable changes run one after another, so one may also wait (paused) behind another while online.
    if (!isPaused || !change || online) return;
    waiting.current = null;
    flash('neutral', QUEUED_OFFLINE, { id: 'queued-offline' });
    change.onQueued?.(change.variables);
    latest.current.onQueued?.(change.variables);
  }, [isPaused, online]);

  const { mutate: send, mutateAsync: sendAsync } = result;
  const make = useCallback(
    (variables: V, mutateOptions?: ContractMutateOptions<E, V, C>): Sent<V> => {
      waiting.current = replayable ? { variables, onQueued: mutateOptions?.onQueued } : null;
      return replayVariables(endpoint, variables, latest.current.call(variables), {
        silent: latest.current.silent === true,
      });
    },
    [endpoint, replayable],
  );
  const mutate = useCallback(
    (variables: V, mutateOptions?: ContractMutateOptions<E, V, C>) =>
      send(make(variables, mutateOptions), unwrapped(mutateOptions)),
    [send, make],
  );
  const mutateAsync = useCallback(
    (variables: V, mutateOptions?: ContractMutateOptions<E, V, C>) =>
      sendAsync(make(variables, mutateOptions), unwrapped(mutateOptions)),
    [sendAsync, make],
  );
  return { ...result, variables: result.variables?.of, mutate, mutateAsync } as ContractMutationResult<
    E,
    V,
    C
  >;
}
