/**
 * The one mutation path of the screens: `useContractMutation(ENDPOINT, { call, onSuccess, … })`. A screen keeps
 * its own variables (`{ id, changes, name }`) and says, in `call`, what each change sends and which record it
 * touches; its callbacks receive its own variables back. For an endpoint the contract marks `replay`, the change
 * goes through the replay layer (./replay.ts): an Idempotency-Key made when the change is made, paused while
 * offline, persisted, replayed in order, with the record's last-seen `updated_at` on replay. Any other endpoint is
 * called once, as a plain mutation.
 */
import type { Endpoint, ResponseOf } from '@shared/api/contract';
import {
  type MutateOptions,
  type MutationFunctionContext,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
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
  onSettled?: (
    data: ResponseOf<E> | undefined,
    error: ApiError | null,
    variables: V,
    onMutateResult: C | undefined,
  ) => unknown;
}

type Sent<V> = ReplayVariables<V>;

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

export function useContractMutation<E extends Endpoint, V, C = unknown>(
  endpoint: E,
  options: ContractMutationOptions<E, V, C>,
): UseMutationResult<ResponseOf<E>, ApiError, V, C> {
  // The latest options, so a change made after a re-render reads what the screen holds now.
  const latest = useRef(options);
  latest.current = options;
  const replayable = !!endpoint.replay;

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
    onSettled: (data, error, sent, result) => latest.current.onSettled?.(data, error, sent?.of as V, result),
  });

  const { mutate: send, mutateAsync: sendAsync } = result;
  const make = useCallback(
    (variables: V): Sent<V> =>
      replayVariables(endpoint, variables, latest.current.call(variables), {
        silent: latest.current.silent === true,
      }),
    [endpoint],
  );
  const mutate = useCallback(
    (variables: V, mutateOptions?: MutateOptions<ResponseOf<E>, ApiError, V, C>) =>
      send(make(variables), unwrapped(mutateOptions)),
    [send, make],
  );
  const mutateAsync = useCallback(
    (variables: V, mutateOptions?: MutateOptions<ResponseOf<E>, ApiError, V, C>) =>
      sendAsync(make(variables), unwrapped(mutateOptions)),
    [sendAsync, make],
  );
  return { ...result, variables: result.variables?.of, mutate, mutateAsync } as UseMutationResult<
    ResponseOf<E>,
    ApiError,
    V,
    C
  >;
}
