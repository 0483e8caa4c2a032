/**
 * Builds the Fastify app: external plugins, then ours (caller, idempotency, audit), then each module's routes
 * under the API prefix. Every route must declare its access (public, authenticated or a permission of the
 * matrix); registering one that does not fails here, at start-up.
 */
import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { type Endpoint, VERSION_HEADER } from '@shared/api/contract';
import { errorEnvelope } from '@shared/api/errors';
import { parseQuery } from '@shared/api/query';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { auditLog } from './db/schema';
import { rateLimitKey, registerCaller } from './http/caller';
import type { AppContext } from './http/context';
import { errorHandler } from './http/errorHandler';
import { registerIdempotency } from './http/idempotency';
import { openApiDocument } from './http/openapi';
import { RequestLogAtDebug } from './http/requestLog';
import type { Access } from './http/route';
import { registerUi } from './http/ui';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { HttpError } from './lib/errors';
import { MODULE_ROUTES } from './modules';
import { activityExportJob } from './modules/activity/exportJob';
import { monitorEvaluationJob } from './modules/alerts/monitors/job';
import { analyticsExportJob } from './modules/analytics/exportJob';
import { loadCaller } from './modules/auth/credentials';
import { billingCycleJob } from './modules/billing/renewals/job';
import { campaignSendJob } from './modules/campaigns/engine';
import { contactImportJob } from './modules/contactImport/worker';
import { dniReportJob } from './modules/dni/reports/job';
import { marketplaceInterestJob } from './modules/marketplace/interestJob';
import { scheduledTextJob } from './modules/messaging/scheduler';
import { bulkReleaseJob } from './modules/numbers/lifecycle/bulkRelease';
import { numberRemovalJob } from './modules/numbers/lifecycle/release';
import { bulkPurchaseJob } from './modules/numbers/purchase/bulk';
import { portDeskJob } from './modules/ports/desk';
import { registrationReviewJob } from './modules/registration/review';
import { attachRealtimeEndpoint } from './realtime/endpoint';
import { broadcastingRoutes, triggerApiRoutes } from './realtime/routes';
import { realtimeOriginsElsewhere } from './realtime/settings';

/** Secrets never reach the logs. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.current_password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.mfa_token',
  '*.code',
  '*.cc_number',
  '*.cc_cvc',
  '*.secret',
];

export interface RouteInfo {
  method: string;
  url: string;
  access: Access | undefined;
  companyFrom: string | undefined;
  organizationFrom: string | undefined;
  contract: Endpoint | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its declared access: the permission matrix test walks it. */
    routeTable: RouteInfo[];
    /** The job runner (contact imports, activity exports, scheduled texts): started when the app is ready,
     * stopped gracefully when it closes; woken when a job is enqueued. */
    jobs: JobRunner;
  }
  interface FastifyRequest {
    callerError: HttpError | null;
  }
}

/** The largest file an upload may carry (a 100,000-row contact spreadsheet is ≈ 10 MB). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** The desktop app's renderer origin (it is loaded through the custom `app://` protocol). */
export const DESKTOP_ORIGIN = 'app://switchboard';

