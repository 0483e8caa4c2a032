/** Signed-in screens: wait for the user, send the signed-out to sign-in (coming back here after). */
import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { ErrorState } from '../ui/States';
import { Shell } from './Shell';

export function RequireUser() {
  const location = useLocation();
  const { data: user, isPending, error, refetch } = useCurrentUser();
  if (isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (error && !user)
    return <ErrorState title="Could not load your account" error={error} onRetry={() => refetch()} />;
  if (!user)
    return (
      <Navigate to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} replace />
    );
  return <Shell />;
}
