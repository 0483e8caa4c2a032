/**
 * What visitors did (§7 `/dniTimelineEvents/{sessionId}`, `/dniTimelineEventsByNumber/{number}`,
 * `/dni/realTimeFeed`): a session with its page views, the number shown and its calls; the sessions a number was
 * shown to; and who is on the site now with the tracked calls of the last half hour.
 */
import type { DniEvent, DniFeed, DniSession, DniTimeline } from '@shared/api/dni';
import { DNI_FEED_CALL_MINUTES, DNI_LIVE_VISITOR_SECONDS } from '@shared/domain/dni';
import { normalizePhone } from '@shared/domain/phone';
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calls, dniEvents, dniPools, dniSessions, dniSources, numbers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid, notFound } from '../../lib/errors';

const sessionColumns = {
  session: dniSessions,
  pool_name: dniPools.name,
  source_name: dniSources.name,
  number: numbers.number,
  returning: sql<boolean>`exists (select 1 from ${dniSessions} earlier where earlier.company_id = ${dniSessions.company_id}
    and earlier.visitor_id = ${dniSessions.visitor_id} and earlier.started_at < ${dniSessions.started_at})`,
};

function sessionsQuery(db: Db) {
  return db
    .select(sessionColumns)
    .from(dniSessions)
    .leftJoin(dniPools, eq(dniPools.id, dniSessions.pool_id))
    .leftJoin(dniSources, eq(dniSources.id, dniSessions.source_id))
    .leftJoin(numbers, eq(numbers.id, dniSessions.number_id));
}

type SessionJoined = Awaited<ReturnType<ReturnType<typeof sessionsQuery>['execute']>>[number];

function sessionView(row: SessionJoined, now: Date): DniSession {
  const { session } = row;
  return {
    id: session.id,
    company_id: session.company_id,
    returning: Boolean(row.returning),
    pool:
      session.pool_id !== null && row.pool_name !== null
        ? { id: session.pool_id, name: row.pool_name }
        : null,
    source:
      session.source_id !== null && row.source_name !== null
        ? { id: session.source_id, name: row.source_name }
        : null,
    number: row.number,
    fallback: session.fallback,
    attribution: session.attribution,
    page_views: session.page_views,
    last_page: session.last_page,
    started_at: session.started_at.toISOString(),
    last_seen_at: session.last_seen_at.toISOString(),
    lease_until: session.lease_until.toISOString(),
    live: now.getTime() - session.last_seen_at.getTime() <= DNI_LIVE_VISITOR_SECONDS * 1000,
  };
}

function eventView(row: typeof dniEvents.$inferSelect): DniEvent {
  return {
    id: row.id,
    kind: row.kind,
    at: row.at.toISOString(),
    url: row.url,
    title: row.title,
    number: row.number,
    call_id: row.call_id,
  };
}

/** The company of a session, for the route wrapper (null: no such session, answered 404). */
export async function companyOfSession(db: Db, sessionId: string): Promise<number | null> {
  const [row] = await db
    .select({ company: dniSessions.company_id })
    .from(dniSessions)
    .where(eq(dniSessions.id, sessionId));
  return row?.company ?? null;
}

async function timelinesOf(ctx: AppContext, rows: SessionJoined[]): Promise<DniTimeline[]> {
  if (rows.length === 0) return [];
  const events = await ctx.db
    .select()
    .from(dniEvents)
    .where(
      inArray(
        dniEvents.session_id,
        rows.map((row) => row.session.id),
      ),
    )
    .orderBy(asc(dniEvents.at), asc(dniEvents.id));
  const now = ctx.now();
  return rows.map((row) => ({
    session: sessionView(row, now),
    events: events.filter((event) => event.session_id === row.session.id).map(eventView),
  }));
}

export async function timeline(ctx: AppContext, companyId: number, sessionId: string): Promise<DniTimeline> {
  const rows = await sessionsQuery(ctx.db).where(
    and(eq(dniSessions.id, sessionId), eq(dniSessions.company_id, companyId)),
  );
  const [one] = await timelinesOf(ctx, rows);
  if (!one) throw notFound('session');
  return one;
}

/** The latest 20 sessions shown `number` (a number of the company, written any way), each with its timeline. */
export async function timelineByNumber(
  ctx: AppContext,
  companyId: number,
  number: string,
): Promise<DniTimeline[]> {
  const e164 = normalizePhone(number);
  if (!e164) throw invalid({ number: ['Write a phone number like (312) 555-0100.'] });
  const owned = await ctx.db
    .select({ id: numbers.id })
    .from(numbers)
    .where(and(eq(numbers.company_id, companyId), eq(numbers.number, e164)));
  if (owned.length === 0) throw notFound('number');
  const rows = await sessionsQuery(ctx.db)
    .where(
      and(
        eq(dniSessions.company_id, companyId),
        inArray(
          dniSessions.number_id,
          owned.map((row) => row.id),
        ),
      ),
    )
    .orderBy(desc(dniSessions.started_at))
    .limit(20);
  return timelinesOf(ctx, rows);
}

/** Visitors on the site now (a sign of life in the last three heartbeats) and tracked calls of the last 30 minutes. */
export async function realTimeFeed(ctx: AppContext, companyId: number): Promise<DniFeed> {
  const now = ctx.now();
  const [visitors, recent] = await Promise.all([
    sessionsQuery(ctx.db)
      .where(
        and(
          eq(dniSessions.company_id, companyId),
          gte(dniSessions.last_seen_at, new Date(now.getTime() - DNI_LIVE_VISITOR_SECONDS * 1000)),
        ),
      )
      .orderBy(desc(dniSessions.last_seen_at))
      .limit(200),
    ctx.db
      .select()
      .from(calls)
      .where(
        and(
          eq(calls.company_id, companyId),
          gte(calls.started_at, new Date(now.getTime() - DNI_FEED_CALL_MINUTES * 60_000)),
          isNotNull(calls.attribution),
        ),
      )
      .orderBy(desc(calls.started_at))
      .limit(100),
  ]);
  return {
    visitors: visitors.map((row) => sessionView(row, now)),
    calls: recent.map((call) => ({
      call_id: call.id,
      session_id: call.dni_session_id,
      caller: call.caller,
      number: call.called,
      source: call.source,
      keyword: call.attribution?.keyword ?? null,
      outcome: call.outcome,
      first_time: call.first_time,
      started_at: call.started_at.toISOString(),
    })),
    at: now.toISOString(),
  };
}
