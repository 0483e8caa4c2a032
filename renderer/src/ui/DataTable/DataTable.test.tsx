import { MantineProvider } from '@mantine/core';
import type { ColumnDef, RowSelectionState, SortingState, VisibilityState } from '@tanstack/react-table';
import { act, type ReactNode, useState } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { reactRoots } from '../../testing/reactRoots';
import { DataTable } from './DataTable';
import { densityStorageKey } from './density';
import { selectColumn } from './selectColumn';

interface Person {
  id: number;
  name: string;
  age: number;
}

const PEOPLE: Person[] = [
  { id: 1, name: 'Grace', age: 85 },
  { id: 2, name: 'Ada', age: 36 },
  { id: 3, name: 'Linus', age: 54 },
];

const COLUMNS: ColumnDef<Person, unknown>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'age', header: 'Age', meta: { align: 'right' } },
];

const newRoot = reactRoots();
/** The last table rendered, to render it again with other props. */
let root: Root;

function render(node: ReactNode): HTMLElement {
  const mounted = newRoot();
  root = mounted.root;
  act(() => root.render(<MantineProvider>{node}</MantineProvider>));
  return mounted.host;
}

const table = (page: HTMLElement) => page.querySelector('table');
const headers = (page: HTMLElement) => [...page.querySelectorAll('th')];
const header = (page: HTMLElement, text: string) => {
  const found = headers(page).find((th) => th.textContent?.startsWith(text));
  if (!found) throw new Error(`no header ${text}`);
  return found;
};
/** The first cell of each body row. */
const firstCells = (page: HTMLElement) =>
  [...page.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td')?.textContent);
const checkbox = (page: HTMLElement, name: string) => {
  const found = page.querySelector<HTMLInputElement>(`input[type="checkbox"][aria-label="${name}"]`);
  if (!found) throw new Error(`no checkbox ${name}`);
  return found;
};
const click = (element: HTMLElement) => act(() => element.click());

describe('DataTable', () => {
  it('draws a named table with a header row and a row per item, in the given order', () => {
    const page = render(<DataTable label="People" data={PEOPLE} columns={COLUMNS} />);
    expect(table(page)?.getAttribute('aria-label')).toBe('People');
    expect(headers(page).map((th) => th.textContent)).toEqual(['Name', 'Age']);
    expect(firstCells(page)).toEqual(['Grace', 'Ada', 'Linus']);
    // Not sortable unless asked: no buttons, no aria-sort.
    expect(page.querySelector('th button')).toBeNull();
    expect(header(page, 'Name').hasAttribute('aria-sort')).toBe(false);
    expect(page.querySelector('tbody td:nth-child(2)')?.getAttribute('style') ?? '').toContain('right');
  });

  it('shows the loading state, then the empty state, in place of the table', () => {
    const page = render(
      <DataTable label="People" data={[]} columns={COLUMNS} loading loadingLabel="Loading people" />,
    );
    expect(table(page)).toBeNull();
    expect(page.querySelector('[aria-label="Loading people"]')).not.toBeNull();
    act(() =>
      root.render(
        <MantineProvider>
          <DataTable label="People" data={[]} columns={COLUMNS} empty={<p>No people yet</p>} />
        </MantineProvider>,
      ),
    );
    expect(table(page)).toBeNull();
    expect(page.querySelector('p')?.textContent).toBe('No people yet');
  });

  it('draws an empty list as the headers alone when it has no empty state', () => {
    const page = render(<DataTable label="People" data={[]} columns={COLUMNS} />);
    expect(headers(page).map((th) => th.textContent)).toEqual(['Name', 'Age']);
    expect(page.querySelectorAll('tbody tr')).toHaveLength(0);
  });

  it('marks a table being refreshed as busy', () => {
    const page = render(<DataTable label="People" data={PEOPLE} columns={COLUMNS} busy />);
    expect(table(page)?.getAttribute('aria-busy')).toBe('true');
  });

  it('sorts on the client through header buttons, saying the order in aria-sort', () => {
    const page = render(<DataTable label="People" data={PEOPLE} columns={COLUMNS} enableSorting />);
    const name = header(page, 'Name');
    expect(name.getAttribute('aria-sort')).toBe('none');
    const button = name.querySelector('button');
    if (!button) throw new Error('the header is not a button');
    // The arrows are decoration: the button's text for assistive technology is the header's.
    expect(button.querySelector('[aria-hidden="true"]')).not.toBeNull();
    click(button);
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    expect(firstCells(page)).toEqual(['Ada', 'Grace', 'Linus']);
    click(button);
    expect(name.getAttribute('aria-sort')).toBe('descending');
    expect(firstCells(page)).toEqual(['Linus', 'Grace', 'Ada']);
  });

  it('leaves a server-sorted list in the server order and reports the wanted sort', () => {
    const onSortingChange = vi.fn();
    const sorting: SortingState = [{ id: 'name', desc: false }];
    const page = render(
      <DataTable
        label="People"
        data={PEOPLE}
        columns={COLUMNS}
        manualSorting
        enableSortingRemoval={false}
        sorting={sorting}
        onSortingChange={onSortingChange}
      />,
    );
    expect(header(page, 'Name').getAttribute('aria-sort')).toBe('ascending');
    expect(firstCells(page)).toEqual(['Grace', 'Ada', 'Linus']);
    const button = header(page, 'Name').querySelector('button');
    if (!button) throw new Error('the header is not a button');
    click(button);
    const updater = onSortingChange.mock.calls[0]?.[0];
    expect(typeof updater === 'function' ? updater(sorting) : updater).toEqual([{ id: 'name', desc: true }]);
  });

  it('pages through the server pages with a named pager, only when there is more than one page', () => {
    const onPageChange = vi.fn();
    const page = render(
      <DataTable
        label="People"
        data={PEOPLE}
        columns={COLUMNS}
        pagination={{ page: 1, pageCount: 3, onPageChange, label: 'Pages of people' }}
      />,
    );
    const nav = page.querySelector('nav[aria-label="Pages of people"]');
    expect(nav).not.toBeNull();
    const two = [...(nav?.querySelectorAll('button') ?? [])].find((b) => b.textContent === '2');
    if (!two) throw new Error('no page 2 button');
    click(two);
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(nav?.querySelector('button[aria-label="Next page"]')).not.toBeNull();

    act(() =>
      root.render(
        <MantineProvider>
          <DataTable
            label="People"
            data={PEOPLE}
            columns={COLUMNS}
            pagination={{ page: 1, pageCount: 1, onPageChange }}
          />
        </MantineProvider>,
      ),
    );
    expect(page.querySelector('nav')).toBeNull();
  });

  it.each([
    { identity: 'their ids', getRowId: undefined, ada: { 2: true }, all: { 1: true, 2: true } },
    {
      identity: 'the identity given',
      getRowId: (p: Person) => p.name,
      ada: { Ada: true },
      all: { Grace: true, Ada: true },
    },
  ])(
    'selects rows, known by $identity, through named checkboxes, one by one or the whole page, in state held outside',
    ({ getRowId, ada, all }) => {
      const seen: RowSelectionState[] = [];
      function Selecting() {
        const [selection, setSelection] = useState<RowSelectionState>({});
        seen.push(selection);
        return (
          <DataTable
            label="People"
            data={PEOPLE}
            columns={[selectColumn<Person>({ rowLabel: (p) => `Select ${p.name}` }), ...COLUMNS]}
            getRowId={getRowId}
            enableRowSelection={(row) => row.original.id !== 3}
            rowSelection={selection}
            onRowSelectionChange={setSelection}
          />
        );
      }
      const page = render(<Selecting />);
      expect(checkbox(page, 'Select Linus').disabled).toBe(true);
      click(checkbox(page, 'Select Ada'));
      expect(seen.at(-1)).toEqual(ada);
      expect(checkbox(page, 'Select Ada').checked).toBe(true);
      click(checkbox(page, 'Select all on this page'));
      expect(seen.at(-1)).toEqual(all);
    },
  );

  it('keeps a cell input, and its focus, when the screen builds its columns anew', () => {
    function Editing() {
      const [notes, setNotes] = useState<Record<number, string>>({});
      // New column definitions on every render, as a screen without useMemo makes them.
      const columns: ColumnDef<Person, unknown>[] = [
        ...COLUMNS,
        {
          id: 'note',
          header: 'Note',
          cell: ({ row }) => (
            <input
              aria-label={`Note on ${row.original.name}`}
              value={notes[row.original.id] ?? ''}
              onChange={(event) => setNotes({ ...notes, [row.original.id]: event.currentTarget.value })}
            />
          ),
        },
      ];
      return <DataTable label="People" data={PEOPLE} columns={columns} />;
    }
    const page = render(<Editing />);
    const input = page.querySelector<HTMLInputElement>('input[aria-label="Note on Ada"]');
    if (!input) throw new Error('no input');
    act(() => input.focus());
    act(() => {
      input.value = 'x';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const after = page.querySelector<HTMLInputElement>('input[aria-label="Note on Ada"]');
    expect(after).toBe(input);
    expect(after?.value).toBe('x');
    expect(document.activeElement).toBe(input);
  });

  it('hides and orders columns as state held outside says', () => {
    function Choosing({ visibility, order }: { visibility: VisibilityState; order: string[] }) {
      return (
        <DataTable
          label="People"
          data={PEOPLE}
          columns={COLUMNS}
          columnVisibility={visibility}
          onColumnVisibilityChange={() => {}}
          columnOrder={order}
          onColumnOrderChange={() => {}}
        />
      );
    }
    const page = render(<Choosing visibility={{}} order={['age', 'name']} />);
    expect(headers(page).map((th) => th.textContent)).toEqual(['Age', 'Name']);
    expect(firstCells(page)).toEqual(['85', '36', '54']);
    act(() =>
      root.render(
        <MantineProvider>
          <Choosing visibility={{ age: false }} order={['age', 'name']} />
        </MantineProvider>,
      ),
    );
    expect(headers(page).map((th) => th.textContent)).toEqual(['Name']);
  });

  describe('density', () => {
    /** The table inside a shell that hands its screens the signed-in user, as app/Shell.tsx does. */
    function AsUser({ id, children }: { id: number; children: ReactNode }) {
      return (
        <MemoryRouter>
          <Routes>
            <Route element={<Outlet context={{ user: { id } }} />}>
              <Route index element={children} />
            </Route>
          </Routes>
        </MemoryRouter>
      );
    }
    const densityChoice = (page: HTMLElement, name: string) => {
      const found = page.querySelector(`[role="radiogroup"][aria-label="${name}"]`);
      if (!found) throw new Error(`no density choice ${name}`);
      return found;
    };
    /** A choice's radio, found by its label's text. */
    const option = (page: HTMLElement, name: string, label: string) => {
      const found = [...densityChoice(page, name).querySelectorAll('label')].find(
        (l) => l.textContent === label,
      );
      const radio = found && document.getElementById(found.htmlFor);
      if (!(radio instanceof HTMLInputElement)) throw new Error(`no option ${label}`);
      return radio;
    };
    const spacing = (page: HTMLElement) =>
      table(page)?.style.getPropertyValue('--table-vertical-spacing') ?? '';

    it('offers a named density choice over the table; compact tightens the rows of every table, per user', () => {
      localStorage.removeItem(densityStorageKey(7));
      localStorage.removeItem(densityStorageKey(8));
      const page = render(
        <AsUser id={7}>
          <DataTable label="People" data={PEOPLE} columns={COLUMNS} />
          <DataTable label="Teams" data={PEOPLE} columns={COLUMNS} />
        </AsUser>,
      );
      const comfortable = spacing(page);
      expect(option(page, 'People row density', 'Comfortable').checked).toBe(true);

      click(option(page, 'People row density', 'Compact'));
      expect(spacing(page)).not.toBe(comfortable);
      // The other table follows the same choice, and it is remembered for this user alone.
      const teams = page.querySelectorAll('table')[1];
      expect(teams?.style.getPropertyValue('--table-vertical-spacing')).toBe(spacing(page));
      expect(localStorage.getItem(densityStorageKey(7))).toBe('"compact"');
      expect(localStorage.getItem(densityStorageKey(8))).toBeNull();

      const other = render(
        <AsUser id={8}>
          <DataTable label="People" data={PEOPLE} columns={COLUMNS} />
        </AsUser>,
      );
      expect(spacing(other)).toBe(comfortable);
    });

    it("leaves the choice to the screen when asked, and lets the screen's own spacing win", () => {
      const page = render(
        <DataTable
          label="People"
          data={PEOPLE}
          columns={COLUMNS}
          densityControl={false}
          tableProps={{ verticalSpacing: 4 }}
        />,
      );
      expect(page.querySelector('[role="radiogroup"]')).toBeNull();
      expect(spacing(page)).toBe('calc(0.25rem * var(--mantine-scale))');
    });
  });
});
