/** "Apply to numbers", drawn against a stubbed API: what it sends, what it says back, and what it refuses. */
import { MantineProvider } from '@mantine/core';
import type { Endpoint } from '@shared/api/contract';
import { NUMBER_ENDPOINTS } from '@shared/api/numbers';
import { NUMBER_TEMPLATE_ENDPOINTS } from '@shared/api/numberTemplates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRoots } from '../../testing/reactRoots';
import { ApplyTemplateDialog, type ApplyTemplateDialogProps } from './ApplyTemplateDialog';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  api: { call },
}));

const newRoot = reactRoots();

const number = (id: number, phone: string, label: string) => ({
  id,
  number: phone,
  label,
  tags: [],
  type: 2,
  sms_enabled: true,
  call_transcription_enabled: false,
  unread_messages_count: 0,
  hasNotificationBlocks: false,
});

const template = { id: 5, name: 'Showroom' };

beforeEach(() => {
  call.mockReset();
  call.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === NUMBER_ENDPOINTS.list)
      return {
        data: [number(11, '+13125550100', 'Main line'), number(12, '+13125550101', 'Sales')],
        current_page: 1,
        last_page: 1,
        total: 2,
      };
    if (endpoint === NUMBER_TEMPLATE_ENDPOINTS.list) return { data: [template] };
    if (endpoint === NUMBER_TEMPLATE_ENDPOINTS.apply)
      return { message: 'The template was applied to 2 numbers.', updated: 2 };
    throw new Error(`unexpected call ${endpoint.method} ${endpoint.path}`);
  });
});

async function render(props: Partial<ApplyTemplateDialogProps>) {
  const { root } = newRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  const onDone = vi.fn();
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <ApplyTemplateDialog companyId={1} opened onClose={onClose} onDone={onDone} {...props} />
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  return { onClose, onDone };
}

const dialog = () => document.querySelector<HTMLElement>('form[aria-label="Apply template to numbers"]');
const button = (text: string) => {
  const found = [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('ApplyTemplateDialog', () => {
  it('from a template: choose every number, apply, and hand the server’s answer on', async () => {
    const { onClose, onDone } = await render({ templateId: 5 });
    await settle();
    expect(dialog()?.textContent).toContain('Showroom');
    expect(dialog()?.textContent).toContain('0 numbers chosen');
    act(() => button('Choose all 2 numbers').click());
    expect(dialog()?.textContent).toContain('2 numbers chosen');
    act(() => button('Apply').click());
    await settle();
    const applied = call.mock.calls.find(([endpoint]) => endpoint === NUMBER_TEMPLATE_ENDPOINTS.apply);
    expect(applied?.[1]).toEqual({ params: { companyId: 1, id: 5 }, body: { number_ids: [11, 12] } });
    expect(onDone).toHaveBeenCalledWith({ message: 'The template was applied to 2 numbers.', updated: 2 });
    expect(onClose).toHaveBeenCalled();
  });

  it('from the Numbers screen’s selection: the numbers come chosen, the template is asked for', async () => {
    const { onDone } = await render({ numberIds: [12] });
    await settle();
    expect(dialog()?.textContent).toContain('1 number chosen');
    act(() => button('Apply').click());
    await settle();
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe('Choose a template.');
    expect(call.mock.calls.some(([endpoint]) => endpoint === NUMBER_TEMPLATE_ENDPOINTS.apply)).toBe(false);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('refuses to apply to no number', async () => {
    await render({ templateId: 5 });
    await settle();
    act(() => button('Apply').click());
    await settle();
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe('Choose at least one number.');
  });

  it('a refusal stays in the dialog', async () => {
    const { onDone } = await render({ templateId: 5, numberIds: [11] });
    call.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === NUMBER_TEMPLATE_ENDPOINTS.apply) throw new Error('The number was not found.');
      if (endpoint === NUMBER_TEMPLATE_ENDPOINTS.list) return { data: [template] };
      return { data: [], current_page: 1, last_page: 1, total: 0 };
    });
    await settle();
    act(() => button('Apply').click());
    await settle();
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe('The number was not found.');
    expect(onDone).not.toHaveBeenCalled();
  });
});
