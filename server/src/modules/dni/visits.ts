/**
 * The tracking script's calls (`POST /dni/session`, `POST /dni/heartbeat`): a visitor's page view starts or
 * continues their session and answers the number to show; the heartbeat keeps the lease while the page is open.
 *
 * Leases (shared/domain/dni.ts): a session-pool number is the visitor's from the moment it is lent until
 * `lease_until` (their last sign of life + the pool's lease) and nobody else's until `hold_until` (+ the
 * cool-down). Lending takes the pool row's lock, so two visitors arriving at once never get the same number; the
 * free number lent longest ago goes next. No free number: the pool's fallback is shown, recorded as such.
 * Bots (by user agent) get nothing and leave nothing behind.
 *
 * Nobody drains a pool (issue 33: six anonymous page views took a six-number pool for 40 minutes): a visitor who
 * already holds one of the pool's numbers keeps it rather than taking another; one network holds at most its share
 * of the pool (`networkShare`), beyond which it is shown the fallback; and when the pool is dry, a visitor from a
 * network holding none of it takes back the oldest number of a network holding more than one.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { DniVisitAnswer } from '@shared/api/dni';
import {
  chooseSource,
  classifyVisit,
  DNI_HEARTBEAT_SECONDS,
  DNI_LEASE_MINUTES,
  isBotUserAgent,
  leaseEndsAt,
  numberFreeAt,
} from '@shared/domain/dni';
import { channels, EVENTS } from '@shared/realtime';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  dniEvents,
  dniPoolNumbers,
  dniPools,
  dniPoolUsage,
  dniSessions,
  liveNumber,
  numbers,
} from '../../db/schema';
import type { AppContext } from '../../http/context';
import { notFound } from '../../lib/errors';
import type { PoolRow } from './pools';
import { companySources } from './sources';

type SessionRow = typeof dniSessions.$inferSelect;

export interface Visit {
  companyId: number;
  sessionId: string | null;
  visitorId: string | null;
  url: string;
  referrer: string | null;
  title: string | null;
  userAgent: string;
  /** The address the page view came from, as the server sees it (behind a proxy, with TRUST_PROXY). */
  address: string;
}

const HOUR_MS = 3_600_000;
const newId = () => randomBytes(16).toString('base64url');

/**
 * How many of a session pool's numbers one network may hold at once: a tenth of the pool, and never fewer than 2
 * (a household or an office, or a phone network's shared address, has several real visitors).
 */
export function networkShare(poolNumbers: number): number {
  return Math.max(2, Math.floor(poolNumbers / 10));
}

/**
 * The network a visitor's address belongs to: the address itself for IPv4, the /64 for IPv6 (one subscriber's
 * network, whose other addresses cost nothing to use).
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

// `npm start` and the tests always configure the media secret; a bare buildApp without it still hashes, for its
// own lifetime (as script/key.ts signs).
const processSecret = randomBytes(32).toString('hex');

/** The visitor's network as a session keeps it: a keyed hash, enough to compare networks, never to read one back. */
function networkTag(ctx: AppContext, address: string): string {
  const key = createHmac('sha256', ctx.config.mediaSecret ?? processSecret)
    .update('dni visitor network')
    .digest();
  return createHmac('sha256', key).update(networkOf(address)).digest().subarray(0, 16).toString('base64url');
}

const nothing = (): DniVisitAnswer => ({
  session_id: null,
  visitor_id: null,
  number: null,
  targets: [],
  heartbeat_seconds: DNI_HEARTBEAT_SECONDS,
  lease_seconds: DNI_LEASE_MINUTES.default * 60,
});

