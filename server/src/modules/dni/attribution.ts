/**
 * Attribution of an inbound call (issue 21 "Attribution"): a call to a session-pool number is matched to the
 * session holding that number when the call arrives — during its lease or the cool-down after it, when the number
 * is nobody else's (`callMatchesLease`) — and takes the visit's source, medium, campaign, keyword, landing page,
 * referrer, click ids and the pages viewed before the call. A call to a static-pool number takes its number's
 * source. Any other call keeps the number's first tag as its source, as before call tracking.
 */
import { type CallAttribution, DNI_PATH_PAGES } from '@shared/domain/dni';
import { channels, EVENTS } from '@shared/realtime';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import { dniEvents, dniPoolNumbers, dniPools, dniSessions, dniSources } from '../../db/schema';
import type { AppContext } from '../../http/context';

export interface CallMatch {
  /** What `calls.source` shows: the company's source name, else the visit's source, else the number's tag. */
  source: string | null;
  attribution: CallAttribution | null;
  dniSessionId: string | null;
}

/** The attribution of a call arriving at `number` at `at` (read on the hot path: two small indexed reads). */
export async function attributeCall(
  ctx: AppContext,
  number: { id: number; tags: readonly string[] },
  at: Date,
): Promise<CallMatch> {
  const untracked: CallMatch = { source: number.tags[0] ?? null, attribution: null, dniSessionId: null };
  const [member] = await ctx.db
    .select({
      pool_id: dniPools.id,
      type: dniPools.type,
      source_id: dniPoolNumbers.source_id,
      source_name: dniSources.name,
    })
    .from(dniPoolNumbers)
    .innerJoin(dniPools, eq(dniPools.id, dniPoolNumbers.pool_id))
    .leftJoin(dniSources, eq(dniSources.id, dniPoolNumbers.source_id))
    .where(eq(dniPoolNumbers.number_id, number.id));
  if (member?.type === 'static') {
    if (!member.source_name) return untracked;
    return {
      source: member.source_name,
      attribution: {
        source: member.source_name.toLowerCase(),
        medium: '(not set)',
        campaign: null,
        keyword: null,
        content: null,
        landing_page: '',
        referrer: null,
        click_ids: {},
        source_id: member.source_id,
        source_name: member.source_name,
        pool_id: member.pool_id,
        path: [],
      },
      dniSessionId: null,
    };
  }
  // A session pool's number — or one taken out of its pool while a visitor still held it.
  const [session] = await ctx.db
    .select({ session: dniSessions, source_name: dniSources.name })
    .from(dniSessions)
    .leftJoin(dniSources, eq(dniSources.id, dniSessions.source_id))
    .where(
      and(
        eq(dniSessions.number_id, number.id),
        eq(dniSessions.fallback, false),
        gt(dniSessions.hold_until, at),
        lte(dniSessions.started_at, at),
      ),
    )
    .orderBy(desc(dniSessions.last_seen_at))
    .limit(1);
  if (!session) return untracked;
  const pages = await ctx.db
    .select({ url: dniEvents.url, title: dniEvents.title, at: dniEvents.at })
    .from(dniEvents)
    .where(and(eq(dniEvents.session_id, session.session.id), eq(dniEvents.kind, 'page_view')))
    .orderBy(desc(dniEvents.at), desc(dniEvents.id))
    .limit(DNI_PATH_PAGES);
  const visit = session.session.attribution;
  return {
    source: session.source_name ?? visit.source,
    attribution: {
      ...visit,
      source_id: session.session.source_id,
      source_name: session.source_name,
      pool_id: session.session.pool_id,
      path: pages
        .reverse()
        .map((page) => ({ url: page.url ?? '', title: page.title, at: page.at.toISOString() })),
    },
    dniSessionId: session.session.id,
  };
}

/** A tracked call on its session's timeline, and the real-time feed told. */
export async function noteTrackedCall(
  ctx: AppContext,
  call: { id: number; company_id: number; called: string; started_at: Date; dni_session_id: string | null },
): Promise<void> {
  if (call.dni_session_id) {
    await ctx.db.insert(dniEvents).values({
      company_id: call.company_id,
      session_id: call.dni_session_id,
      kind: 'call',
      number: call.called,
      call_id: call.id,
      at: call.started_at,
    });
  }
  await ctx.realtime.publish(channels.companies(call.company_id), EVENTS.dniFeed, {
    kind: 'call',
    session_id: call.dni_session_id,
    call_id: call.id,
  });
}
