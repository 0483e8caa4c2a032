/**
 * The routes. UI paths never start with /api, /app/ or /apps/ (ARCHITECTURE: those are the server's).
 *
 * Every screen loads on demand (lazyLoad.tsx): the first page load carries the shell (header, navigation) and
 * fetches the screen it lands on and the phone panel (shellParts.tsx) beside it; a skeleton holds the screen's
 * place while its chunk loads, and prefetch.ts fetches the likely next screens once the shell is idle. A route
 * names its screen in `handle.screen`, which is also how prefetching finds the screen behind a path. Not screens,
 * so not split: the index redirect to the user's landing (Landing.tsx), `/dialer` (hands a tel: number to the
 * phone panel) and "not found".
 */
import { useEffect } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { onAfterLogout } from '../api';
import { DialerRoute } from '../features/softphone/DialerRoute';
import { NotFoundPage } from '../ui/States';
import { Landing } from './Landing';
import { type LazyScreen, lazyScreen } from './lazyLoad';
import { prefetchAfterSettling, preloadPath, registerScreenRoutes } from './prefetch';
import { RequireUser } from './RequireUser';
import { PageSkeleton, ScreenSkeleton } from './ScreenSkeleton';
import { preloadShellParts } from './shellParts';

/** The campaign screens share one chunk, through one import (campaigns/screens.ts says why). */
const campaignScreens = () => import('../features/campaigns/screens');
/** So do the numbers screens (numbers/screens.ts). */
const numberScreens = () => import('../features/numbers/screens');
/** So do the ports screens (ports/screens.ts). */
const portScreens = () => import('../features/ports/screens');
/** And the number templates screens (numberTemplates/screens.ts). */
const numberTemplateScreens = () => import('../features/numberTemplates/screens');
/** And the call tracking screens (tracking/screens.ts). */
const trackingScreens = () => import('../features/tracking/screens');
/** And the analytics screens, the dashboard and the reports (analytics/screens.ts). */
const analyticsScreens = () => import('../features/analytics/screens');
/** And the alerts screens (alerts/screens.ts). */
const alertScreens = () => import('../features/alerts/screens');
/** And the text-messaging registration screens (registration/screens.ts). */
const registrationScreens = () => import('../features/registration/screens');