/** A page view: the session continued (its number kept) or started (a number chosen), and its timeline. */
export async function recordVisit(ctx: AppContext, visit: Visit): Promise<DniVisitAnswer> {
  if (isBotUserAgent(visit.userAgent)) return nothing();
  // A key stays valid after its company is deleted (it is derived, not stored): such a site is served nothing.
  const [company] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, visit.companyId));
  if (!company) throw notFound('tracking key');
  const now = ctx.now();
  const current = visit.sessionId ? await liveSession(ctx, visit.companyId, visit.sessionId, now) : null;
  // A session whose number was taken back (or whose hold ended) since it was read is not continued.
  const continued = current ? await continueSession(ctx, current, visit, now) : null;
  const session = continued ?? (await startSession(ctx, visit, now));
  await ctx.realtime.publish(channels.companies(visit.companyId), EVENTS.dniFeed, {
    kind: 'visit',
    session_id: session.id,
    call_id: null,
  });
  const pool = session.pool_id === null ? null : await poolRow(ctx.db, session.pool_id);
  const number = session.number_id === null ? null : await numberOf(ctx.db, session.number_id);
  return {
    session_id: session.id,
    visitor_id: session.visitor_id,
    // A pool deleted since keeps nobody's page changed.
    number: pool && number ? number : null,
    targets: pool && number ? pool.target_numbers : [],
    heartbeat_seconds: DNI_HEARTBEAT_SECONDS,
    lease_seconds: (pool?.lease_minutes ?? DNI_LEASE_MINUTES.default) * 60,
  };
}

/** The heartbeat: the visitor is still there, so their lease runs from now. Nothing for an ended session. */
export async function heartbeat(ctx: AppContext, companyId: number, sessionId: string): Promise<void> {
  const now = ctx.now();
  const session = await liveSession(ctx, companyId, sessionId, now);
  if (!session) return;
  await renewLease(ctx, session, now);
}

/** The company's session `id` when its number is still its own (before `hold_until`). */
async function liveSession(
  ctx: AppContext,
  companyId: number,
  id: string,
  now: Date,
): Promise<SessionRow | null> {
  const [row] = await ctx.db
    .select()
    .from(dniSessions)
    .where(
      and(eq(dniSessions.id, id), eq(dniSessions.company_id, companyId), gt(dniSessions.hold_until, now)),
    );
  return row ?? null;
}

async function poolRow(db: Db, id: number): Promise<PoolRow | null> {
  const [row] = await db.select().from(dniPools).where(eq(dniPools.id, id));
  return row ?? null;
}

async function numberOf(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ number: numbers.number })
    .from(numbers)
    .where(and(eq(numbers.id, id), liveNumber));
  return row?.number ?? null;
}

async function leaseMinutesOf(
  ctx: AppContext,
  session: SessionRow,
): Promise<{ lease: number; cooldown: number }> {
  const pool = session.pool_id === null ? null : await poolRow(ctx.db, session.pool_id);
  return {
    lease: pool?.lease_minutes ?? DNI_LEASE_MINUTES.default,
    cooldown: pool?.cooldown_minutes ?? 0,
  };
}

async function renewLease(
  ctx: AppContext,
  session: SessionRow,
  now: Date,
  pageView?: Visit,
): Promise<SessionRow | null> {
  return renewLeaseIn(ctx.db, session, await leaseMinutesOf(ctx, session), now, pageView);
}

/**
 * The lease runs from now; null when the session no longer holds its number — its hold ended, or its number was
 * taken back for another visitor — since it was read (a renewal must never revive a number lent to someone else).
 */
async function renewLeaseIn(
  db: Db,
  session: SessionRow,
  { lease, cooldown }: { lease: number; cooldown: number },
  now: Date,
  pageView?: Visit,
): Promise<SessionRow | null> {
  const leaseUntil = leaseEndsAt(now, lease);
  const [row] = await db
    .update(dniSessions)
    .set({
      last_seen_at: now,
      lease_until: leaseUntil,
      // Never shortens a hold (a pool's cool-down made shorter meanwhile must not free a number early).
      hold_until: sql`greatest(${dniSessions.hold_until}, ${numberFreeAt(leaseUntil, cooldown)})`,
      ...(pageView
        ? { page_views: sql`${dniSessions.page_views} + 1`, last_page: pageView.url.slice(0, 2000) }
        : {}),
    })
    .where(
      and(eq(dniSessions.id, session.id), gt(dniSessions.hold_until, now), isNull(dniSessions.released_at)),
    )
    .returning();
  return row ?? null;
}

