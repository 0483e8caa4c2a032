/** The billing screen, for the router: one chunk loaded on demand. */
export { BillingPage } from './BillingPage';
