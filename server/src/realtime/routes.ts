/**
 * Realtime over HTTP: `POST /api/broadcasting/auth` signs a private channel for a member of that company or that
 * user (form-encoded, as pusher-js sends it), and `POST /apps/{appId}/events` is the Pusher HTTP trigger API, so
 * the official `pusher` SDK (e.g. another worker process) publishes to the embedded endpoint.
 */
import formbody from '@fastify/formbody';
import { REALTIME_ENDPOINTS as E } from '@shared/api/realtime';
import { EMBEDDED_APP_ID, EMBEDDED_APP_KEY, parseChannel } from '@shared/realtime';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import { registerRoute, roleInCompany } from '../http/route';
import { HttpError } from '../lib/errors';
import { channelAuth, checkTriggerSignature } from './signing';

export function broadcastingRoutes(app: FastifyInstance, ctx: AppContext, secret: string): void {
  app.register(async (scope) => {
    await scope.register(formbody);
    registerRoute(scope, ctx, {
      endpoint: E.broadcastingAuth,
      access: 'authenticated',
      handler: async ({ caller, body }) => {
        const channel = parseChannel(body.channel_name);
        if (!channel) throw new HttpError(403, `There is no channel ${body.channel_name}.`);
        const allowed =
          channel.owner === 'user'
            ? channel.id === caller.user.id
            : ((await roleInCompany(ctx, caller, channel.id))?.role ?? 'deactivated') !== 'deactivated';
        if (!allowed) throw new HttpError(403, 'You may not listen to this channel.');
        return { auth: channelAuth(EMBEDDED_APP_KEY, secret, body.socket_id, body.channel_name) };
      },
    });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export function triggerApiRoutes(app: FastifyInstance, ctx: AppContext, secret: string): void {
  app.register(async (scope) => {
    // The signature covers the raw body's MD5, so keep the body as sent.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = String(body);
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new HttpError(400, 'The body is not valid JSON.'), undefined);
      }
    });
    for (const endpoint of [E.triggerEvent, E.triggerBatch]) {
      registerRoute(scope, ctx, {
        endpoint,
        access: 'public',
        handler: async ({ params, body, request }) => {
          if (params.appId !== EMBEDDED_APP_ID) throw new HttpError(404, `There is no app ${params.appId}.`);
          const problem = checkTriggerSignature({
            method: 'POST',
            path: request.url.split('?')[0] ?? '',
            query: request.query as Record<string, string>,
            rawBody: request.rawBody ?? '',
            key: EMBEDDED_APP_KEY,
            secret,
            now: ctx.now(),
          });
          if (problem) throw new HttpError(401, problem);
          const events = 'batch' in body ? body.batch.map((e) => ({ ...e, channels: [e.channel] })) : [body];
          for (const event of events) {
            const payload = safeJson(event.data);
            for (const channel of event.channels ?? [])
              await ctx.realtime.relay(channel, event.name, payload, event.socket_id);
          }
          return {};
        },
      });
    }
  });
}

function safeJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}
