/**
 * The page an organization invitation link opens, against a stubbed API: signed out it asks to sign in and keeps
 * the link's token in the way back; signed in, "Accept invitation" sends the token through the contract and each
 * answer of the server (accepted, 403, 422, 409, no answer at all) reads as words, with what to do next.
 */
import { MantineProvider } from '@mantine/core';
import { AUTH_ENDPOINTS, type User } from '@shared/api/auth';
import { BUSINESS_UNIT_ENDPOINTS, type Organization } from '@shared/api/businessUnits';
import type { Endpoint } from '@shared/api/contract';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import { reactRoots } from '../../testing/reactRoots';
import { INVITATION_OUTCOMES } from './AcceptInvitationPage';
import { AcceptOrganizationInvitationPage } from './AcceptOrganizationInvitationPage';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  api: { call },
}));

const signOut = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../auth/signIn', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../auth/signIn')>()),
  signOut,
}));

/** Where the page has sent the person (the router's location), for the switch-account step. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const newRoot = reactRoots();
const TOKEN = 'invite_abc123';
const LINK = `/accept-organization-invitation?token=${TOKEN}`;
const DEMO_GROUP: Organization = {
  id: 7,
  name: 'Demo Group',
  status: 'active',
  owner_id: null,
  companies_count: 1,
  created_at: '2025-01-01T00:00:00.000Z',
};
const before = {
  id: 9,
  name: 'Otto Other',
  email: 'other@demo.test',
  companies: [
    { id: 3, name: 'Other Co', role: 'owner', in_app_calling_status: 'away', organization_id: null },
  ],
} as User;
const after = {
  ...before,
  hasBusinessUnits: true,
  companies: [
    { id: 1, name: 'Demo Motors', role: 'administrator', in_app_calling_status: 'away', organization_id: 7 },
    ...before.companies,
  ],
} as User;

/** Who is signed in (null: nobody), and what accepting answers. */
let signedIn: User | null;
let acceptAnswer: () => Promise<unknown>;

beforeEach(() => {
  signedIn = before;
  signOut.mockClear();
  call.mockReset();
  call.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === AUTH_ENDPOINTS.user) {
      if (!signedIn) throw new ApiError(401, {}, 'Unauthenticated.');
      return signedIn;
    }
    if (endpoint === BUSINESS_UNIT_ENDPOINTS.acceptInvitation) return acceptAnswer();
    throw new Error(`unexpected call ${endpoint.path}`);
  });
});

