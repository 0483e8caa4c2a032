/**
 * §7 Tracking pools and DNI. Pools and sources: seeing them needs numbers.view, changing them numbers.manage (a
 * pool decides which numbers a company's website shows). A session's or a number's timeline needs activity.view
 * (an agent reads the visitor's path on the call they took); the real-time feed reports.view. The company is the
 * path's or query's, or the record's (a pool, a source, a session): another company's answers 404.
 * The tracking script's calls are public: any origin (no cookies of ours are read or set), their own allowance
 * per address, and the company named by the snippet's key.
 */
import { DNI_ENDPOINTS as E } from '@shared/api/dni';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Caller } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { notFound } from '../../lib/errors';
import { bodyCompany } from '../numbers/bodyCompany';
import { companyOfPool, createPool, deletePool, listPools, poolDetail, poolOf, updatePool } from './pools';
import { companyOfTrackingKey } from './script/key';
import { companyOfSource, createSource, deleteSource, listSources, sourceOf, updateSource } from './sources';
import { companyOfSession, realTimeFeed, timeline, timelineByNumber } from './timeline';
import { heartbeat, recordVisit } from './visits';

/** Per visitor address: a page view or heartbeat a second is far beyond any person browsing. */
const SCRIPT_ALLOWANCE = { max: 120, timeWindow: 60_000 };

const actorOf = (caller: Caller) => ({ userId: caller.user.id, impersonatorId: caller.impersonatorId });

/** Any site may read the script's answers; nothing of ours rides along (no credentials are allowed). */
function openToAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('vary', 'origin');
}

export function dniRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });
  const pool = {
    company: { record: ({ params }: { params: { poolId: number } }) => companyOfPool(ctx.db, params.poolId) },
  };
  const source = {
    company: {
      record: ({ params }: { params: { id: number } }) => companyOfSource(ctx.db, params.id),
    },
  };
  const companyQuery = { company: { query: 'companyId' } };

  route(E.pools, 'numbers.view', async ({ company }) => ({ data: await listPools(ctx, company.id) }));
  route(E.createPool, 'numbers.manage', async ({ company, body }) => createPool(ctx, company.id, body));
  route(
    E.pool,
    'numbers.view',
    async ({ params }) => poolDetail(ctx, await poolOf(ctx, params.poolId)),
    pool,
  );
  route(
    E.updatePool,
    'numbers.manage',
    async ({ params, body }) => updatePool(ctx, await poolOf(ctx, params.poolId), body),
    pool,
  );
  route(
    E.deletePool,
    'numbers.manage',
    async ({ params, query, caller }) =>
      deletePool(ctx, await poolOf(ctx, params.poolId), query.shouldDeleteNumbers === 1, actorOf(caller)),
    pool,
  );

  route(
    E.sources,
    'numbers.view',
    async ({ company }) => ({ data: await listSources(ctx, company.id) }),
    companyQuery,
  );
  route(E.createSource, 'numbers.manage', async ({ company, body }) => createSource(ctx, company.id, body), {
    company: bodyCompany,
  });
  route(
    E.updateSource,
    'numbers.manage',
    async ({ company, params, body }) => updateSource(ctx, await sourceOf(ctx, company.id, params.id), body),
    source,
  );
  route(
    E.deleteSource,
    'numbers.manage',
    async ({ company, params }) => deleteSource(ctx, await sourceOf(ctx, company.id, params.id)),
    source,
  );

  route(
    E.timeline,
    'activity.view',
    async ({ company, params }) => timeline(ctx, company.id, params.sessionId),
    { company: { record: ({ params }) => companyOfSession(ctx.db, params.sessionId) } },
  );
  route(
    E.timelineByNumber,
    'activity.view',
    async ({ company, params }) => ({ data: await timelineByNumber(ctx, company.id, params.number) }),
    companyQuery,
  );
  route(E.realTimeFeed, 'reports.view', async ({ company }) => realTimeFeed(ctx, company.id), companyQuery);

  route(
    E.visit,
    'public',
    async ({ body, request, reply }) => {
      openToAnyOrigin(reply);
      const companyId = companyOfTrackingKey(ctx, body.key);
      if (companyId === null) throw notFound('tracking key');
      return recordVisit(ctx, {
        companyId,
        sessionId: body.session_id ?? null,
        visitorId: body.visitor_id ?? null,
        url: body.url,
        referrer: body.referrer || null,
        title: body.title ?? null,
        userAgent: request.headers['user-agent'] ?? '',
        address: request.ip,
      });
    },
    { rateLimit: SCRIPT_ALLOWANCE },
  );
  route(
    E.heartbeat,
    'public',
    async ({ body, reply }) => {
      openToAnyOrigin(reply);
      const companyId = companyOfTrackingKey(ctx, body.key);
      if (companyId !== null) await heartbeat(ctx, companyId, body.session_id);
    },
    { rateLimit: SCRIPT_ALLOWANCE },
  );
}
