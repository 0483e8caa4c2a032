/**
 * The parts of the signed-in shell that are always mounted but whose code is not in the first page load: the
 * phone panel (PhoneAside: the softphone and its voice engines) and the inbox's live events (new-message alerts,
 * unread counts). Both need the phone-number metadata (libphonenumber-js "max", ≈ 50 kB gzipped) and together
 * weigh ≈ 124 kB gzipped — the difference between an initial script over and under its 300 kB budget
 * (docs/decisions.md, "UI loading"). Their chunks are requested as soon as the app boots on a signed-in page
 * (router.tsx), beside the session check and the screen's chunk, and while a signed-out page sits idle; the
 * phone's place in the aside keeps its width and shows a skeleton for the moment it takes.
 */
import { Suspense } from 'react';
import { LoadBoundary, lazyComponent } from './lazyLoad';
import { PhoneSkeleton } from './ScreenSkeleton';

const phoneAside = lazyComponent('phone', () => import('./PhoneAside').then((m) => m.PhoneAside));
const inboxEvents = lazyComponent('inbox-events', () =>
  import('../features/inbox/InboxEvents').then((m) => m.InboxEvents),
);

/** The alerts' live side (open count for the navigation, a toast for a new alert): small, but not first-load. */
const alertEvents = lazyComponent('alert-events', () =>
  import('../features/alerts/AlertEvents').then((m) => m.AlertEvents),
);

/** Starts fetching the deferred shell parts (once); a failure is reported where the part would show. */
export function preloadShellParts(): Promise<unknown> {
  return Promise.all([phoneAside.preload(), inboxEvents.preload(), alertEvents.preload()]).catch(
    () => undefined,
  );
}

export function DeferredPhone({ userId, companyId }: { userId: number; companyId: number }) {
  return (
    <LoadBoundary title="Could not load the phone">
      <Suspense fallback={<PhoneSkeleton />}>
        <phoneAside.Component userId={userId} companyId={companyId} />
      </Suspense>
    </LoadBoundary>
  );
}

export function DeferredInboxEvents({ userId, companyId }: { userId: number; companyId: number }) {
  return (
    <LoadBoundary title="Could not load new-message alerts">
      <Suspense fallback={null}>
        <inboxEvents.Component userId={userId} companyId={companyId} />
      </Suspense>
    </LoadBoundary>
  );
}

export function DeferredAlertEvents({ companyId }: { companyId: number }) {
  return (
    <LoadBoundary title="Could not load new-alert notices">
      <Suspense fallback={null}>
        <alertEvents.Component companyId={companyId} />
      </Suspense>
    </LoadBoundary>
  );
}
