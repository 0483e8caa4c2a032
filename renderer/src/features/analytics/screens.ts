/**
 * The analytics screens, for the router: the dashboard and the reports in one chunk loaded on demand through one
 * dynamic import (as tracking/screens.ts does it), so moving between them needs no further download. The charts
 * are not in it: their library loads with the first chart shown (LazyCharts.tsx).
 */
export { DashboardPage } from './DashboardPage';
export { ReportsPage } from './ReportsPage';
