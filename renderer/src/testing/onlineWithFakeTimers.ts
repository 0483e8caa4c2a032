/**
 * For tests of what waits for the connection: each test starts online, on fake timers, and leaves things so (the
 * online state is TanStack's, shared by every test of the file).
 */
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';

export function onlineWithFakeTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    onlineManager.setOnline(true);
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.useRealTimers();
  });
}
