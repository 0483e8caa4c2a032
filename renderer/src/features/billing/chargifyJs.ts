/**
 * Chargify.js, Maxio's hosted card fields, loaded from Maxio by a <script> element the first time the payment form
 * needs it (it is not bundled: Maxio serves and updates it, and the card never touches our page). The app calls
 * only what is typed here — `load`, `token` and `unload` — so `window.Chargify` is declared that narrowly. The
 * CSP (shared/csp.ts) allows this one script origin and the hosted fields' iframes.
 */

export const CHARGIFY_JS_URL = 'https://js.chargify.com/latest/chargify.js';

export const CHARGIFY_JS_FAILED = 'The card form could not load. Check your connection and try again.';

/** One hosted field: the element its iframe goes into and the label the iframe's input carries. */
export interface ChargifyField {
  selector: string;
  label: string;
  required?: boolean;
}

export interface ChargifyLoadOptions {
  publicKey: string;
  securityToken: string;
  serverHost: string;
  type: 'card';
  fields: { number: ChargifyField; month: ChargifyField; year: ChargifyField; cvv: ChargifyField };
}

/** What Chargify.js hands the error callback: a message, and per-field errors once its server answered. */
export interface ChargifyTokenError {
  message?: string;
  errors?: unknown;
}

export interface ChargifyForm {
  load(options: ChargifyLoadOptions): void;
  /** Tokenises what the hosted fields hold: the token alone on success (no card details reach the page). */
  token(
    form: HTMLElement,
    onToken: (token: string) => void,
    onError: (error: ChargifyTokenError) => void,
  ): void;
  unload(): void;
}

export type ChargifyConstructor = new () => ChargifyForm;

declare global {
  interface Window {
    Chargify?: ChargifyConstructor;
  }
}

let loading: Promise<ChargifyConstructor> | null = null;

/**
 * Chargify.js's constructor, loading the script once: calls while it loads, or after, share one promise. A failed
 * load is forgotten (and its element removed) so that trying again adds a fresh script.
 */
export function loadChargifyJs(): Promise<ChargifyConstructor> {
  if (loading) return loading;
  const present = window.Chargify;
  if (present) {
    loading = Promise.resolve(present);
    return loading;
  }
  const attempt = new Promise<ChargifyConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHARGIFY_JS_URL;
    script.async = true;
    const fail = (why: string) => {
      script.remove();
      loading = null;
      reject(new Error(`${CHARGIFY_JS_FAILED} (${why})`));
    };
    script.addEventListener('load', () => {
      const loaded = window.Chargify;
      if (loaded) resolve(loaded);
      else fail(`${CHARGIFY_JS_URL} loaded but defined no Chargify`);
    });
    script.addEventListener('error', () => fail(`${CHARGIFY_JS_URL} did not load`));
    document.head.appendChild(script);
  });
  loading = attempt;
  return attempt;
}
