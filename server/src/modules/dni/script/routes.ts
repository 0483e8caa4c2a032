/**
 * The website tracking script (§7 "Tracking pools and DNI"): the script itself (public, any site loads it), the
 * snippet to install, and the verifier. The script's own calls (`POST /dni/session`, `/dni/heartbeat`) are the
 * dni module's.
 */

import { DNI_ENDPOINTS as E } from '@shared/api/dni';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import { trackerScriptSource, trackingScript, verifyTrackingScript } from './service';

export function dniScriptRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { query: 'companyId' } });

  // Any website loads it with a plain <script> tag: public, cached for an hour, readable from any origin, and it
  // sets no cookie (the script keeps its own, first-party, on the customer's site).
  route(E.trackerScript, 'public', async ({ reply }) => {
    const source = await trackerScriptSource(ctx);
    return reply
      .status(200)
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(source);
  });

  route(E.script, 'numbers.view', async ({ company }) => trackingScript(ctx, company.id));

  route(
    E.verifyScript,
    'numbers.manage',
    async ({ company, body }) => verifyTrackingScript(ctx, company.id, body.url),
    // The verifier names its company in the body (`company_id`).
    { company: { body: 'company_id' } },
  );
}
