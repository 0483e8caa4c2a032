/**
 * The call tracking screens, for the router: one chunk loaded on demand through one dynamic import, so moving
 * between the area's tabs needs no further download (as numbers/screens.ts does it). The pool chart is not in it:
 * its library loads with the pool page's chart only (PoolPage.tsx).
 */
export { InstallPage } from './InstallPage';
export { LivePage } from './LivePage';
export { PoolEditorPage } from './PoolEditorPage';
export { PoolPage } from './PoolPage';
export { PoolsPage } from './PoolsPage';
export { ReportsPage } from './ReportsPage';
export { SourcesPage } from './SourcesPage';
