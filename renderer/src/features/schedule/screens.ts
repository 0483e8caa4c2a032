/** The company hours screen, for the router (loaded on demand: nothing here is on the first page load). */
export { SchedulePage } from './SchedulePage';
