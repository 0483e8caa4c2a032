/**
 * The billing provider of a server: Maxio when its site and API key are configured (MAXIO_SUBDOMAIN,
 * MAXIO_API_KEY, MAXIO_PUBLIC_KEY and MAXIO_PRIVATE_KEY for Chargify.js, MAXIO_ENVIRONMENT US or EU,
 * MAXIO_WEBHOOK_KEY — the site's shared key — to take its webhooks), else the
 * sandbox. Read from the environment here rather than from ServerConfig so billing stays one module; the
 * composition root builds it once per server (`ctx.billing`).
 */
import type { BillingProvider } from '../../../services/billing';
import { type MaxioConfig, maxioApi, maxioProvider } from './maxio';
import { sandboxProvider } from './sandbox';

/** The Maxio settings of `env`, or null when Maxio is not configured (then the sandbox is used). */
export function maxioConfigFrom(env: NodeJS.ProcessEnv): MaxioConfig | null {
  const subdomain = env.MAXIO_SUBDOMAIN?.trim();
  const apiKey = env.MAXIO_API_KEY?.trim();
  if (!subdomain || !apiKey) return null;
  const publicKey = env.MAXIO_PUBLIC_KEY?.trim();
  const privateKey = env.MAXIO_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) {
    throw new Error(
      'Maxio needs MAXIO_PUBLIC_KEY and MAXIO_PRIVATE_KEY too (Chargify.js tokenises the card).',
    );
  }
  return {
    subdomain,
    apiKey,
    publicKey,
    privateKey,
    environment: env.MAXIO_ENVIRONMENT === 'EU' ? 'EU' : 'US',
    webhookKey: env.MAXIO_WEBHOOK_KEY?.trim() || undefined,
  };
}

/** The provider `env` configures: Maxio on its SDK's client, or the sandbox. */
export function billingProviderFrom(env: NodeJS.ProcessEnv, now: () => Date): BillingProvider {
  const maxio = maxioConfigFrom(env);
  return maxio ? maxioProvider(maxio, maxioApi(maxio), now) : sandboxProvider();
}
