/** Which registry a registration goes to: Twilio's when Twilio is configured, else the sandbox's. */
import type { AppContext } from '../../../http/context';
import { sandboxRegistry } from './sandbox';
import { TwilioRegistry } from './twilio';
import { twilioRegistryApi } from './twilioApi';
import type { Registry } from './types';

export function registryOf(ctx: AppContext, name?: string | null): Registry {
  // A registration stays with the registry that took it (a sandbox one made before Twilio was configured).
  if (name === 'sandbox' || (!name && !ctx.config.twilio)) return sandboxRegistry;
  const account = ctx.config.twilio;
  if (!account) return sandboxRegistry;
  return new TwilioRegistry(twilioRegistryApi(account));
}

export type { RegistrationForRegistry, Registry, ReviewState } from './types';
