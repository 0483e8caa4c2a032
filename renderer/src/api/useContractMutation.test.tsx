/**
 * A replayable change that has to wait for the connection is kept on this device, and the screen hears so at
 * once (`onQueued`) with the person told why — so a dialog can close instead of spinning until the network is back.
 * A change that lands, or one that merely waits its turn behind another while online, is not "queued".
 */
import { GROUP_ENDPOINTS } from '@shared/api/groups';
import { QUEUED_OFFLINE } from '@shared/domain/messages';
import { onlineManager, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRoots } from '../testing/reactRoots';
import { createQueryClient } from './queryClient';
import { registerReplays } from './replay';
import { type ContractMutationResult, useContractMutation } from './useContractMutation';

const flash = vi.hoisted(() => vi.fn());
vi.mock('../ui/flash', () => ({ flash }));

type Rename = { id: number; name: string };
type Mutation = ContractMutationResult<typeof GROUP_ENDPOINTS.update, Rename, unknown>;

const newRoot = reactRoots();

/** Lets TanStack tell the screen (it batches its notifications to the next tick) and React render it. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** A server that answers each call when the test says so. */
function slowServer() {
  const answers: Array<(value: unknown) => void> = [];
  const call = vi.fn(
    (_endpoint: unknown, input: { body: { name: string } }) =>
      new Promise((resolve) => answers.push(() => resolve({ id: 1, name: input.body.name }))),
  );
  return { call, answerNext: () => answers.shift()?.(undefined) };
}

async function mountRename(client: QueryClient, onQueued: () => void) {
  let mutation: Mutation | null = null;
  function Screen() {
    mutation = useContractMutation(GROUP_ENDPOINTS.update, {
      call: ({ id, name }: Rename) => ({ input: { params: { id }, body: { name } }, name }),
      onQueued,
    });
    return null;
  }
  const { root } = newRoot();
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <Screen />
      </QueryClientProvider>,
    ),
  );
  return () => mutation as unknown as Mutation;
}

describe('useContractMutation: a change kept on this device while offline', () => {
  let server: ReturnType<typeof slowServer>;
  let client: QueryClient;

  beforeEach(() => {
    flash.mockClear();
    onlineManager.setOnline(true);
    server = slowServer();
    client = createQueryClient(vi.fn());
    registerReplays(client, { call: server.call } as never);
  });
  afterEach(() => onlineManager.setOnline(true));

  it('offline: the screen and the hook hear of it once, the person is told, and nothing is sent yet', async () => {
    const hookQueued = vi.fn();
    const callQueued = vi.fn();
    const mutation = await mountRename(client, hookQueued);
    await act(async () => onlineManager.setOnline(false));
    await act(async () => mutation().mutate({ id: 1, name: 'Renamed offline' }, { onQueued: callQueued }));
    await settle();

    expect(callQueued).toHaveBeenCalledExactlyOnceWith({ id: 1, name: 'Renamed offline' });
    expect(hookQueued).toHaveBeenCalledOnce();
    expect(flash).toHaveBeenCalledExactlyOnceWith('neutral', QUEUED_OFFLINE, { id: 'queued-offline' });
    expect(server.call).not.toHaveBeenCalled();

    // Back online it is sent; being sent is not a second "queued".
    await act(async () => onlineManager.setOnline(true));
    await settle();
    expect(server.call).toHaveBeenCalledOnce();
    expect(callQueued).toHaveBeenCalledOnce();
  });

  it('online: a change that lands, and one waiting behind it, are never "queued"', async () => {
    const queued = vi.fn();
    const mutation = await mountRename(client, queued);
    await act(async () => {
      mutation().mutate({ id: 1, name: 'First' });
      mutation().mutate({ id: 1, name: 'Second' });
    });
    await settle();
    // The second waits (paused) for the first: replayable changes run one after another.
    expect(client.getMutationCache().getAll()[1]?.state.isPaused).toBe(true);
    await act(async () => server.answerNext());
    await settle();
    await act(async () => server.answerNext());
    await settle();
    expect(server.call).toHaveBeenCalledTimes(2);

    expect(queued).not.toHaveBeenCalled();
    expect(flash).not.toHaveBeenCalled();
  });
});
