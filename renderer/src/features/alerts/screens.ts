/**
 * The alerts screens, for the router: one chunk loaded on demand through one dynamic import, so the list, an alert
 * and the monitors open without another download once any of them has.
 */
export { AlertPage } from './AlertPage';
export { AlertsPage } from './AlertsPage';
export { MonitorsPage } from './MonitorsPage';
