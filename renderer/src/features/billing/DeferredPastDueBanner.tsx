/** The past-due banner for the shell, its code loaded after the first page (as the shell's other live parts). */
import { Suspense } from 'react';
import { LoadBoundary, lazyComponent } from '../../app/lazyLoad';

const banner = lazyComponent('past-due-banner', () => import('./PastDueBanner').then((m) => m.PastDueBanner));

export function DeferredPastDueBanner({ companyId, canManage }: { companyId: number; canManage: boolean }) {
  return (
    <LoadBoundary title="Could not load the billing notice">
      <Suspense fallback={null}>
        <banner.Component companyId={companyId} canManage={canManage} />
      </Suspense>
    </LoadBoundary>
  );
}