export async function buildApp(
  ctx: AppContext,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const realtimeSecret = ctx.config.realtimeSecret ?? randomBytes(32).toString('hex');
  const app = Fastify({
    logger: options.logger ?? {
      level: ctx.config.logLevel,
      redact: { paths: LOG_REDACT, censor: '[redacted]' },
      // Through process.stdout, as console.log writes (pino's default writer is asynchronous): log lines and the
      // start banner come out in the order they were written.
      stream: process.stdout,
    },
    // Each request's own lines at debug: they would bury the start banner, warnings and errors.
    logController: new RequestLogAtDebug(),
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: (query: string) => parseQuery(query) as Record<string, string> },
    genReqId: () => crypto.randomUUID(),
    trustProxy: ctx.config.trustProxy,
  });

  // CORS first: its preflight route (OPTIONS *) is a protocol detail, not an API route with an access to declare.
  await app.register(cors, {
    // Bearer requests from the desktop app and listed origins; cookie sessions are same-origin only.
    origin: (origin, done) =>
      done(null, !origin || origin === DESKTOP_ORIGIN || ctx.config.corsOrigins.includes(origin)),
    credentials: false,
    // Every method the API uses (the plugin's default is GET, HEAD, POST): the desktop app edits and deletes too.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Idempotency-Key',
      // What a replayed offline change says it last saw of the record (http/conflicts.ts).
      VERSION_HEADER,
      'X-Admin-Session',
      'X-Requested-With',
    ],
    exposedHeaders: ['Retry-After', 'Idempotent-Replayed'],
  });
  app.decorate('routeTable', [] as RouteInfo[]);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access && route.method !== 'HEAD') {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access; every route must.`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({
        method,
        url: route.url,
        access,
        companyFrom: route.config?.companyFrom,
        organizationFrom: route.config?.organizationFrom,
        contract: route.config?.contract,
      });
    }
  });

  // JSON only where JSON is expected: a text/plain body is a clear 415, except on the few endpoints whose contract
  // takes JSON sent as text (`textBody`: the tracking script's CORS simple requests), which read it as a string.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    if (!request.routeOptions.config?.contract?.textBody)
      return done(new HttpError(415, 'This request must be sent as JSON.'), undefined);
    done(null, String(body));
  });
  // A POST without a body but with a JSON content type (as some clients send) means "no body", not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'The body is not valid JSON.'), undefined);
    }
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(errorEnvelope(`There is no ${request.method} ${request.url.split('?')[0]}.`)),
  );

  // Durable background work, one runner for every kind: jobs live in the database, so what a stopped or crashed
  // server left (an import, an export, texts that came due) resumes when a server starts.
  const jobs = createJobRunner(ctx, {
    handlers: [
      contactImportJob,
      activityExportJob,
      analyticsExportJob,
      scheduledTextJob,
      campaignSendJob({ leaseMs: ctx.config.campaigns.leaseMs }),
      bulkPurchaseJob,
      portDeskJob,
      marketplaceInterestJob,
      bulkReleaseJob,
      numberRemovalJob,
      dniReportJob,
      monitorEvaluationJob,
      registrationReviewJob,
      billingCycleJob,
    ],
    log: app.log,
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  // Serving once this instance hears what the others publish (realtime events for its sockets among them).
  app.addHook('onReady', async () => ctx.cluster.ready());
  app.addHook('onClose', async () => ctx.cluster.close());

  await app.register(cookie);
  // Uploads (contact imports): one file per request, streamed to its consumer, never buffered whole.
  await app.register(multipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 50 } });
  await app.register(rateLimit, {
    max: ctx.config.rateLimitPerMinute,
    timeWindow: ctx.config.rateLimitWindowMs,
    // Several instances count in their shared Redis (the plugin's own store, one atomic script per request), so a
    // client's allowance is spent across all of them; one instance alone counts in its memory.
    ...(ctx.cluster.redis
      ? {
          redis: ctx.cluster.redis,
          nameSpace: ctx.cluster.key('rate-limit', ''),
          // Redis out of reach lets requests through (and ioredis reconnects) rather than failing every one.
          skipOnError: true,
        }
      : {}),
    // A verified credential's own allowance, else the address's. The limiter runs in each route's onRequest, after
    // registerCaller's (below: a server's own hooks run before a route's), so the caller is known by then.
    keyGenerator: rateLimitKey,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        {},
        {
          'retry-after': String(Math.ceil(context.ttl / 1000)),
        },
      ),
  });

  registerCaller(app, ctx, { loadCaller });
  registerIdempotency(app, ctx);

  // §4 Admin login: every request made while signed in as another user is audit-logged — before the answer
  // leaves (onSend, not onResponse), so the record exists by the time anyone sees the result.
  app.addHook('onSend', async (request, reply, payload) => {
    const caller = request.caller;
    if (!caller?.impersonatorId) return payload;
    await ctx.db.insert(auditLog).values({
      actor_id: caller.user.id,
      impersonator_id: caller.impersonatorId,
      action: 'impersonated-request',
      detail: { method: request.method, path: request.url.split('?')[0], status: reply.statusCode },
    });
    return payload;
  });

  await app.register(
    async (api) => {
      for (const routes of MODULE_ROUTES) routes(api, ctx);
      api.get('/docs/json', { config: { access: 'public' } }, async () =>
        openApiDocument(app.routeTable, {
          title: 'Switchboard platform API',
          version: '1',
          prefix: ctx.config.apiPrefix,
        }),
      );
      broadcastingRoutes(api, ctx, realtimeSecret);
    },
    { prefix: ctx.config.apiPrefix },
  );
  if (ctx.config.uiDir)
    await registerUi(app, {
      uiDir: ctx.config.uiDir,
      apiPrefix: ctx.config.apiPrefix,
      realtimeOrigins: realtimeOriginsElsewhere(ctx.config),
    });
  // The Pusher protocol's own paths, outside the API prefix (ARCHITECTURE "URLs, origins and sign-in").
  triggerApiRoutes(app, ctx, realtimeSecret);
  if (!ctx.config.pusher) attachRealtimeEndpoint(app, ctx.realtime, { secret: realtimeSecret });

  return app;
}