async function render(path = LINK) {
  const mounted = newRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    mounted.root.render(
      <StrictMode>
        <QueryClientProvider client={client}>
          <MantineProvider>
            <MemoryRouter initialEntries={[path]}>
              <AcceptOrganizationInvitationPage />
              <Where />
            </MemoryRouter>
          </MantineProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  await settle();
  return { host: mounted.host, client };
}
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const button = (host: HTMLElement, name: string) =>
  [...host.querySelectorAll('button')].find((element) => element.textContent?.trim() === name);
const link = (host: HTMLElement, name: string) =>
  [...host.querySelectorAll('a')].find((element) => element.textContent?.trim() === name);
const acceptCalls = () =>
  call.mock.calls.filter(([endpoint]) => endpoint === BUSINESS_UNIT_ENDPOINTS.acceptInvitation);

async function accept(host: HTMLElement) {
  const accepting = button(host, 'Accept invitation');
  expect(accepting?.disabled, 'the Accept invitation button, there and enabled').toBe(false);
  await act(async () => accepting?.click());
  await settle();
}

describe('signed out', () => {
  it('asks to sign in, without saying what the invitation is to, and signing in comes back with the token', async () => {
    signedIn = null;
    const { host } = await render();
    expect(host.textContent).toContain(INVITATION_OUTCOMES.signIn);
    expect(host.textContent).not.toContain('Demo Group');
    const back = encodeURIComponent(LINK);
    expect(link(host, 'Sign in')?.getAttribute('href')).toBe(`/sign-in?next=${back}`);
    expect(link(host, 'Create an account')?.getAttribute('href')).toBe(`/sign-up?next=${back}`);
    expect(button(host, 'Accept invitation')).toBeUndefined();
    expect(acceptCalls()).toHaveLength(0);
  });
});

describe('signed in', () => {
  it('a link without a token says so, and offers nothing to accept', async () => {
    const { host } = await render('/accept-organization-invitation');
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(INVITATION_OUTCOMES.noToken);
    expect(button(host, 'Accept invitation')).toBeUndefined();
  });

  it('accepting sends the token and says so, with a way to the organization in one of its companies', async () => {
    acceptAnswer = async () => {
      signedIn = after;
      return DEMO_GROUP;
    };
    const { host } = await render();
    expect(host.textContent).toContain('Signed in as Otto Other (other@demo.test).');
    await accept(host);
    expect(acceptCalls()).toEqual([
      [
        BUSINESS_UNIT_ENDPOINTS.acceptInvitation,
        { body: { token: TOKEN } },
        expect.objectContaining({ silent: true }),
      ],
    ]);
    expect(host.querySelector('[role="status"]')?.textContent).toBe('You are now an admin of Demo Group.');
    // The user was asked again, so the organization's company is known: the link opens its Users screen.
    expect(link(host, 'Go to Demo Group')?.getAttribute('href')).toBe('/users');
    expect(button(host, 'Accept invitation')).toBeUndefined();
  });

  it('sent to another address (403): says who is signed in and offers to switch account', async () => {
    acceptAnswer = async () => {
      throw new ApiError(403, {}, 'This invitation was sent to another e-mail address.');
    };
    const { host } = await render();
    await accept(host);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(INVITATION_OUTCOMES.otherPerson(before));
    expect(host.textContent).toContain('You are signed in as Otto Other (other@demo.test).');
    // Switching signs this account out and goes to sign-in, with the way back to this very link.
    const switching = button(host, 'Sign out and switch account');
    expect(switching?.disabled, 'the switch-account button, there and enabled').toBe(false);
    await act(async () => switching?.click());
    await settle();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(host.querySelector('[data-testid="where"]')?.textContent).toBe(
      `/sign-in?next=${encodeURIComponent(LINK)}`,
    );
  });

  it('a replaced or withdrawn link (422 on token): no longer valid, ask for a new one', async () => {
    acceptAnswer = async () => {
      throw new ApiError(
        422,
        { token: ['This invitation link is no longer valid.'] },
        'The given data was invalid.',
      );
    };
    const { host } = await render();
    await accept(host);
    const said = host.querySelector('[role="alert"]')?.textContent ?? '';
    expect(said).toBe(INVITATION_OUTCOMES.noLongerValid);
    expect(said).toMatch(/replaced it, or it was withdrawn\. Ask .* a new one\./);
    expect(link(host, 'Continue to Switchboard')?.getAttribute('href')).toBe('/');
  });

  it('already accepted (409) says so', async () => {
    acceptAnswer = async () => {
      throw new ApiError(409, {}, 'This invitation was already accepted.');
    };
    const { host } = await render();
    await accept(host);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(INVITATION_OUTCOMES.alreadyAccepted);
  });

  it('no answer at all: says so, keeps the button to try again, and the stored cache never holds the token', async () => {
    const unreachable = 'Could not reach the server.';
    acceptAnswer = async () => {
      throw new ApiError(0, { '': [unreachable] }, unreachable, 'ERR_NETWORK');
    };
    const { host, client } = await render();
    await accept(host);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(unreachable);
    expect(button(host, 'Accept invitation')?.disabled, 'the button stays, to try again').toBe(false);
    // What the app persists is the dehydrated cache, mutations included: nothing of it carries the token.
    const stored = JSON.stringify(dehydrate(client, { shouldDehydrateMutation: () => true }));
    expect(stored).not.toContain(TOKEN);
  });
});
