/**
 * Where the link we mail to verify an email lands (`/verify-email?token=…`, §7 POST /email/verify): the token is
 * sent once, as the page opens, signed in or not (the link may be opened on another device). A link that is not
 * valid, used or expired says so, and how to get a new one: signed in, the notice on every screen sends it.
 */
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { AUTH_ENDPOINTS } from '@shared/api/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, api } from '../../api';
import { keys } from '../../api/keys';
import { PublicLayout } from '../../ui/PublicLayout';

type Outcome = { state: 'verifying' } | { state: 'verified' | 'refused'; message: string };

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'verifying' });
  // A link works once: the page must not send it twice when React runs its effect again (development mode).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = params.get('token') ?? '';
    api
      .call(AUTH_ENDPOINTS.verifyEmail, { body: { token } }, { silent: true, keepSessionOn401: true })
      .then(async (answer) => {
        setOutcome({ state: 'verified', message: answer.message });
        // A signed-in user here (or in another tab) loses the notice and may send at once.
        await queryClient.invalidateQueries({ queryKey: keys.currentUser() });
      })
      .catch((caught: unknown) => {
        const message =
          caught instanceof ApiError ? (caught.field('token') ?? caught.message) : String(caught);
        setOutcome({ state: 'refused', message });
      });
  }, [params, queryClient]);

  return (
    <PublicLayout title="Verify your email address">
      {outcome.state === 'verifying' && (
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Verifying your email address…</Text>
        </Stack>
      )}
      {outcome.state === 'verified' && (
        <>
          <Alert color="green" role="status">
            {outcome.message}
          </Alert>
          <Button component={Link} to="/" replace>
            Continue
          </Button>
        </>
      )}
      {outcome.state === 'refused' && (
        <>
          <Alert color="red" role="alert">
            {outcome.message}
          </Alert>
          <Anchor component={Link} to="/" size="sm">
            Sign in to ask for a new link
          </Anchor>
        </>
      )}
    </PublicLayout>
  );
}
