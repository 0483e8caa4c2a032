import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { configureProbe, connectionState, probeNow, reportReachable, reportUnreachable } from './connection';
import { retryWhenUnreachable } from './queryClient';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  reportReachable();
  vi.useRealTimers();
});

describe('connection state', () => {
  it('a call with no answer makes the app offline (queries and mutations pause); a probe brings it back', async () => {
    let serverUp = false;
    configureProbe(async () => serverUp);
    reportUnreachable();
    expect(connectionState()).toMatchObject({ online: false });
    expect(connectionState().since).toEqual(expect.any(Number));
    expect(onlineManager.isOnline()).toBe(false);

    await vi.advanceTimersByTimeAsync(1000);
    expect(connectionState().online).toBe(false);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(connectionState()).toEqual({ online: true, since: null });
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('probes back off, capped at 30 s', async () => {
    const probe = vi.fn(async () => false);
    configureProbe(probe);
    reportUnreachable();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16000);
    expect(probe).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(probe).toHaveBeenCalledTimes(6);
  });

  it('probeNow answers from one question to the server', async () => {
    configureProbe(async () => false);
    await probeNow();
    expect(connectionState().online).toBe(false);
    configureProbe(async () => true);
    await probeNow();
    expect(connectionState().online).toBe(true);
  });
});

describe('retryWhenUnreachable: queries retry a dropped connection, never a refusal', () => {
  it.each([
    [0, new ApiError(0, {}, 'Network', 'ERR_NETWORK'), true],
    [2, new ApiError(0, {}, 'Network', 'ERR_NETWORK'), true],
    [3, new ApiError(0, {}, 'Network', 'ERR_NETWORK'), false],
    [0, new ApiError(404, {}, 'Not found'), false],
    [0, new ApiError(500, {}, 'Boom'), false],
    [0, new Error('x'), false],
  ])('after %i failures, %s → %s', (failures, error, expected) => {
    expect(retryWhenUnreachable(failures, error)).toBe(expected);
  });
});
