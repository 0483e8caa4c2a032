/**
 * Email verification in the renderer, against a stubbed API: the notice shows for an unverified user only and
 * sends a new link (showing the server's answer, or its refusal, as it is, without waiting a 429 out); the page a
 * mailed link opens sends its token once and says how it went.
 */
import { MantineProvider } from '@mantine/core';
import { AUTH_ENDPOINTS, type User } from '@shared/api/auth';
import type { Endpoint } from '@shared/api/contract';
import { EMAIL_VERIFICATION_MESSAGES as MESSAGES } from '@shared/domain/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode, StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import { reactRoots } from '../../testing/reactRoots';
import { EmailVerificationNotice } from './EmailVerificationNotice';
import { VerifyEmailPage } from './VerifyEmailPage';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  api: { call },
}));

const newRoot = reactRoots();
let answer: (endpoint: Endpoint, input: unknown) => Promise<unknown>;

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, input: unknown) => answer(endpoint, input));
});

async function render(node: ReactNode, path = '/') {
  const mounted = newRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    mounted.root.render(
      <StrictMode>
        <QueryClientProvider client={client}>
          <MantineProvider>
            <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
          </MantineProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  await settle();
  return mounted.host;
}
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const user = (email_verified: boolean) => ({ id: 9, email: 'nia@shop.test', email_verified }) as User;
const button = (host: HTMLElement, name: string) =>
  [...host.querySelectorAll('button')].find((element) => element.textContent?.trim() === name);

describe('the notice of an unverified email', () => {
  it('shows nothing once the email is verified', async () => {
    const host = await render(<EmailVerificationNotice user={user(true)} />);
    expect(host.querySelector('[role="status"]')).toBeNull();
    expect(host.textContent).not.toContain('Verify your email address');
  });

  it('says where the link went and what waits for it; Resend the link sends one and says so', async () => {
    answer = async (endpoint) => {
      if (endpoint === AUTH_ENDPOINTS.resendVerification) return { message: MESSAGES.sent('nia@shop.test') };
      throw new Error(`unexpected call ${endpoint.path}`);
    };
    const host = await render(<EmailVerificationNotice user={user(false)} />);
    expect(host.textContent).toContain('Verify your email address');
    expect(host.textContent).toContain(
      'We sent a link to nia@shop.test. Open it to send texts and campaigns and to buy numbers.',
    );
    await act(async () => button(host, 'Resend the link')?.click());
    await settle();
    expect(call).toHaveBeenCalledWith(
      AUTH_ENDPOINTS.resendVerification,
      {},
      { silent: true, retryWhenRateLimited: false },
    );
    expect(host.textContent).toContain(MESSAGES.sent('nia@shop.test'));
  });

  it('asked too soon: the server’s words, at once', async () => {
    const refusal = MESSAGES.tooSoon('nia@shop.test', 42);
    answer = async () => {
      throw new ApiError(429, {}, refusal);
    };
    const host = await render(<EmailVerificationNotice user={user(false)} />);
    await act(async () => button(host, 'Resend the link')?.click());
    await settle();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(refusal);
  });
});

describe('the page a verification link opens', () => {
  it('sends the link’s token once and says the address is verified', async () => {
    answer = async (endpoint) => {
      if (endpoint === AUTH_ENDPOINTS.verifyEmail) return { message: MESSAGES.verified };
      throw new Error(`unexpected call ${endpoint.path}`);
    };
    const host = await render(<VerifyEmailPage />, '/verify-email?token=sbv_abc');
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[1]).toEqual({ body: { token: 'sbv_abc' } });
    expect(host.querySelector('[role="status"]')?.textContent).toBe(MESSAGES.verified);
    expect(host.querySelector('a')?.textContent).toBe('Continue');
  });

  it('a used or expired link says so, and how to get a new one', async () => {
    answer = async () => {
      throw new ApiError(422, { token: [MESSAGES.linkExpired] }, MESSAGES.linkExpired);
    };
    const host = await render(<VerifyEmailPage />, '/verify-email?token=sbv_old');
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(MESSAGES.linkExpired);
    expect(host.querySelector('a')?.textContent).toBe('Sign in to ask for a new link');
  });
});
