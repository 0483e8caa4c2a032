/**
 * The index route, `/`: sends the user to their landing (landing.ts). When this page load began at `/` (the
 * desktop app starting, a reload of the root), the screen they last visited wins; arriving at `/` from within the
 * app (signing in, the logo, returning from acting as someone) goes to the role's own screen.
 */
import { Navigate, useLocation } from 'react-router';
import { useShell } from './context';
import { landingPath, rememberedScreen } from './landing';
import { ScreenSkeleton } from './ScreenSkeleton';
import { useSelectedCompany } from './useCompany';

/** react-router's key for the location a page load starts on; every navigation after it gets a fresh one. */
const FIRST_LOCATION_KEY = 'default';

export function Landing() {
  const { user } = useShell();
  const { company, pending } = useSelectedCompany(user);
  const location = useLocation();
  if (pending) return <ScreenSkeleton />;
  const remembered = location.key === FIRST_LOCATION_KEY ? rememberedScreen(user.id) : null;
  return <Navigate to={landingPath(company?.role, remembered)} replace />;
}
