/** §7 Tenant config: a white-label tenant by hostname, else the catch-all tenant (`*`), else the defaults. */
import type { TenantConfig } from '@shared/api/tenant';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { realtimeClientSettings } from '../../realtime/settings';

/** `Example.COM:8080` → `example.com`: how tenants are keyed. */
export function tenantHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/:\d+$/, '');
}

/** The branding, support email and realtime endpoint for a hostname, as a client reached the server. */
export async function tenantConfig(
  ctx: AppContext,
  hostname: string,
  reachedAs: { host: string | undefined; protocol: string },
): Promise<TenantConfig> {
  const [exact] = await ctx.db
    .select()
    .from(tenants)
    .where(eq(tenants.hostname, tenantHostname(hostname)));
  const [tenant] = exact ? [exact] : await ctx.db.select().from(tenants).where(eq(tenants.hostname, '*'));
  return {
    name: tenant?.name ?? 'Switchboard',
    support_email: tenant?.support_email ?? ctx.config.supportEmail,
    branding: tenant?.branding ?? {},
    realtime: realtimeClientSettings(ctx.config, reachedAs),
  };
}
