/**
 * Issue 17: "a screen never visited before the outage says it is not available offline instead of spinning". A
 * screen or list still loading while offline was never here: it says so; online it shows the spinner as before.
 */
import { MantineProvider } from '@mantine/core';
import { NOT_AVAILABLE_OFFLINE } from '@shared/domain/messages';
import { onlineManager } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { reactRoots } from '../testing/reactRoots';
import { LoadingState } from './States';

const newRoot = reactRoots();

async function loading(): Promise<HTMLElement> {
  const { host, root } = newRoot();
  await act(async () =>
    root.render(
      <MantineProvider>
        <LoadingState label="Loading contacts" />
      </MantineProvider>,
    ),
  );
  return host;
}

describe('LoadingState', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('online: a spinner named for what loads', async () => {
    const page = await loading();
    expect(page.querySelector('[aria-label="Loading contacts"]')).not.toBeNull();
    expect(page.textContent).not.toContain(NOT_AVAILABLE_OFFLINE.title);
  });

  it('offline: says it is not available offline and will load when back online, and follows the connection', async () => {
    onlineManager.setOnline(false);
    const page = await loading();
    expect(page.querySelector('[role="status"]')?.textContent).toContain(NOT_AVAILABLE_OFFLINE.title);
    expect(page.textContent).toContain(NOT_AVAILABLE_OFFLINE.text);
    expect(page.querySelector('[aria-label="Loading contacts"]')).toBeNull();

    await act(async () => onlineManager.setOnline(true));
    expect(page.querySelector('[aria-label="Loading contacts"]')).not.toBeNull();
  });
});
