/** The forwarding numbers screen, for the router: a chunk of its own, loaded on demand. */
export { ForwardingNumbersPage } from './ForwardingNumbersPage';
