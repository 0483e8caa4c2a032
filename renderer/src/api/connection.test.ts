import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import {
  checkNow,
  configureProbe,
  connectionState,
  FAST_PROBING_MS,
  PROBE_MAX_MS,
  probeNow,
  reportReachable,
  reportUnreachable,
} from './connection';
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

  it('probes every second while offline, so a server that answers again is noticed within 2 s', async () => {
    // Issue 17: "the app notices the server is back within 2 seconds of it answering (today ~15 s)".
    let serverUp = false;
    const probe = vi.fn(async () => serverUp);
    configureProbe(probe);
    reportUnreachable();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(60);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(connectionState().online).toBe(true);
  });

  it('another failed call while offline does not postpone the probe', async () => {
    const probe = vi.fn(async () => false);
    configureProbe(probe);
    reportUnreachable();
    await vi.advanceTimersByTimeAsync(900);
    reportUnreachable();
    await vi.advanceTimersByTimeAsync(100);
    expect(probe).toHaveBeenCalledOnce();
  });

  it('after two minutes without an answer the probe backs off, doubling, capped at 30 s', async () => {
    const probe = vi.fn(async () => false);
    configureProbe(probe);
    reportUnreachable();
    await vi.advanceTimersByTimeAsync(FAST_PROBING_MS);
    const fast = probe.mock.calls.length;
    expect(fast).toBe(FAST_PROBING_MS / 1000);
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 8000 + 16000);
    expect(probe).toHaveBeenCalledTimes(fast + 4);
    await vi.advanceTimersByTimeAsync(PROBE_MAX_MS);
    expect(probe).toHaveBeenCalledTimes(fast + 5);
    await vi.advanceTimersByTimeAsync(PROBE_MAX_MS);
    expect(probe).toHaveBeenCalledTimes(fast + 6);
  });

  it('the browser saying it is online again (checkNow) probes at once', async () => {
    configureProbe(async () => false);
    reportUnreachable();
    await vi.advanceTimersByTimeAsync(FAST_PROBING_MS + 40_000);
    const probe = vi.fn(async () => true);
    configureProbe(probe);
    checkNow();
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledOnce();
    expect(connectionState().online).toBe(true);
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
