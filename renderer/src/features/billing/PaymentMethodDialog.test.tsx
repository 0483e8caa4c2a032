/**
 * The payment method form against a stubbed API, with either provider's hosted fields. Maxio's are driven through a
 * fake `Chargify` class handed over by a stubbed script loader (the real Chargify.js is never loaded here, and no
 * test reaches js.chargify.com): the fields are loaded with what the server answered, the token Chargify.js gives
 * is what is saved, a Chargify.js error is shown and nothing is sent, closing unloads the fields, and a script that
 * cannot load says so with a Retry. The sandbox's fields still tokenise in the page.
 */
import { MantineProvider } from '@mantine/core';
import { BILLING_ENDPOINTS, type BillingDetails, type HostedFields } from '@shared/api/billing';
import type { Endpoint } from '@shared/api/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRoots } from '../../testing/reactRoots';
import {
  CHARGIFY_JS_FAILED,
  type ChargifyConstructor,
  type ChargifyForm,
  type ChargifyLoadOptions,
  type ChargifyTokenError,
} from './chargifyJs';
import { CARD_FORM_LOADING } from './MaxioCardFields';
import { PaymentMethodDialog } from './PaymentMethodDialog';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  api: { call },
}));
const flash = vi.hoisted(() => vi.fn());
vi.mock('../../ui/flash', () => ({ flash }));
const loadChargifyJs = vi.hoisted(() => vi.fn<() => Promise<ChargifyConstructor>>());
vi.mock('./chargifyJs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./chargifyJs')>()),
  loadChargifyJs,
}));

const MAXIO: HostedFields = {
  provider: 'maxio',
  public_key: 'chjs_public',
  security_token: 'header.payload.signature',
  server_host: 'https://acme.chargify.com',
};
const SANDBOX: HostedFields = {
  provider: 'sandbox',
  public_key: 'sandbox',
  test_cards: [{ number: '4242424242424242', outcome: 'succeeds' }],
};
const DETAILS: BillingDetails = {
  billing_name: 'Olivia Owner',
  billing_address: '1 Main St',
  billing_address_2: '',
  billing_city: 'Chicago',
  billing_state: 'IL',
  billing_zip: '60611',
  billing_country: 'US',
  card: null,
  standing: 'good',
  balance_cents: 0,
};
const ADDRESS = {
  billing_name: 'Olivia Owner',
  billing_address: '1 Main St',
  billing_address_2: '',
  billing_city: 'Chicago',
  billing_state: 'IL',
  billing_zip: '60611',
  billing_country: 'US',
};

/** What the fake Chargify.js answers `token()` with: a token, or an error. */
let tokenAnswer: { token: string } | { error: ChargifyTokenError };

/** A stand-in for Chargify.js's constructor, keeping every form it made. */
class FakeChargify implements ChargifyForm {
  static made: FakeChargify[] = [];
  load = vi.fn<(options: ChargifyLoadOptions) => void>();
  unload = vi.fn<() => void>();
  token = vi.fn(
    (_form: HTMLElement, onToken: (token: string) => void, onError: (error: ChargifyTokenError) => void) => {
      if ('token' in tokenAnswer) onToken(tokenAnswer.token);
      else onError(tokenAnswer.error);
    },
  );
  constructor() {
    FakeChargify.made.push(this);
  }
}

const newRoot = reactRoots();
let hosted: HostedFields;

beforeEach(() => {
  call.mockReset();
  flash.mockReset();
  loadChargifyJs.mockReset();
  loadChargifyJs.mockResolvedValue(FakeChargify);
  FakeChargify.made = [];
  tokenAnswer = { token: 'tok_9f8e7d6c5b4a' };
  hosted = MAXIO;
  call.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === BILLING_ENDPOINTS.securityToken) return hosted;
    if (endpoint === BILLING_ENDPOINTS.update) {
      return {
        data: { ...DETAILS, card: { last4: '1111', exp_month: 3, exp_year: 2031, brand: 'visa' } },
        message: 'Saved.',
      };
    }
    throw new Error(`unexpected call ${endpoint.method} ${endpoint.path}`);
  });
});

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

