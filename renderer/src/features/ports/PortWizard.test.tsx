/**
 * The new-port wizard drawn against a stubbed API: a step with mistakes does not move on and says why beside the
 * field; a complete request goes out as multipart with the numbers as JSON and the letter attached, and the review
 * shows only the PIN's last 2; the server's 422 is put beside its field on the step that shows it.
 */
import { MantineProvider } from '@mantine/core';
import type { Endpoint } from '@shared/api/contract';
import { PORT_ENDPOINTS } from '@shared/api/ports';
import { PORT_DOCUMENT_MESSAGES, PORT_NUMBER_MESSAGES } from '@shared/domain/ports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import { reactRoots } from '../../testing/reactRoots';
import { PortWizard } from './PortWizard';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  api: { call },
}));

const newRoot = reactRoots();

beforeEach(() => {
  call.mockReset();
  call.mockImplementation(async (endpoint: Endpoint) => {
    throw new Error(`unexpected call ${endpoint.method} ${endpoint.path}`);
  });
});

async function renderWizard() {
  const { root } = newRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onCreated = vi.fn();
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <PortWizard companyId={4} opened onClose={() => undefined} onCreated={onCreated} />
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  return { onCreated };
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const button = (text: string) => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};
const input = (label: string) => {
  const found = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(label));
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
function choose(label: string, file: File) {
  const field = document.querySelector(`input[type="file"][aria-label="${label}"]`);
  if (!(field instanceof HTMLInputElement)) throw new Error(`no file input ${label}`);
  Object.defineProperty(field, 'files', { value: [file], configurable: true });
  act(() => {
    field.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const next = () => act(() => button('Next').click());
const text = () => document.body.textContent ?? '';

async function fillToReview() {
  type(input('Number 1'), '(720) 555-0142');
  next();
  type(input('Current carrier'), 'Old Telco');
  type(input('Account number'), 'ACC-4417');
  type(input('Account PIN'), '482921');
  type(input('Authorised name'), 'Dana Motors');
  type(input('Service address'), '1 Main St, Chicago IL');
  type(input('Desired port date'), '2030-01-02');
  next();
  choose(
    'Signed letter of authorisation file',
    new File(['%PDF-1.4'], 'loa.pdf', { type: 'application/pdf' }),
  );
  next();
}

describe('PortWizard', () => {
  it('does not move on from a step with mistakes, and says why', async () => {
    await renderWizard();
    next();
    expect(text()).toContain(PORT_NUMBER_MESSAGES.none);
    type(input('Number 1'), '800-356-9377');
    // The type follows the number: toll free.
    expect((input('Type of number 1') as HTMLInputElement).value).toBe('Toll free');
    type(input('Number 1'), '312-555-01');
    next();
    expect(text()).toContain(PORT_NUMBER_MESSAGES.unreadable);
    expect(() => input('Current carrier')).toThrow();

    type(input('Number 1'), '312-555-0142');
    next();
    next();
    expect(text()).toContain('Enter the carrier the numbers are with now.');
    expect(text()).toContain('Enter the account PIN or passcode');
  });

  it('refuses a document that is not a PDF, PNG or JPEG at once', async () => {
    await renderWizard();
    type(input('Number 1'), '312-555-0142');
    next();
    type(input('Current carrier'), 'Old Telco');
    type(input('Account number'), 'ACC-4417');
    type(input('Account PIN'), '482921');
    type(input('Authorised name'), 'Dana Motors');
    type(input('Service address'), '1 Main St');
    type(input('Desired port date'), '2030-01-02');
    next();
    choose(
      'Signed letter of authorisation file',
      new File(['x'], 'loa.docx', { type: 'application/msword' }),
    );
    expect(text()).toContain(PORT_DOCUMENT_MESSAGES.type('loa.docx'));
    // Without an accepted letter the step does not move on; the refusal still says why.
    next();
    expect(() => button('Send port request')).toThrow();
    expect(text()).toContain(PORT_DOCUMENT_MESSAGES.type('loa.docx'));
    // Back and on again: the step asks for the letter itself.
    act(() => button('Back').click());
    next();
    next();
    expect(text()).toContain(PORT_DOCUMENT_MESSAGES.loaRequired);
  });

  it('sends the request as multipart and shows only the PIN’s last 2 on review', async () => {
    const { onCreated } = await renderWizard();
    call.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === PORT_ENDPOINTS.create) return { id: 9, status: 'pending' };
      throw new Error('unexpected');
    });
    await fillToReview();
    expect(text()).toContain('••••21');
    expect(text()).not.toContain('482921');
    act(() => button('Send port request').click());
    await settle();
    const [endpoint, sent] = call.mock.calls[0] ?? [];
    expect(endpoint).toBe(PORT_ENDPOINTS.create);
    expect(sent.params).toEqual({ companyId: 4 });
    expect(JSON.parse(sent.body.numbers)).toEqual([{ number: '(720) 555-0142', type: 1 }]);
    expect(sent.body).toMatchObject({ pin: '482921', desired_date: '2030-01-02', bill: null });
    expect(sent.body.loa).toBeInstanceOf(File);
    expect(onCreated).toHaveBeenCalledWith({ id: 9, status: 'pending' });
  });

  it('puts the server’s 422 beside its field, on the step that shows it', async () => {
    await renderWizard();
    call.mockRejectedValue(
      new ApiError(
        422,
        { 'numbers.0.number': [PORT_NUMBER_MESSAGES.onPlatform] },
        'The given data was invalid.',
      ),
    );
    await fillToReview();
    act(() => button('Send port request').click());
    await settle();
    expect(input('Number 1').value).toBe('(720) 555-0142');
    expect(text()).toContain(PORT_NUMBER_MESSAGES.onPlatform);
  });
});
