/**
 * The rules editor against a stubbed API: a ready-made source is added as it stands (the contract's body), a
 * condition left incomplete is refused beside its field before anything is sent, a server's 422 on a condition's
 * field sits beside that field, and each row says where it is weighed in the documented order.
 */
import { MantineProvider } from '@mantine/core';
import type { Endpoint } from '@shared/api/contract';
import { DNI_ENDPOINTS } from '@shared/api/dni';
import { SOURCE_PRESETS } from '@shared/domain/dni';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import { reactRoots } from '../../testing/reactRoots';
import { SourceDialog } from './SourceDialog';
import { sourceValues } from './sourceForm';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  api: { call },
}));
const flash = vi.hoisted(() => vi.fn());
vi.mock('../../ui/flash', () => ({ flash }));

const newRoot = reactRoots();

beforeEach(() => {
  call.mockReset();
  flash.mockReset();
  call.mockImplementation(async (endpoint: Endpoint, input: { body: { name: string } }) => {
    if (endpoint === DNI_ENDPOINTS.createSource) return { id: 5, ...input.body, pools: [], calls_30d: 0 };
    throw new Error(`unexpected call ${endpoint.method} ${endpoint.path}`);
  });
});

async function renderDialog(start = sourceValues(null)) {
  const { root } = newRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <SourceDialog companyId={1} source={null} start={start} onClose={onClose} />
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
  if (!(field instanceof HTMLInputElement)) throw new Error(`no ${label}`);
  return field;
};
function type(field: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  act(() => {
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const described = (field: HTMLInputElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const created = () => call.mock.calls.filter(([endpoint]) => endpoint === DNI_ENDPOINTS.createSource);

describe('SourceDialog', () => {
  it('adds a ready-made source as it stands, and says so', async () => {
    const google = SOURCE_PRESETS.find((preset) => preset.name === 'Google Ads');
    const { onClose } = await renderDialog(sourceValues(google ?? null));
    expect(input('Parameter of condition 1').value).toBe('gclid');
    expect(input('Value of condition 2').value).toBe('google');
    // gclid present is weighed second, utm_source = google first (shared/domain/dni.ts specificityOf).
    expect(document.body.textContent).toContain('Weighed second');
    expect(document.body.textContent).toContain('Weighed first');
    act(() => button('Add source').click());
    await settle();
    expect(created()[0]?.[1]).toEqual({
      body: {
        company_id: 1,
        name: 'Google Ads',
        conditions: [
          { kind: 'param', key: 'gclid', value: null },
          { kind: 'param', key: 'utm_source', value: 'google' },
        ],
      },
    });
    expect(flash).toHaveBeenCalledWith('success', 'Source “Google Ads” added.');
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses an incomplete condition beside its field, before sending', async () => {
    await renderDialog();
    type(input('Name'), 'Newsletter');
    act(() => button('Add source').click());
    await settle();
    expect(created()).toHaveLength(0);
    expect(described(input('Parameter of condition 1'))).toContain(
      'Name the landing-page parameter (for example utm_source or gclid).',
    );
  });

  it('puts a server’s field message beside that condition’s field', async () => {
    call.mockRejectedValueOnce(
      new ApiError(422, { 'conditions.0.value': ['That value is too long.'] }, 'The given data was invalid.'),
    );
    await renderDialog();
    type(input('Name'), 'Newsletter');
    type(input('Parameter of condition 1'), 'utm_source');
    type(input('Value of condition 1'), 'newsletter');
    act(() => button('Add source').click());
    await settle();
    expect(described(input('Value of condition 1'))).toContain('That value is too long.');
    expect(flash).not.toHaveBeenCalled();
  });

  it('removes a condition and keeps at least one', async () => {
    await renderDialog();
    expect(document.querySelector('[aria-label="Remove condition 1"]')).toBeNull();
    act(() => button('Add a condition').click());
    expect(document.querySelector('[aria-label="Remove condition 2"]')).not.toBeNull();
    act(() => (document.querySelector('[aria-label="Remove condition 2"]') as HTMLButtonElement).click());
    expect(() => input('Parameter of condition 2')).toThrow();
  });
});
