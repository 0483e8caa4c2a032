/**
 * The marketplace's edit dialog and KPI cards, drawn against a stubbed API: saving sends the prices in cents and
 * shows §8's "Marketplace number updated successfully."; a status button sends the move; a sold number no longer
 * changes; a refusal's field message sits beside its field; the KPI cards show §9's USD.
 */
import { MantineProvider } from '@mantine/core';
import type { Endpoint } from '@shared/api/contract';
import { MARKETPLACE_ENDPOINTS, type MarketplaceNumber } from '@shared/api/marketplace';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import { reactRoots } from '../../testing/reactRoots';
import { EditMarketplaceDialog } from './MarketplaceDialogs';
import { KpiCards } from './MarketplacePage';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  api: { call },
}));
const flash = vi.hoisted(() => vi.fn());
vi.mock('../../ui/flash', () => ({ flash }));

const newRoot = reactRoots();

const listed: MarketplaceNumber = {
  id: 7,
  company_id: 1,
  number_id: 3,
  number: '+18885550103',
  formatted: '(888) 555-0103',
  vanity: '',
  vanity_form: null,
  type: 1,
  status: 'listed',
  asking_price_cents: 450_000,
  lease_price_cents: null,
  description: 'Toll-free',
  sold_price_cents: null,
  sold_at: null,
  listed_at: '2026-11-01T10:00:00.000Z',
  interest: { views: 3, inquiries: 1, offers: 0 },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

beforeEach(() => {
  call.mockReset();
  flash.mockReset();
  call.mockImplementation(async (endpoint: Endpoint, input: { body: object }) => {
    if (endpoint === MARKETPLACE_ENDPOINTS.update)
      return { message: SUCCESS_MESSAGES.marketplaceNumberUpdated, data: { ...listed, ...input.body } };
    throw new Error(`unexpected call ${endpoint.method} ${endpoint.path}`);
  });
});

async function renderDialog(number: MarketplaceNumber) {
  const { root } = newRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <EditMarketplaceDialog companyId={1} number={number} onClose={onClose} />
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  return { onClose };
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const button = (text: string) => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};
const input = (label: string) => {
  const found = [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
  const field = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement))
    throw new Error(`no ${label}`);
  return field;
};
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  act(() => {
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const sent = () => call.mock.calls.filter(([endpoint]) => endpoint === MARKETPLACE_ENDPOINTS.update);

describe('EditMarketplaceDialog', () => {
  it('saves the prices in cents and shows §8’s message', async () => {
    const { onClose } = await renderDialog(listed);
    type(input('Asking price'), '4,250.50');
    type(input('Monthly lease'), '99');
    act(() => button('Save').click());
    await settle();
    expect(sent()[0]?.[1]).toEqual({
      params: { companyId: 1, id: 7 },
      body: {
        asking_price_cents: 425_050,
        lease_price_cents: 9_900,
        description: 'Toll-free',
        vanity: '',
      },
    });
    expect(flash).toHaveBeenCalledWith('success', 'Marketplace number updated successfully.');
    expect(onClose).toHaveBeenCalled();
  });

  it('offers the moves of a listed number; Withdraw sends the move', async () => {
    await renderDialog(listed);
    const group = document.querySelector('[role="group"][aria-label="Change the status"]');
    expect([...(group?.querySelectorAll('button') ?? [])].map((b) => b.textContent?.trim())).toEqual([
      'Mark under offer',
      'Mark sold',
      'Withdraw',
    ]);
    act(() => button('Withdraw').click());
    await settle();
    expect(sent()[0]?.[1].body).toMatchObject({ status: 'withdrawn' });
  });

  it('refuses an amount that is not money before sending', async () => {
    await renderDialog(listed);
    type(input('Asking price'), 'lots');
    act(() => button('Save').click());
    await settle();
    expect(sent()).toHaveLength(0);
    expect(document.body.textContent).toContain('Enter an amount in dollars');
  });

  it('puts a refusal’s field message beside its field', async () => {
    call.mockRejectedValueOnce(
      new ApiError(
        422,
        { vanity: ['(888) 555-0103 does not spell "CARS" on a phone keypad.'] },
        'The given data was invalid.',
      ),
    );
    await renderDialog(listed);
    type(input('Vanity words'), 'CARS');
    act(() => button('Save').click());
    await settle();
    expect(document.body.textContent).toContain('(888) 555-0103 does not spell "CARS" on a phone keypad.');
    expect(flash).not.toHaveBeenCalled();
  });

  it('a sold number shows its sale and no longer changes', async () => {
    await renderDialog({
      ...listed,
      status: 'sold',
      sold_price_cents: 400_000,
      sold_at: '2026-11-20T15:00:00Z',
    });
    expect(document.body.textContent).toContain('Sold for $4,000 on Nov 20, 2026');
    expect(document.querySelector('[role="group"][aria-label="Change the status"]')).toBeNull();
    expect(button('Save').disabled).toBe(true);
  });
});

describe('KpiCards', () => {
  it('shows each figure with its name, money as §9’s USD', () => {
    const { host, root } = newRoot();
    act(() =>
      root.render(
        <MantineProvider>
          <KpiCards
            kpi={{
              listed: 2,
              total_asking_cents: 575_050,
              views: 1234,
              inquiries: 12,
              offers: 3,
              sold: 1,
              revenue_cents: 105_000,
              from: null,
              to: null,
            }}
          />
        </MantineProvider>,
      ),
    );
    const cards = [...host.querySelectorAll('[role="listitem"]')].map((card) =>
      card.getAttribute('aria-label'),
    );
    expect(cards).toEqual([
      'On offer: 2',
      'Total asking: $5,750.50',
      'Views: 1,234',
      'Inquiries: 12',
      'Offers: 3',
      'Sold: 1',
      'Revenue: $1,050',
    ]);
  });
});