async function renderDialog() {
  const mounted = newRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  await act(async () =>
    mounted.root.render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <PaymentMethodDialog companyId={3} details={DETAILS} onClose={onClose} />
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  await settle();
  return { onClose, unmount: () => act(() => mounted.root.unmount()) };
}

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
const saved = () => call.mock.calls.filter(([endpoint]) => endpoint === BILLING_ENDPOINTS.update);
const alerts = () => [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent ?? '');
/** The element a hosted field's load option points at. */
const target = (options: ChargifyLoadOptions, field: keyof ChargifyLoadOptions['fields']) =>
  document.querySelector(options.fields[field].selector);

async function save() {
  await act(async () => button('Save card').click());
  await settle();
}

describe("PaymentMethodDialog with Maxio's Chargify.js", () => {
  it("loads the hosted fields with the server's keys into labelled boxes on the page", async () => {
    await renderDialog();
    expect(FakeChargify.made).toHaveLength(1);
    const options = FakeChargify.made[0]?.load.mock.calls[0]?.[0];
    if (!options) throw new Error('Chargify.js was not loaded');
    expect(options).toMatchObject({
      publicKey: 'chjs_public',
      securityToken: 'header.payload.signature',
      serverHost: 'https://acme.chargify.com',
      type: 'card',
      fields: {
        number: { label: 'Card number' },
        month: { label: 'Expiry month' },
        year: { label: 'Expiry year' },
        cvv: { label: 'CVC' },
      },
    });
    for (const [field, label] of [
      ['number', 'Card number'],
      ['month', 'Expiry month'],
      ['year', 'Expiry year'],
      ['cvv', 'CVC'],
    ] as const) {
      const box = target(options, field);
      expect(box, field).not.toBeNull();
      // Each box is named by a label the page shows.
      const labelId = box?.getAttribute('aria-labelledby') ?? '';
      expect(document.getElementById(labelId)?.textContent).toBe(label);
    }
  });

  it("saves the token Chargify.js gives, with the billing address, from the dialog's form", async () => {
    const { onClose } = await renderDialog();
    await save();
    const chargify = FakeChargify.made[0];
    expect(chargify?.token).toHaveBeenCalledTimes(1);
    expect(chargify?.token.mock.calls[0]?.[0]).toBeInstanceOf(HTMLFormElement);
    expect(saved()).toHaveLength(1);
    expect(saved()[0]?.[1]).toEqual({
      params: { id: 3 },
      body: { ...ADDRESS, chargify_token: 'tok_9f8e7d6c5b4a' },
    });
    expect(flash).toHaveBeenCalledWith('success', 'Saved.');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows what Chargify.js said when it cannot tokenise the card, and sends nothing', async () => {
    tokenAnswer = { error: { message: 'Card number is invalid.' } };
    const { onClose } = await renderDialog();
    await save();
    expect(alerts()).toContain('Card number is invalid.');
    expect(saved()).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();

    // An error without a message still says what to do; a later success clears it.
    tokenAnswer = { error: { errors: { number: ['invalid'] } } };
    await save();
    expect(alerts()).toContain('The card could not be checked. Check the card details and try again.');
    expect(saved()).toHaveLength(0);
    tokenAnswer = { token: 'tok_second_try' };
    await save();
    expect(alerts()).toEqual([]);
    expect(saved()[0]?.[1]).toMatchObject({ body: { chargify_token: 'tok_second_try' } });
  });

  it('unloads the hosted fields when the dialog goes', async () => {
    const { unmount } = await renderDialog();
    const chargify = FakeChargify.made[0];
    expect(chargify?.unload).not.toHaveBeenCalled();
    unmount();
    expect(chargify?.unload).toHaveBeenCalledTimes(1);
  });

  it('while Chargify.js loads, says so and keeps the boxes ready for it', async () => {
    loadChargifyJs.mockReturnValue(new Promise(() => {}));
    await renderDialog();
    expect(document.querySelector('[aria-label="Loading the card form"]')).not.toBeNull();
    expect(document.querySelectorAll('[role="group"][aria-labelledby]')).toHaveLength(4);
    expect(FakeChargify.made).toHaveLength(0);
    // Saving now says the form is still loading, and sends nothing.
    await save();
    expect(alerts()).toContain(CARD_FORM_LOADING);
    expect(saved()).toHaveLength(0);
  });

  it('a script that cannot load says so with a Retry, which loads it again', async () => {
    loadChargifyJs.mockRejectedValueOnce(new Error(CHARGIFY_JS_FAILED));
    await renderDialog();
    expect(alerts()).toContain(`${CHARGIFY_JS_FAILED}Retry`);
    expect(FakeChargify.made).toHaveLength(0);
    // Nothing to tokenise: saving sends nothing.
    await save();
    expect(saved()).toHaveLength(0);

    await act(async () => button('Retry').click());
    await settle();
    expect(loadChargifyJs).toHaveBeenCalledTimes(2);
    expect(alerts()).toEqual([]);
    expect(FakeChargify.made).toHaveLength(1);
    expect(FakeChargify.made[0]?.load).toHaveBeenCalledTimes(1);
  });
});

describe("PaymentMethodDialog with the sandbox's fields", () => {
  it('tokenises the card in the page and saves the token with its last four, expiry and brand', async () => {
    hosted = SANDBOX;
    await renderDialog();
    expect(loadChargifyJs).not.toHaveBeenCalled();
    type(input('Card number'), '4242 4242 4242 4242');
    type(input('Expiry'), '12/30');
    type(input('CVC'), '123');
    await save();
    expect(saved()).toHaveLength(1);
    expect(saved()[0]?.[1]).toEqual({
      params: { id: 3 },
      body: {
        ...ADDRESS,
        chargify_token: expect.stringMatching(/^sbx_succeeds_[0-9a-f]{24}$/),
        card_last4: '4242',
        card_exp_month: 12,
        card_exp_year: 2030,
        card_brand: 'visa',
      },
    });
  });

  it('refuses an invalid card beside its field and sends nothing', async () => {
    hosted = SANDBOX;
    await renderDialog();
    type(input('Card number'), '4242 4242 4242 4241');
    type(input('Expiry'), '12/30');
    type(input('CVC'), '123');
    await save();
    expect(saved()).toHaveLength(0);
    expect(document.body.textContent).toContain('Enter a valid card number.');
  });
});
