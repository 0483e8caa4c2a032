/**
 * The standing notice on every screen, against a stubbed API: nothing in good standing; past due shows §8's text
 * with the sum and the two buttons to a role that manages billing, and the server's notice without sum or buttons to
 * the others; a parked account shows its reason. Retry payment calls the retry endpoint.
 */
import { MantineProvider } from '@mantine/core';
import { type AccountStandingView, BILLING_ENDPOINTS } from '@shared/api/billing';
import type { Endpoint } from '@shared/api/contract';
import { PAST_DUE_FOR_OTHERS, pastDueMessage } from '@shared/domain/billing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRoots } from '../../testing/reactRoots';
import { PastDueBanner } from './PastDueBanner';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  api: { call },
}));
vi.mock('../../ui/flash', () => ({ flash: vi.fn() }));

const newRoot = reactRoots();
let standing: AccountStandingView;

beforeEach(() => {
  call.mockReset();
  call.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === BILLING_ENDPOINTS.standing) return standing;
    if (endpoint === BILLING_ENDPOINTS.retry) return { data: {}, message: 'Paid.' };
    throw new Error(`unexpected call ${endpoint.method} ${endpoint.path}`);
  });
});

async function renderBanner(canManage: boolean) {
  const mounted = newRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    mounted.root.render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <MemoryRouter>
            <PastDueBanner companyId={3} canManage={canManage} />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  return mounted.host;
}

const buttons = (host: HTMLElement) =>
  [...host.querySelectorAll('a, button')].map((element) => element.textContent?.trim());
const alert = (host: HTMLElement) => host.querySelector('[role="alert"]');

describe('the standing notice', () => {
  it('shows nothing in good standing', async () => {
    standing = { standing: 'good', balance_cents: 0, notice: null };
    expect(alert(await renderBanner(true))).toBeNull();
  });

  it("past due, to a billing manager: §8's text with the sum, Update payment info and Retry payment", async () => {
    standing = { standing: 'past_due', balance_cents: 14_900, notice: pastDueMessage(14_900) };
    const host = await renderBanner(true);
    expect(alert(host)?.textContent).toContain('Payment past due');
    expect(alert(host)?.textContent).toContain(pastDueMessage(14_900));
    expect(buttons(host)).toEqual(['Update payment info', 'Retry payment']);
    await act(async () => (host.querySelectorAll('button')[0] as HTMLButtonElement).click());
    expect(call.mock.calls.some(([endpoint]) => endpoint === BILLING_ENDPOINTS.retry)).toBe(true);
  });

  it('past due, to an agent: what waits and who settles it, without the sum or the buttons', async () => {
    standing = { standing: 'past_due', balance_cents: null, notice: PAST_DUE_FOR_OTHERS };
    const host = await renderBanner(false);
    expect(alert(host)?.textContent).toContain(PAST_DUE_FOR_OTHERS);
    expect(alert(host)?.textContent).not.toContain('$');
    expect(buttons(host)).toEqual([]);
  });

  it('parked: its reason, no payment buttons', async () => {
    const reason = 'This account is parked: it can be viewed and paid for, but not changed.';
    standing = { standing: 'parked', balance_cents: 0, notice: reason };
    const host = await renderBanner(true);
    expect(alert(host)?.textContent).toContain('Account parked');
    expect(alert(host)?.textContent).toContain(reason);
    expect(buttons(host)).toEqual([]);
  });
});
