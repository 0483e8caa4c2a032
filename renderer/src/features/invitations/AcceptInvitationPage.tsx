/**
 * The page an invitation link opens (`/accept-organization-invitation?token=…`; company invitations' page, issue
 * 34, is another kind of the same): one page whatever the invitation is to, given its kind — the accept endpoint of
 * the contract, the page's words, and where the person goes once it is accepted.
 *
 * Signed out, it asks the person to sign in (or create an account) and brings them back here, the token still in
 * the address. Nothing is said of what the invitation is to before they are signed in as the person it was sent
 * to: the accept endpoint is the only one that reads a token, and only for its addressee. Signed in, "Accept
 * invitation" sends the token, and the page says in words how it went (users/service/invitationLinks.ts on the
 * server): accepted (and a link to what it gave), sent to another address (403: which account is signed in, and
 * switching account), a link no longer valid (422: replaced or withdrawn), already accepted (409).
 *
 * The token lives in the address only: never in storage. The call is made once per click and never waits for the
 * connection (a mutation that waits is persisted with its variables), so it is not written to the stored cache
 * either; offline, the click says so and the person clicks again.
 */
import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { User } from '@shared/api/auth';
import type { Endpoint, ResponseOf } from '@shared/api/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { type ApiError, api } from '../../api';
import type { CallInput } from '../../api/contractCall';
import { keys } from '../../api/keys';
import { selectedCompanyIdAtom } from '../../api/session';
import { PublicLayout } from '../../ui/PublicLayout';
import { ErrorState } from '../../ui/States';
import { signOut } from '../auth/signIn';
import { useCurrentUser } from '../auth/useCurrentUser';

/** An accept endpoint: a POST whose body is the link's token. */
export type InvitationEndpoint = Endpoint & { method: 'POST'; body: z.ZodType<unknown, { token: string }> };

/** Where the person goes after accepting: a screen, in a company of theirs when it names one. */
export interface InvitationDestination {
  label: string;
  to: string;
  companyId?: number;
}

/** One kind of invitation by link, as this page shows it. */
export interface InvitationKind<E extends InvitationEndpoint> {
  endpoint: E;
  /** The page's title, signed in or not: it may say what kind of invitation the link is, not what it is to. */
  title: string;
  /** Signed in, before accepting: what accepting does. */
  offer: string;
  /** Accepted: what the person is now, and where to see it (`user` as the server sees them after accepting). */
  accepted(answer: ResponseOf<E>, user: User): { message: string; destination: InvitationDestination };
}

/** What the page says once the server has answered a click, the failures it can do nothing about apart. */
type Outcome<A> =
  | { state: 'accepted'; answer: A }
  | { state: 'otherPerson' }
  | { state: 'noLongerValid' }
  | { state: 'alreadyAccepted' };

/** How the server's refusals read here (the server's own words do not know who is signed in). */
export const INVITATION_OUTCOMES = {
  noToken:
    'This link has no invitation in it. Open the link from the invitation mail again, the whole of it.',
  signIn: 'Sign in to accept your invitation.',
  whichAccount: 'Use the account of the e-mail address the invitation was sent to.',
  otherPerson: (user: Pick<User, 'name' | 'email'>) =>
    `This invitation was sent to another e-mail address. You are signed in as ${user.name} (${user.email}). Sign out, then sign in with the address the invitation was sent to.`,
  noLongerValid:
    'This invitation link is no longer valid: a newer invitation replaced it, or it was withdrawn. Ask the person who invited you to send a new one.',
  alreadyAccepted: 'This invitation was already accepted.',
};

export function AcceptInvitationPage<E extends InvitationEndpoint>({ kind }: { kind: InvitationKind<E> }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { data: user, isPending, isFetching, error, refetch } = useCurrentUser();

  let content: ReactNode;
  // A cached "signed out" is asked again (useCurrentUser): the server's answer decides, as RequireUser waits for.
  if (isPending || (!user && isFetching)) {
    content = (
      <Center py="md">
        <Loader aria-label="Loading" />
      </Center>
    );
  } else if (error && !user) {
    content = <ErrorState title="Could not load your account" error={error} onRetry={() => refetch()} />;
  } else if (!token) {
    content = (
      <Alert color="red" role="alert">
        {INVITATION_OUTCOMES.noToken}
      </Alert>
    );
  } else if (!user) {
    content = <SignInToAccept />;
  } else {
    // A new person signed in here (switching account) starts without the previous one's outcome.
    content = <Accept key={user.id} kind={kind} token={token} user={user} />;
  }
  return <PublicLayout title={kind.title}>{content}</PublicLayout>;
}

