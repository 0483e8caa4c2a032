/**
 * The marketplace screen, for the router: its own chunk, loaded on demand (the first page's script is at its
 * budget).
 */
export { MarketplacePage } from './MarketplacePage';