async function continueSession(
  ctx: AppContext,
  session: SessionRow,
  visit: Visit,
  now: Date,
): Promise<SessionRow | null> {
  const renewed = await renewLease(ctx, session, now, visit);
  if (renewed) await ctx.db.insert(dniEvents).values(pageView(session.company_id, session.id, visit, now));
  return renewed;
}

function pageView(companyId: number, sessionId: string, visit: Visit, now: Date) {
  return {
    company_id: companyId,
    session_id: sessionId,
    kind: 'page_view' as const,
    url: visit.url.slice(0, 2000),
    title: visit.title?.slice(0, 300) ?? null,
    at: now,
  };
}

/**
 * A new session: the visit is read (source, medium, keyword…), the most specific source claims it, and the pool
 * serving that source shows a number — a static pool its number for that source, a session pool a free number
 * (or its fallback).
 */
async function startSession(ctx: AppContext, visit: Visit, now: Date): Promise<SessionRow> {
  const attribution = classifyVisit({ landingUrl: visit.url, referrer: visit.referrer });
  const [sources, pools] = await Promise.all([
    companySources(ctx, visit.companyId),
    ctx.db.select().from(dniPools).where(eq(dniPools.company_id, visit.companyId)).orderBy(dniPools.id),
  ]);
  const staticNumbers = await staticNumbersOf(ctx, pools);
  // Only sources some pool serves compete: a source no pool uses must not shadow one that does.
  const served = sources.filter(
    (source) =>
      pools.some((pool) => pool.type === 'session' && pool.source_ids.includes(source.id)) ||
      staticNumbers.some((entry) => entry.source_id === source.id),
  );
  const source = chooseSource(served, { landingUrl: visit.url, referrer: visit.referrer });
  const id = newId();
  const visitorId = visit.visitorId ?? newId();
  const base = {
    id,
    company_id: visit.companyId,
    visitor_id: visitorId,
    source_id: source?.id ?? null,
    attribution,
    user_agent: visit.userAgent.slice(0, 500),
    visitor_network: networkTag(ctx, visit.address),
    page_views: 1,
    last_page: visit.url.slice(0, 2000),
    started_at: now,
    last_seen_at: now,
  };
  const staticEntry = source ? staticNumbers.find((entry) => entry.source_id === source.id) : undefined;
  const sessionPool = source
    ? pools.find((pool) => pool.type === 'session' && pool.source_ids.includes(source.id))
    : undefined;
  if (!staticEntry && sessionPool) return lendNumber(ctx, sessionPool, base, visit, now);
  const pool = staticEntry ? pools.find((one) => one.id === staticEntry.pool_id) : undefined;
  const leaseUntil = leaseEndsAt(now, pool?.lease_minutes ?? DNI_LEASE_MINUTES.default);
  const [row] = await ctx.db
    .insert(dniSessions)
    .values({
      ...base,
      pool_id: pool?.id ?? null,
      number_id: staticEntry?.number_id ?? null,
      lease_until: leaseUntil,
      hold_until: leaseUntil,
    })
    .returning();
  if (!row) throw new Error('session insert returned nothing');
  await ctx.db.insert(dniEvents).values([
    pageView(visit.companyId, id, visit, now),
    ...(staticEntry
      ? [
          {
            company_id: visit.companyId,
            session_id: id,
            kind: 'number_shown' as const,
            number: await numberOf(ctx.db, staticEntry.number_id),
            at: now,
          },
        ]
      : []),
  ]);
  return row;
}

async function staticNumbersOf(ctx: AppContext, pools: readonly PoolRow[]) {
  const ids = pools.filter((pool) => pool.type === 'static').map((pool) => pool.id);
  if (ids.length === 0) return [];
  return ctx.db
    .select({
      pool_id: dniPoolNumbers.pool_id,
      number_id: dniPoolNumbers.number_id,
      source_id: dniPoolNumbers.source_id,
    })
    .from(dniPoolNumbers)
    .innerJoin(numbers, and(eq(numbers.id, dniPoolNumbers.number_id), liveNumber))
    .where(sql`${dniPoolNumbers.pool_id} in ${ids}`)
    .orderBy(dniPoolNumbers.number_id);
}

