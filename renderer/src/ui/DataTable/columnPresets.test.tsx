/**
 * A DataTable with saved column sets, against a stubbed API: the set remembered for the table is drawn once the
 * sets load (shared ones marked with their owner), hiding a column leaves the set and is remembered per user and
 * company, and "Save column set…" sends what shows — shared only when the person may share.
 */
import { MantineProvider } from '@mantine/core';
import type { Endpoint } from '@shared/api/contract';
import { COLUMN_PRESET_ENDPOINTS, type ColumnPreset } from '@shared/api/favoriteReports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { act, type ReactNode } from 'react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRoots } from '../../testing/reactRoots';
import { preferenceKey } from '../preferences';
import { DataTable } from './DataTable';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  api: { call },
}));
const flash = vi.hoisted(() => vi.fn());
vi.mock('../flash', () => ({ flash }));

interface Car {
  id: number;
  model: string;
  year: number;
  color: string;
  price: number;
}

const CARS: Car[] = [{ id: 1, model: 'Roadster', year: 2024, color: 'Red', price: 41_000 }];
const COLUMNS: ColumnDef<Car, unknown>[] = [
  { accessorKey: 'model', header: 'Model', enableHiding: false },
  { accessorKey: 'year', header: 'Year' },
  { accessorKey: 'color', header: 'Color' },
  { accessorKey: 'price', header: 'Price' },
];

const SHARED: ColumnPreset = {
  id: 3,
  company_id: 1,
  table: 'cars',
  name: 'Prices',
  columns: ['price', 'year'],
  shared: true,
  mine: false,
  owner: { id: 2, name: 'Olivia Owner' },
  updated_at: '2026-11-24T00:00:00Z',
};

/** Each test is its own company: the remembered choice is one atom per company, table and user. */
let companyId = 0;
const remembered = () => preferenceKey(`columns.${companyId}.cars`, 7);

beforeEach(() => {
  call.mockReset();
  flash.mockReset();
  localStorage.clear();
  companyId += 1;
  call.mockImplementation(async (endpoint: Endpoint, input: { body?: object }) => {
    if (endpoint === COLUMN_PRESET_ENDPOINTS.list) return [SHARED];
    if (endpoint === COLUMN_PRESET_ENDPOINTS.create)
      return { ...SHARED, id: 9, mine: true, shared: false, ...input.body };
    throw new Error(`unexpected call ${endpoint.method} ${endpoint.path}`);
  });
});

const newRoot = reactRoots();

async function render(node: ReactNode) {
  const { root } = newRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <MemoryRouter>
            <Routes>
              <Route element={<Outlet context={{ user: { id: 7 } }} />}>
                <Route index element={node} />
              </Route>
            </Routes>
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  await settle();
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const headers = () => [...document.querySelectorAll('th')].map((th) => th.textContent);
const byText = <T extends HTMLElement = HTMLElement>(selector: string, text: string) => {
  const found = [...document.querySelectorAll<T>(selector)].find((element) =>
    element.textContent?.includes(text),
  );
  if (!found) throw new Error(`no ${selector} “${text}”`);
  return found;
};
const click = (element: HTMLElement) => act(async () => element.click());

function Cars({ canShare = false }: { canShare?: boolean }) {
  return (
    <DataTable
      label="Cars"
      data={CARS}
      columns={COLUMNS}
      densityControl={false}
      columnPresets={{ tableId: 'cars', companyId, canShare, hiddenByDefault: ['price'] }}
    />
  );
}

describe('a DataTable with saved column sets', () => {
  it('draws the table default, then the set remembered for the person, once the sets load', async () => {
    await render(<Cars />);
    expect(headers()).toEqual(['Model', 'Year', 'Color']);
    companyId += 1;
    localStorage.setItem(remembered(), JSON.stringify({ presetId: 3, columns: ['year'], order: null }));
    await render(<Cars />);
    // The set as the server has it now (its owner changed it since it was remembered).
    expect(headers().slice(-3)).toEqual(['Model', 'Price', 'Year']);
    expect(call).toHaveBeenCalledWith(
      COLUMN_PRESET_ENDPOINTS.list,
      { query: { company_id: companyId, table: 'cars' } },
      expect.anything(),
    );
  });

  it('lists shared sets with their owner, and a change of columns leaves the set and is remembered', async () => {
    localStorage.setItem(
      remembered(),
      JSON.stringify({ presetId: 3, columns: ['price', 'year'], order: null }),
    );
    await render(<Cars />);
    await click(byText('button', 'Columns'));
    const shared = byText('[role="menuitemradio"]', 'Prices');
    expect(shared.textContent).toContain('Shared by Olivia Owner');
    expect(shared.getAttribute('aria-checked')).toBe('true');

    await click(byText('[role="menuitemcheckbox"]', 'Color'));
    expect(headers()).toEqual(['Model', 'Price', 'Year', 'Color']);
    expect(JSON.parse(localStorage.getItem(remembered()) ?? 'null')).toEqual({
      presetId: null,
      columns: ['price', 'year', 'color'],
      order: ['price', 'year', 'color'],
    });
    expect(byText('[role="menuitemradio"]', 'Prices').getAttribute('aria-checked')).toBe('false');
  });

  it('counts two quick changes made before the table redraws (each applies to what is stored, not what is drawn)', async () => {
    await render(<Cars />);
    await click(byText('button', 'Columns'));
    const color = byText('[role="menuitemcheckbox"]', 'Color');
    const price = byText('[role="menuitemcheckbox"]', 'Price');
    // Both clicks land in one batch: the second handler still holds the first render's layout.
    await act(async () => {
      color.click();
      price.click();
    });
    expect(headers()).toEqual(['Model', 'Year', 'Price']);
    expect(JSON.parse(localStorage.getItem(remembered()) ?? 'null')).toMatchObject({
      columns: ['year', 'price'],
    });
  });

  it.each([
    [false, false],
    [true, true],
  ])('saves what shows as a set (may share: %s, shared: %s) and chooses it', async (canShare, shared) => {
    await render(<Cars canShare={canShare} />);
    await click(byText('button', 'Columns'));
    await click(byText('[role="menuitem"]', 'Save column set…'));
    const label = byText<HTMLLabelElement>('label', 'Name');
    const name = document.getElementById(label.htmlFor) as HTMLInputElement | null;
    if (!name) throw new Error('no name field');
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(name, 'Mine');
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const share = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((box) =>
      box.labels?.[0]?.textContent?.includes('Share with the company'),
    );
    expect(!!share).toBe(canShare);
    if (share) await click(share);
    await click(byText('button[type="submit"]', 'Save column set'));
    await settle();
    expect(call).toHaveBeenCalledWith(
      COLUMN_PRESET_ENDPOINTS.create,
      { body: { company_id: companyId, table: 'cars', name: 'Mine', shared, columns: ['year', 'color'] } },
      expect.anything(),
    );
    expect(flash).toHaveBeenCalledWith('success', 'Column set saved.');
    expect(JSON.parse(localStorage.getItem(remembered()) ?? 'null')).toMatchObject({ presetId: 9 });
  });
});
