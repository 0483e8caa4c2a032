/** The number limit as the Numbers screen shows it, and who is offered the request for more. */
import { MantineProvider } from '@mantine/core';
import type { NumberLimit } from '@shared/api/numberPurchase';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reactRoots } from '../../testing/reactRoots';
import { NumberLimitBar } from './NumberLimit';

const newRoot = reactRoots();
const limit = (changes: Partial<NumberLimit> = {}): NumberLimit => ({
  limit: 25,
  used: 12,
  remaining: 13,
  increase_requested: false,
  ...changes,
});

function render(props: Parameters<typeof NumberLimitBar>[0]): HTMLElement {
  const { host, root } = newRoot();
  act(() =>
    root.render(
      <MantineProvider>
        <NumberLimitBar {...props} />
      </MantineProvider>,
    ),
  );
  return host;
}

const requestButton = (host: HTMLElement) =>
  [...host.querySelectorAll('button')].find((button) => button.textContent === 'Request more numbers');

describe('the number limit', () => {
  it('says how many numbers of how many, and offers the request to who may buy', () => {
    const onRequest = vi.fn();
    const host = render({ limit: limit(), canManage: true, onRequest });
    expect(host.querySelector('[role="group"][aria-label="Number limit"]')?.textContent).toContain(
      '12 of 25 numbers',
    );
    act(() => requestButton(host)?.click());
    expect(onRequest).toHaveBeenCalledOnce();
  });

  it('offers no request to who may only look', () => {
    const host = render({ limit: limit(), canManage: false, onRequest: () => undefined });
    expect(host.textContent).toContain('12 of 25 numbers');
    expect(requestButton(host)).toBeUndefined();
  });

  it('says a request is waiting instead of offering another', () => {
    const host = render({
      limit: limit({ increase_requested: true }),
      canManage: true,
      onRequest: () => undefined,
    });
    expect(host.textContent).toContain('Increase requested');
    expect(requestButton(host)).toBeUndefined();
  });

  it('shows nothing before the limit has loaded', () => {
    const host = render({ limit: undefined, canManage: true, onRequest: () => undefined });
    expect(host.querySelector('[aria-label="Number limit"]')).toBeNull();
    expect(host.textContent).not.toContain('numbers');
  });
});