/**
 * Lends a free number of a session pool to a new session, under the pool row's lock: the free number lent longest
 * ago (never lent first), else the fallback. A visitor who already holds one of the pool's numbers continues that
 * session instead; a network at its share of the pool gets the fallback; a visitor from a network holding none of a
 * dry pool takes a number back from a network holding more than one. Records the pool's hourly peak of numbers in
 * use and its fallbacks.
 */
async function lendNumber(
  ctx: AppContext,
  pool: PoolRow,
  base: Omit<typeof dniSessions.$inferInsert, 'lease_until' | 'hold_until' | 'pool_id' | 'number_id'> & {
    id: string;
    visitor_network: string;
  },
  visit: Visit,
  now: Date,
): Promise<SessionRow> {
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(dniPools).where(eq(dniPools.id, pool.id)).for('update');
    const current = locked ?? pool;
    // Their session cookie lost, or two tabs opened at once: the visitor keeps the number they hold.
    const own = visit.visitorId ? await heldByVisitor(tx, current.id, visit.visitorId, now) : null;
    if (own) {
      const lease = { lease: current.lease_minutes, cooldown: current.cooldown_minutes };
      const renewed = await renewLeaseIn(tx, own, lease, now, visit);
      if (renewed) {
        await tx.insert(dniEvents).values(pageView(visit.companyId, own.id, visit, now));
        return renewed;
      }
    }
    const networks = await leasesByNetwork(tx, current.id, now);
    const mine = networks.get(base.visitor_network) ?? 0;
    const withinShare = mine < networkShare(await poolSize(tx, current.id));
    let free = withinShare ? await freeNumber(tx, current.id, now) : undefined;
    if (!free && mine === 0) free = await takeBack(tx, current.id, networks, now);
    const leaseUntil = leaseEndsAt(now, current.lease_minutes);
    const fallbackNumber = free
      ? null
      : current.fallback_number_id === null
        ? null
        : await numberOf(tx, current.fallback_number_id);
    const [row] = await tx
      .insert(dniSessions)
      .values({
        ...base,
        pool_id: current.id,
        number_id: free?.id ?? (fallbackNumber ? current.fallback_number_id : null),
        fallback: !free,
        lease_until: leaseUntil,
        hold_until: free ? numberFreeAt(leaseUntil, current.cooldown_minutes) : leaseUntil,
      })
      .returning();
    if (!row) throw new Error('session insert returned nothing');
    if (free)
      await tx
        .update(dniPoolNumbers)
        .set({ last_assigned_at: now })
        .where(and(eq(dniPoolNumbers.pool_id, current.id), eq(dniPoolNumbers.number_id, free.id)));
    await tx.insert(dniEvents).values([
      pageView(visit.companyId, row.id, visit, now),
      {
        company_id: visit.companyId,
        session_id: row.id,
        kind: free ? ('number_shown' as const) : ('fallback' as const),
        number: free?.number ?? fallbackNumber,
        at: now,
      },
    ]);
    const [{ inUse = 0 } = {}] = await tx
      .select({ inUse: count() })
      .from(dniSessions)
      .where(and(eq(dniSessions.pool_id, current.id), holdingANumber(now)));
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    await tx
      .insert(dniPoolUsage)
      .values({ pool_id: current.id, hour, peak_sessions: inUse, sessions: 1, fallbacks: free ? 0 : 1 })
      .onConflictDoUpdate({
        target: [dniPoolUsage.pool_id, dniPoolUsage.hour],
        set: {
          peak_sessions: sql`greatest(${dniPoolUsage.peak_sessions}, ${inUse})`,
          sessions: sql`${dniPoolUsage.sessions} + 1`,
          fallbacks: sql`${dniPoolUsage.fallbacks} + ${free ? 0 : 1}`,
        },
      });
    return row;
  });
}

/** The pool's numbers a visitor can be lent now: in the pool, live and active. */
function lendable(poolId: number) {
  return and(
    eq(dniPoolNumbers.pool_id, poolId),
    eq(numbers.id, dniPoolNumbers.number_id),
    liveNumber,
    eq(numbers.status, 'active'),
  );
}

