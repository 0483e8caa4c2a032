/**
 * The numbers screens, for the router: one chunk loaded on demand through one dynamic import, so the list and the
 * buy screen open without another download once either has, and the first page load carries a single entry for
 * them (its script is at its budget).
 */
export { BuyNumbersPage } from './BuyNumbersPage';
export { NumberPage } from './NumberPage';
export { NumbersPage } from './NumbersPage';
