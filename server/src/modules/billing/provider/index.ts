/**
 * The billing provider of a server: Maxio when its site and API key are configured (MAXIO_SUBDOMAIN,
 * MAXIO_API_KEY, MAXIO_PUBLIC_KEY and MAXIO_PRIVATE_KEY for Chargify.js, MAXIO_ENVIRONMENT US or EU), else the
 * sandbox. Read from the environment here rather than from ServerConfig so billing stays one module; one provider
 * per app context, built on first use.
 */
import type { AppContext } from '../../../http/context';
import { type MaxioConfig, maxioApi, maxioProvider } from './maxio';
import { sandboxProvider } from './sandbox';
import type { BillingProvider } from './types';

const providers = new WeakMap<AppContext, BillingProvider>();

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
  };
}

export function billingProvider(ctx: AppContext): BillingProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    const maxio = maxioConfigFrom(process.env);
    provider = maxio ? maxioProvider(maxio, maxioApi(maxio), ctx.now) : sandboxProvider();
    providers.set(ctx, provider);
  }
  return provider;
}

/** Tests: this app's provider is `provider` (a Maxio provider on a faked SDK client). */
export function useBillingProvider(ctx: AppContext, provider: BillingProvider): void {
  providers.set(ctx, provider);
}
