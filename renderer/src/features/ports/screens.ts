/**
 * The ports screens, for the router: one chunk loaded on demand through one dynamic import, so the list and a
 * request's page open without another download once either has.
 */
export { PortPage } from './PortPage';
export { PortsPage } from './PortsPage';