/** The free number of the pool lent longest ago (never lent first). */
async function freeNumber(db: Db, poolId: number, now: Date) {
  const [free] = await db
    .select({ id: numbers.id, number: numbers.number })
    .from(dniPoolNumbers)
    .innerJoin(numbers, lendable(poolId))
    .where(
      // Held: lent to a session whose cool-down has not ended (the (number, hold_until) index answers it).
      sql`not exists (select 1 from ${dniSessions} where ${dniSessions.number_id} = ${dniPoolNumbers.number_id} and ${dniSessions.hold_until} > ${now} and not ${dniSessions.fallback})`,
    )
    .orderBy(sql`${dniPoolNumbers.last_assigned_at} asc nulls first`, asc(dniPoolNumbers.number_id))
    .limit(1);
  return free;
}

/**
 * A session that holds one of its pool's numbers at `now`: its hold has not run out (a lease taken back ends it at
 * once) and it was lent a number, not the fallback.
 */
export function holdingANumber(now: Date) {
  return and(
    gt(dniSessions.hold_until, now),
    eq(dniSessions.fallback, false),
    isNotNull(dniSessions.number_id),
  );
}

/** The session of the pool through which this visitor holds a number now, if any. */
async function heldByVisitor(db: Db, poolId: number, visitorId: string, now: Date) {
  const [row] = await db
    .select()
    .from(dniSessions)
    .where(
      and(
        eq(dniSessions.pool_id, poolId),
        eq(dniSessions.visitor_id, visitorId),
        gt(dniSessions.hold_until, now),
        isNull(dniSessions.released_at),
        eq(dniSessions.fallback, false),
        isNotNull(dniSessions.number_id),
      ),
    )
    .orderBy(desc(dniSessions.last_seen_at))
    .limit(1);
  return row ?? null;
}

/** How many of the pool's numbers each network holds now (sessions from before networks were kept: none). */
async function leasesByNetwork(db: Db, poolId: number, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ network: dniSessions.visitor_network, leases: count() })
    .from(dniSessions)
    .where(and(eq(dniSessions.pool_id, poolId), holdingANumber(now), isNotNull(dniSessions.visitor_network)))
    .groupBy(dniSessions.visitor_network);
  return new Map(rows.map((row) => [row.network ?? '', row.leases]));
}

async function poolSize(db: Db, poolId: number): Promise<number> {
  const [{ size = 0 } = {}] = await db
    .select({ size: count() })
    .from(dniPoolNumbers)
    .innerJoin(numbers, lendable(poolId));
  return size;
}

/**
 * The pool is dry and the visitor's network holds none of it: the oldest lease of a network holding more than one
 * goes to them. That session is released now — its heartbeats renew nothing, and a call to the number is the new
 * visitor's — so one network cannot keep real visitors from every number, however it spaces its page views.
 */
async function takeBack(db: Db, poolId: number, networks: Map<string, number>, now: Date) {
  const crowded = [...networks].filter(([, leases]) => leases > 1).map(([network]) => network);
  if (crowded.length === 0) return undefined;
  const [oldest] = await db
    .select({ session: dniSessions.id, id: numbers.id, number: numbers.number })
    .from(dniSessions)
    .innerJoin(dniPoolNumbers, eq(dniPoolNumbers.number_id, dniSessions.number_id))
    .innerJoin(numbers, lendable(poolId))
    .where(
      and(
        eq(dniSessions.pool_id, poolId),
        inArray(dniSessions.visitor_network, crowded),
        gt(dniSessions.hold_until, now),
        eq(dniSessions.fallback, false),
      ),
    )
    .orderBy(asc(dniSessions.started_at), asc(dniSessions.id))
    .limit(1);
  if (!oldest) return undefined;
  await db
    .update(dniSessions)
    .set({
      released_at: now,
      lease_until: sql`least(${dniSessions.lease_until}, ${now})`,
      hold_until: now,
    })
    .where(eq(dniSessions.id, oldest.session));
  return { id: oldest.id, number: oldest.number };
}
