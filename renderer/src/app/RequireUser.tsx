/**
 * Signed-in screens: wait for the user, send the signed-out to sign-in (coming back here after), and remember the
 * screen the user is on (landing.ts: where the app opens next time at its root). The shell and its screens get the
 * user from here, so none renders without one.
 */
import { Center, Loader } from '@mantine/core';
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { identitySwitchAtom } from '../api/session';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { ErrorState } from '../ui/States';
import { rememberScreen } from './landing';
import { screenForPath } from './prefetch';
import { Shell } from './Shell';

export function RequireUser() {
  const location = useLocation();
  const { data: user, isPending, isFetching, error, refetch } = useCurrentUser();
  const [identitySwitch, setIdentitySwitch] = useAtom(identitySwitchAtom);
  const atRoot = location.pathname === '/';
  const userId = user?.id;
  useEffect(() => {
    if (userId && screenForPath(location.pathname)) rememberScreen(userId, location.pathname);
  }, [userId, location.pathname]);
  // Someone else is now signed in (features/admin/impersonation.ts): once back at `/`, they land as themselves.
  useEffect(() => {
    if (identitySwitch === 'switched' && atRoot) setIdentitySwitch('none');
  }, [identitySwitch, atRoot, setIdentitySwitch]);
  if (identitySwitch === 'switched' && !atRoot) return <Navigate to="/" replace />;
  // A cached "signed out" is asked again (useCurrentUser): the server's answer decides, not the cache.
  if (identitySwitch !== 'none' || isPending || (!user && isFetching)) {
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
  return <Shell user={user} />;
}