/** Signed out: sign in (or sign up) and come back to this very address, token and all. */
function SignInToAccept() {
  const location = useLocation();
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <>
      <Text>{INVITATION_OUTCOMES.signIn}</Text>
      <Text size="sm" c="dimmed">
        {INVITATION_OUTCOMES.whichAccount}
      </Text>
      <Button component={Link} to={`/sign-in?next=${back}`}>
        Sign in
      </Button>
      <Text size="sm">
        No account with that address yet?{' '}
        <Anchor component={Link} to={`/sign-up?next=${back}`}>
          Create an account
        </Anchor>
      </Text>
    </>
  );
}

function Accept<E extends InvitationEndpoint>({
  kind,
  token,
  user,
}: {
  kind: InvitationKind<E>;
  token: string;
  user: User;
}) {
  const queryClient = useQueryClient();
  const accept = useMutation<ResponseOf<E>, ApiError, void>({
    // The token stays in this closure, not in the mutation's variables; see the header for why it never waits.
    mutationFn: () =>
      api.call(kind.endpoint, { body: { token } } as CallInput<E>, {
        silent: true,
        // A session that ended meanwhile brings this page back to "Sign in" (below), the token kept, instead of
        // the sign-out that would take the person to the sign-in page without it.
        keepSessionOn401: true,
      }) as Promise<ResponseOf<E>>,
    networkMode: 'always',
    retry: false,
    // What the invitation gave is in the user's companies: the next screen needs them, so it waits for them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.currentUser() }),
    onError: (failure) => {
      if (failure.status === 401) void queryClient.invalidateQueries({ queryKey: keys.currentUser() });
    },
  });
  const outcome = outcomeOf<ResponseOf<E>>(accept.data, accept.isSuccess, accept.error);

  // The button the person pressed goes away with the answer: the focus goes to what it says, once per answer.
  const said = useRef<HTMLDivElement>(null);
  const answered = outcome?.state;
  useEffect(() => {
    if (answered) said.current?.focus();
  }, [answered]);

  if (outcome) {
    return (
      <Stack ref={said} tabIndex={-1} gap="md" style={{ outline: 'none' }}>
        <Said outcome={outcome} kind={kind} user={user} />
      </Stack>
    );
  }
  // Anything else (no connection, a busy server): said as the client words it, and the button stays to try again.
  const failure = accept.error && accept.error.status !== 401 ? accept.error.message : '';
  return (
    <>
      <Text>{kind.offer}</Text>
      <Text size="sm" c="dimmed">
        Signed in as {user.name} ({user.email}).
      </Text>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Button onClick={() => accept.mutate()} loading={accept.isPending}>
        Accept invitation
      </Button>
    </>
  );
}

function outcomeOf<A>(answer: A | undefined, accepted: boolean, error: ApiError | null): Outcome<A> | null {
  if (accepted) return { state: 'accepted', answer: answer as A };
  if (error?.status === 403) return { state: 'otherPerson' };
  if (error?.status === 422) return { state: 'noLongerValid' };
  if (error?.status === 409) return { state: 'alreadyAccepted' };
  return null;
}

function Said<E extends InvitationEndpoint>({
  outcome,
  kind,
  user,
}: {
  outcome: Outcome<ResponseOf<E>>;
  kind: InvitationKind<E>;
  user: User;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const selectCompany = useSetAtom(selectedCompanyIdAtom);

  switch (outcome.state) {
    case 'accepted': {
      // `user` is as the server sees them after accepting: the page waited for it (onSuccess above).
      const { message, destination } = kind.accepted(outcome.answer, user);
      return (
        <>
          <Alert color="green" role="status">
            {message}
          </Alert>
          <Button
            component={Link}
            to={destination.to}
            onClick={() => {
              if (destination.companyId !== undefined) selectCompany(destination.companyId);
            }}
          >
            {destination.label}
          </Button>
        </>
      );
    }
    case 'otherPerson':
      return (
        <>
          <Alert color="red" role="alert">
            {INVITATION_OUTCOMES.otherPerson(user)}
          </Alert>
          <Button
            onClick={async () => {
              await signOut();
              navigate(`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`);
            }}
          >
            Sign out and switch account
          </Button>
        </>
      );
    case 'noLongerValid':
    case 'alreadyAccepted':
      return (
        <>
          <Alert color={outcome.state === 'alreadyAccepted' ? 'blue' : 'red'} role="alert">
            {INVITATION_OUTCOMES[outcome.state]}
          </Alert>
          <Anchor component={Link} to="/">
            Continue to Switchboard
          </Anchor>
        </>
      );
  }
}