/** Each screen once (the inbox's three routes share one), named for its chunk and its boundary. */
const screens = {
  signIn: lazyScreen('sign-in', () => import('../features/auth/SignInPage').then((m) => m.SignInPage)),
  signUp: lazyScreen('sign-up', () => import('../features/auth/SignUpPage').then((m) => m.SignUpPage)),
  forgotPassword: lazyScreen('forgot-password', () =>
    import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  ),
  resetPassword: lazyScreen('reset-password', () =>
    import('../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  ),
  verifyEmail: lazyScreen('verify-email', () =>
    import('../features/auth/VerifyEmailPage').then((m) => m.VerifyEmailPage),
  ),
  acceptOrganizationInvitation: lazyScreen('accept-organization-invitation', () =>
    import('../features/invitations/AcceptOrganizationInvitationPage').then(
      (m) => m.AcceptOrganizationInvitationPage,
    ),
  ),
  profile: lazyScreen('profile', () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage)),
  inbox: lazyScreen('inbox', () => import('../features/inbox/InboxPage').then((m) => m.InboxPage)),
  activity: lazyScreen('activity', () =>
    import('../features/activity/ActivityPage').then((m) => m.ActivityPage),
  ),
  contacts: lazyScreen('contacts', () =>
    import('../features/contacts/ContactsPage').then((m) => m.ContactsPage),
  ),
  contact: lazyScreen('contact', () => import('../features/contacts/ContactPage').then((m) => m.ContactPage)),
  groups: lazyScreen('groups', () => import('../features/groups/GroupsPage').then((m) => m.GroupsPage)),
  campaigns: lazyScreen('campaigns', () => campaignScreens().then((m) => m.CampaignsPage)),
  campaign: lazyScreen('campaign', () => campaignScreens().then((m) => m.CampaignPage)),
  campaignEditor: lazyScreen('campaign-editor', () => campaignScreens().then((m) => m.CampaignEditorPage)),
  numbers: lazyScreen('numbers', () => numberScreens().then((m) => m.NumbersPage)),
  buyNumbers: lazyScreen('buy-numbers', () => numberScreens().then((m) => m.BuyNumbersPage)),
  forwardingNumbers: lazyScreen('forwarding-numbers', () =>
    import('../features/forwarding/screens').then((m) => m.ForwardingNumbersPage),
  ),
  number: lazyScreen('number', () => numberScreens().then((m) => m.NumberPage)),
  ports: lazyScreen('ports', () => portScreens().then((m) => m.PortsPage)),
  port: lazyScreen('port', () => portScreens().then((m) => m.PortPage)),
  marketplace: lazyScreen('marketplace', () =>
    import('../features/marketplace/screens').then((m) => m.MarketplacePage),
  ),
  numberTemplates: lazyScreen('number-templates', () => numberTemplateScreens().then((m) => m.TemplatesPage)),
  numberTemplate: lazyScreen('number-template', () => numberTemplateScreens().then((m) => m.TemplatePage)),
  trackingPools: lazyScreen('tracking-pools', () => trackingScreens().then((m) => m.PoolsPage)),
  trackingPool: lazyScreen('tracking-pool', () => trackingScreens().then((m) => m.PoolPage)),
  trackingPoolEditor: lazyScreen('tracking-pool-editor', () =>
    trackingScreens().then((m) => m.PoolEditorPage),
  ),
  trackingSources: lazyScreen('tracking-sources', () => trackingScreens().then((m) => m.SourcesPage)),
  trackingInstall: lazyScreen('tracking-install', () => trackingScreens().then((m) => m.InstallPage)),
  trackingLive: lazyScreen('tracking-live', () => trackingScreens().then((m) => m.LivePage)),
  trackingReports: lazyScreen('tracking-reports', () => trackingScreens().then((m) => m.ReportsPage)),
  dashboard: lazyScreen('dashboard', () => analyticsScreens().then((m) => m.DashboardPage)),
  reports: lazyScreen('reports', () => analyticsScreens().then((m) => m.ReportsPage)),
  alerts: lazyScreen('alerts', () => alertScreens().then((m) => m.AlertsPage)),
  billing: lazyScreen('billing', () => import('../features/billing/screens').then((m) => m.BillingPage)),
  alert: lazyScreen('alert', () => alertScreens().then((m) => m.AlertPage)),
  alertMonitors: lazyScreen('alert-monitors', () => alertScreens().then((m) => m.MonitorsPage)),
  registrations: lazyScreen('registrations', () => registrationScreens().then((m) => m.RegistrationsPage)),
  registration: lazyScreen('registration', () => registrationScreens().then((m) => m.RegistrationPage)),
  registrationWizard: lazyScreen('registration-wizard', () =>
    registrationScreens().then((m) => m.RegistrationWizard),
  ),
  schedule: lazyScreen('schedule', () => import('../features/schedule/screens').then((m) => m.SchedulePage)),
  greetings: lazyScreen('greetings', () =>
    import('../features/greetings/screens').then((m) => m.GreetingsPage),
  ),
  blocks: lazyScreen('blocks', () => import('../features/blocks/screens').then((m) => m.BlocksPage)),
  customFields: lazyScreen('custom-fields', () =>
    import('../features/customFields/CustomFieldsPage').then((m) => m.CustomFieldsPage),
  ),
  users: lazyScreen('users', () => import('../features/users/UsersPage').then((m) => m.UsersPage)),
  apiKeys: lazyScreen('api-keys', () => import('../features/apiKeys/ApiKeysPage').then((m) => m.ApiKeysPage)),
  audioSettings: lazyScreen('audio-settings', () =>
    import('../features/softphone/AudioSettingsPage').then((m) => m.AudioSettingsPage),
  ),
} satisfies Record<string, LazyScreen>;

/** While a signed-out page sits idle (the user is typing): what signing in will need first. */
function PrefetchSignedIn() {
  useEffect(() => prefetchAfterSettling([{ preload: preloadShellParts }, screens.inbox]), []);
  return null;
}

/** A signed-out page: the skeleton of its card. */
function page(path: string, screen: LazyScreen): RouteObject {
  return {
    path,
    element: (
      <>
        {screen.element(<PageSkeleton />)}
        <PrefetchSignedIn />
      </>
    ),
    handle: { screen },
  };
}

/** A signed-in screen inside the shell: the skeleton fills the main area only. */
function screen(path: string, lazy: LazyScreen): RouteObject {
  return { path, element: lazy.element(<ScreenSkeleton />), handle: { screen: lazy } };
}

export const routes: RouteObject[] = [
  page('/sign-in', screens.signIn),
  page('/sign-up', screens.signUp),
  page('/forgot-password', screens.forgotPassword),
  page('/reset-password', screens.resetPassword),
  page('/verify-email', screens.verifyEmail),
  // Signed in or not: signed out, it offers to sign in and brings the person back with the link's token.
  page('/accept-organization-invitation', screens.acceptOrganizationInvitation),
  {
    path: '/',
    element: <RequireUser />,
    children: [
      { index: true, element: <Landing /> },
      screen('profile', screens.profile),
      screen('inbox', screens.inbox),
      screen('inbox/new', screens.inbox),
      screen('inbox/:conversationId', screens.inbox),
      screen('activity', screens.activity),
      screen('contacts', screens.contacts),
      screen('contacts/:contactId', screens.contact),
      screen('groups', screens.groups),
      screen('campaigns', screens.campaigns),
      screen('campaigns/new', screens.campaignEditor),
      screen('campaigns/:campaignId', screens.campaign),
      screen('campaigns/:campaignId/edit', screens.campaignEditor),
      screen('numbers', screens.numbers),
      screen('numbers/buy', screens.buyNumbers),
      screen('numbers/forwarding', screens.forwardingNumbers),
      screen('numbers/templates', screens.numberTemplates),
      screen('numbers/templates/:templateId', screens.numberTemplate),
      screen('numbers/marketplace', screens.marketplace),
      screen('numbers/ports', screens.ports),
      screen('numbers/ports/:portId', screens.port),
      screen('numbers/:numberId', screens.number),
      screen('tracking', screens.trackingPools),
      screen('tracking/pools/new', screens.trackingPoolEditor),
      screen('tracking/pools/:poolId', screens.trackingPool),
      screen('tracking/pools/:poolId/edit', screens.trackingPoolEditor),
      screen('tracking/sources', screens.trackingSources),
      screen('tracking/install', screens.trackingInstall),
      screen('tracking/live', screens.trackingLive),
      screen('tracking/reports', screens.trackingReports),
      screen('dashboard', screens.dashboard),
      screen('reports', screens.reports),
      screen('alerts', screens.alerts),
      screen('alerts/monitors', screens.alertMonitors),
      screen('alerts/:alertId', screens.alert),
      screen('billing', screens.billing),
      screen('registration', screens.registrations),
      screen('registration/:registrationId', screens.registration),
      screen('registration/:registrationId/edit', screens.registrationWizard),
      screen('schedule', screens.schedule),
      screen('greetings', screens.greetings),
      screen('blocks', screens.blocks),
      screen('custom-fields', screens.customFields),
      screen('users', screens.users),
      screen('api-keys', screens.apiKeys),
      screen('settings/audio', screens.audioSettings),
      { path: 'dialer', element: <DialerRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

registerScreenRoutes(routes);
// The screen this page load lands on starts downloading now, beside the session check, not after it (`/` leads
// to a landing known only with the user: the inbox, where most roles land); on a signed-in page, so do the shell's
// deferred parts (the phone panel).
const landing = window.location.pathname === '/' ? '/inbox' : window.location.pathname;
preloadPath(landing);
if (matchRoutes(routes, landing)?.[0]?.route.path === '/') void preloadShellParts();

export const router = createBrowserRouter(routes);

onAfterLogout(() => void router.navigate('/sign-in?expired=1', { replace: true }));
