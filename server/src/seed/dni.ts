/**
 * Demo call tracking for Demo Motors (issue 21: "The seed gives Demo Motors two pools (Google Ads, Facebook) with
 * months of sessions and attributed calls"): the sources "Google Ads" and "Facebook" (SOURCE_PRESETS), ten
 * tracking numbers of their own (+1 872 555 0130–0135 and 0140–0143, tag `dni`, ringing the agents in the app),
 * and two session pools swapping the website's main number (+1 312 555 0100, also their fallback): Google Ads
 * with six numbers, Facebook with four, leases of 30 minutes and a cool-down of 10.
 *
 * Over the four months before SEED_ANCHOR, about 2,500 website sessions: ad clicks landing with UTM tags and
 * click ids (gclid, fbclid) read by `classifyVisit`, a few organic and direct visits no source claims (they
 * keep the page's own number), each with its pages (`page_view`), the number it was shown (`number_shown`, or
 * `fallback` when the pool was exhausted — Facebook's evening bursts do that now and then) and, for about one
 * session in eleven, a call to that number within its lease: an inbound call row attributed as the live code
 * attributes one (source name, session id, the visit's reading and its path up to the call), whose outcome,
 * duration and recording look like seed/activity.ts's, and a `call` event on the timeline. Each pool's hourly
 * peak of numbers held, sessions and fallbacks (`dni_pool_usage`) is computed from the same leases.
 *
 * Leases are simulated as the live code lends numbers (modules/dni/visits.ts): a number is held from the first
 * page until the last sign of life plus the lease plus the cool-down; the free number lent longest ago goes next.
 * Fixed PRNG, fixed anchor, bulk inserts.
 */
import {
  type CallAttribution,
  chooseSource,
  classifyVisit,
  DNI_PATH_PAGES,
  leaseEndsAt,
  numberFreeAt,
  SOURCE_PRESETS,
  type SourceCondition,
  type VisitAttribution,
} from '@shared/domain/dni';
import { normalizePhone } from '@shared/domain/phone';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  calls,
  contacts,
  dniEvents,
  dniPoolNumbers,
  dniPools,
  dniPoolUsage,
  dniSessions,
  dniSources,
  numbers,
} from '../db/schema';
import { SEED_ANCHOR } from './conversations';
import { demoMotorsClosedAt, seededMissedCall } from './missedCalls';
import type { DemoNumbers } from './numbers';
import { random } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type PoolKey = 'googleAds' | 'facebook';
interface SeedSource {
  id: number;
  key: PoolKey;
  name: string;
  conditions: SourceCondition[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DAYS = 120;
const LEASE_MINUTES = 30;
const COOLDOWN_MINUTES = 10;
const SITE = 'https://demo-motors.test';
/** Chicago is UTC−6 in winter and −5 in summer; an hour either way changes nothing a demo shows. */
const LOCAL_OFFSET_HOURS = -6;

export interface DemoDni {
  sources: { googleAds: number; facebook: number };
  pools: { googleAds: number; facebook: number };
  /** The pools' numbers, in pool order. */
  poolNumbers: { googleAds: number[]; facebook: number[] };
  sessions: number;
  calls: number;
}

const PAGES: readonly { path: string; title: string }[] = [
  { path: '/', title: 'Demo Motors | New & Used Cars in Chicago' },
  { path: '/inventory/used', title: 'Used Cars for Sale | Demo Motors' },
  { path: '/inventory/used/honda-civic-2021', title: '2021 Honda Civic EX | Demo Motors' },
  { path: '/inventory/used/toyota-rav4-2020', title: '2020 Toyota RAV4 XLE | Demo Motors' },
  { path: '/inventory/used/ford-f150-2019', title: '2019 Ford F-150 XLT | Demo Motors' },
  { path: '/inventory/new', title: 'New Inventory | Demo Motors' },
  { path: '/specials', title: 'This Month’s Specials | Demo Motors' },
  { path: '/financing', title: 'Car Financing & Pre-Approval | Demo Motors' },
  { path: '/trade-in', title: 'Value Your Trade | Demo Motors' },
  { path: '/service', title: 'Service Center | Demo Motors' },
  { path: '/service/schedule', title: 'Schedule Service | Demo Motors' },
  { path: '/contact', title: 'Contact Us & Directions | Demo Motors' },
];
const page = (path: string) => PAGES.find((one) => one.path === path) ?? (PAGES[0] as (typeof PAGES)[0]);

/** What people searched for, the campaign that bought the click, and the page it landed on. */
const GOOGLE_SEARCHES: readonly { keyword: string; campaign: string; landing: string }[] = [
  {
    keyword: 'used honda civic chicago',
    campaign: 'Search - Used Inventory',
    landing: '/inventory/used/honda-civic-2021',
  },
  {
    keyword: 'used toyota rav4 near me',
    campaign: 'Search - Used Inventory',
    landing: '/inventory/used/toyota-rav4-2020',
  },
  {
    keyword: 'used f150 for sale chicago',
    campaign: 'Search - Used Inventory',
    landing: '/inventory/used/ford-f150-2019',
  },
  { keyword: 'used cars chicago', campaign: 'Search - Used Inventory', landing: '/inventory/used' },
  { keyword: 'car dealership near me', campaign: 'Search - Dealership', landing: '/' },
  { keyword: 'demo motors', campaign: 'Brand', landing: '/' },
  { keyword: 'car financing bad credit chicago', campaign: 'Search - Financing', landing: '/financing' },
  { keyword: 'trade in my car value', campaign: 'Search - Trade-in', landing: '/trade-in' },
  { keyword: 'oil change near me', campaign: 'Search - Service', landing: '/service' },
  { keyword: 'brake repair chicago', campaign: 'Search - Service', landing: '/service/schedule' },
];
const FACEBOOK_ADS: readonly { campaign: string; content: string; landing: string }[] = [
  { campaign: 'Fall Sales Event', content: 'carousel-suvs', landing: '/specials' },
  { campaign: 'Fall Sales Event', content: 'video-showroom', landing: '/inventory/new' },
  { campaign: 'Trade-in Tuesday', content: 'single-image', landing: '/trade-in' },
  { campaign: 'Service Specials', content: 'oil-change-offer', landing: '/service' },
  { campaign: 'Retargeting - Inventory', content: 'dynamic-inventory', landing: '/inventory/used' },
];
const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0]',
];
/** Visits per local hour (0–23): lunch and evening peaks, nights quiet. */
const HOUR_WEIGHTS = [1, 0, 0, 0, 0, 1, 2, 4, 6, 7, 8, 10, 11, 10, 8, 8, 9, 11, 13, 14, 12, 9, 5, 2];

interface PlannedSession {
  row: typeof dniSessions.$inferInsert & { id: string; started_at: Date; last_seen_at: Date };
  pages: { url: string; title: string; at: Date }[];
  visit: VisitAttribution;
  pool: PoolKey | null;
}

export async function seedDemoDni(
  tx: Tx,
  companyId: number,
  demoNumbers: DemoNumbers,
  users: { admin: number; agent: number; agent2: number },
): Promise<DemoDni> {
  const rng = random(20261124);
  const created = new Date(SEED_ANCHOR.getTime() - (DAYS + 10) * DAY);
  const [google, facebook] = SOURCE_PRESETS;
  if (!google || !facebook) throw new Error('seed: source presets');
  const sourceRows = await tx
    .insert(dniSources)
    .values(
      [google, facebook].map((preset) => ({
        company_id: companyId,
        name: preset.name,
        conditions: preset.conditions,
        created_at: created,
        updated_at: created,
      })),
    )
    .returning({ id: dniSources.id });
  const sourceIds = { googleAds: sourceRows[0]?.id as number, facebook: sourceRows[1]?.id as number };
  const sources: SeedSource[] = [
    { id: sourceIds.googleAds, key: 'googleAds', name: google.name, conditions: google.conditions },
    { id: sourceIds.facebook, key: 'facebook', name: facebook.name, conditions: facebook.conditions },
  ];

  // The pool numbers ring the agents in the app, as the in-app line does: a call from the website rings the
  // softphone with its source on the card (and no phone forward of the demo gains ten more users).
  const [agentsLine] = await tx.select().from(numbers).where(eq(numbers.id, demoNumbers.motorsInApp));
  if (!agentsLine) throw new Error('seed: in-app line');
  // The website shows the main line, which is also what visitors see when a pool is exhausted.
  const [main] = await tx
    .select({ id: numbers.id, number: numbers.number })
    .from(numbers)
    .where(eq(numbers.id, demoNumbers.motorsMain));
  if (!main) throw new Error('seed: main line');
  const routing = {
    routes: agentsLine.routes,
    greeting: agentsLine.greeting,
    menu: agentsLine.menu,
    schedule: agentsLine.schedule,
    voicemail: agentsLine.voicemail,
    recording_enabled: agentsLine.recording_enabled,
    after_hours_extension: agentsLine.after_hours_extension,
  };
  const poolSpecs = [
    { key: 'googleAds' as const, name: 'Google Ads', first: 130, count: 6 },
    { key: 'facebook' as const, name: 'Facebook', first: 140, count: 4 },
  ];
  const numberRows = await tx
    .insert(numbers)
    .values(
      poolSpecs.flatMap((spec) =>
        Array.from({ length: spec.count }, (_, index) => ({
          company_id: companyId,
          number: `+1872555${String(spec.first + index).padStart(4, '0')}`,
          label: `${spec.name} pool ${index + 1}`,
          tags: ['dni'],
          ...routing,
          created_at: created,
          updated_at: created,
        })),
      ),
    )
    .returning({ id: numbers.id, number: numbers.number });
  const poolNumbers = {
    googleAds: numberRows.slice(0, 6),
    facebook: numberRows.slice(6, 10),
  };
  const poolRows = await tx
    .insert(dniPools)
    .values(
      poolSpecs.map((spec) => ({
        company_id: companyId,
        name: spec.name,
        type: 'session' as const,
        source_ids: [sourceIds[spec.key]],
        target_numbers: [main.number],
        lease_minutes: LEASE_MINUTES,
        cooldown_minutes: COOLDOWN_MINUTES,
        fallback_number_id: main.id,
        created_at: created,
        updated_at: created,
      })),
    )
    .returning({ id: dniPools.id });
  const poolIds = { googleAds: poolRows[0]?.id as number, facebook: poolRows[1]?.id as number };

  const sessions = planSessions(rng, companyId, sources);
  const leases = lendNumbers(sessions, poolNumbers, { id: main.id, number: main.number });

  await tx.insert(dniPoolNumbers).values(
    poolSpecs.flatMap((spec) =>
      poolNumbers[spec.key].map((number) => ({
        pool_id: poolIds[spec.key],
        number_id: number.id,
        last_assigned_at: leases.lastAssigned.get(number.id) ?? null,
      })),
    ),
  );
  for (const session of sessions) {
    if (session.pool) session.row.pool_id = poolIds[session.pool];
  }
  await insertChunks(
    tx,
    dniSessions,
    sessions.map((session) => session.row),
  );
  const events: (typeof dniEvents.$inferInsert)[] = [];
  for (const session of sessions) {
    session.pages.forEach((view, index) => {
      events.push({
        company_id: companyId,
        session_id: session.row.id,
        kind: 'page_view',
        url: view.url,
        title: view.title,
        at: view.at,
      });
      const shown = leases.shown.get(session.row.id);
      if (index === 0 && shown)
        events.push({
          company_id: companyId,
          session_id: session.row.id,
          kind: shown.fallback ? 'fallback' : 'number_shown',
          number: shown.number,
          at: view.at,
        });
    });
  }
  await insertChunks(tx, dniEvents, events);

  // Hourly usage per pool, as the live code records it at each lend: the numbers held then, the sessions, the
  // fallbacks.
  const usage = new Map<string, typeof dniPoolUsage.$inferInsert>();
  for (const lend of leases.lends) {
    const hour = new Date(Math.floor(lend.at.getTime() / HOUR) * HOUR);
    const poolId = poolIds[lend.pool];
    const key = `${poolId} ${hour.getTime()}`;
    const row = usage.get(key) ?? { pool_id: poolId, hour, peak_sessions: 0, sessions: 0, fallbacks: 0 };
    row.peak_sessions = Math.max(row.peak_sessions ?? 0, lend.inUse);
    row.sessions = (row.sessions ?? 0) + 1;
    row.fallbacks = (row.fallbacks ?? 0) + (lend.fallback ? 1 : 0);
    usage.set(key, row);
  }
  await insertChunks(tx, dniPoolUsage, [...usage.values()]);

  const callCount = await seedTrackedCalls(tx, {
    rng,
    companyId,
    sessions,
    leases,
    sources,
    poolIds,
    users,
  });
  return {
    sources: sourceIds,
    pools: poolIds,
    poolNumbers: {
      googleAds: poolNumbers.googleAds.map((number) => number.id),
      facebook: poolNumbers.facebook.map((number) => number.id),
    },
    sessions: sessions.length,
    calls: callCount,
  };
}

type Rng = ReturnType<typeof random>;

/** A 22-character url-safe id, as the live code's random ids look (drawn from the seed's generator). */
function idOf(rng: Rng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length: 22 }, () => alphabet[rng.int(0, 63)]).join('');
}

function clickId(rng: Rng, prefix: string): string {
  return `${prefix}${idOf(rng)}${idOf(rng)}`.slice(0, prefix.length + 34);
}

function query(params: Record<string, string | null>): string {
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${name}=${encodeURIComponent(value as string).replace(/%20/g, '+')}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** Where a visit came from: its landing address and referrer. */
function arrival(rng: Rng, day: number): { landingUrl: string; referrer: string | null } {
  const roll = rng.next();
  // Facebook's evening bursts: on some days a campaign drives two or three times the usual clicks.
  const facebookShare = day % 9 === 4 ? 0.55 : 0.3;
  if (roll < 0.87 - facebookShare) {
    const search = rng.pick(GOOGLE_SEARCHES);
    const tagged = rng.chance(0.7);
    return {
      landingUrl: `${SITE}${search.landing}${query({
        utm_source: tagged ? 'google' : null,
        utm_medium: tagged ? 'cpc' : null,
        utm_campaign: tagged ? search.campaign : null,
        utm_term: tagged ? search.keyword : null,
        gclid: rng.chance(0.9) || !tagged ? clickId(rng, 'Cj0KCQ') : null,
      })}`,
      referrer: 'https://www.google.com/',
    };
  }
  if (roll < 0.87) {
    const ad = rng.pick(FACEBOOK_ADS);
    const tagged = rng.chance(0.65);
    return {
      landingUrl: `${SITE}${ad.landing}${query({
        utm_source: tagged ? 'facebook' : null,
        utm_medium: tagged ? 'paid_social' : null,
        utm_campaign: tagged ? ad.campaign : null,
        utm_content: tagged ? ad.content : null,
        fbclid: clickId(rng, 'IwAR'),
      })}`,
      referrer: rng.pick([
        'https://m.facebook.com/',
        'https://l.facebook.com/',
        'https://www.instagram.com/',
      ]),
    };
  }
  // Organic search and direct visits: no source claims them, so they keep the page's own number.
  const organic = rng.chance(0.6);
  return {
    landingUrl: `${SITE}${rng.pick(['/', '/inventory/used', '/service', '/specials'])}`,
    referrer: organic ? rng.pick(['https://www.google.com/', 'https://www.bing.com/']) : null,
  };
}

/** The sessions, oldest first: how many each day (weekday, Saturday, Sunday; growing), when, and their pages. */
function planSessions(rng: Rng, companyId: number, sources: SeedSource[]): PlannedSession[] {
  const planned: PlannedSession[] = [];
  const visitors: string[] = [];
  const totalWeight = HOUR_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  const firstDay = new Date(SEED_ANCHOR.getTime() - DAYS * DAY);
  firstDay.setUTCHours(0, 0, 0, 0);
  for (let day = 0; day < DAYS; day++) {
    const date = new Date(firstDay.getTime() + day * DAY);
    const weekday = date.getUTCDay();
    const base = weekday === 6 ? 26 : weekday === 0 ? 11 : 19;
    const count = Math.round(base * (0.8 + (0.4 * day) / DAYS) * (0.85 + rng.next() * 0.3));
    for (let n = 0; n < count; n++) {
      let pick = rng.next() * totalWeight;
      let localHour = 0;
      while (localHour < 23 && pick >= (HOUR_WEIGHTS[localHour] ?? 0)) {
        pick -= HOUR_WEIGHTS[localHour] ?? 0;
        localHour++;
      }
      const start = new Date(
        date.getTime() +
          (localHour - LOCAL_OFFSET_HOURS) * HOUR +
          rng.int(0, 59) * MINUTE +
          rng.int(0, 59) * 1000,
      );
      if (start >= SEED_ANCHOR) continue;
      const from = arrival(rng, day);
      const visit = classifyVisit(from);
      const source = chooseSource(sources, from);
      const landingPath = from.landingUrl.slice(SITE.length).split('?')[0] ?? '/';
      const pages = [{ url: from.landingUrl, title: page(landingPath).title, at: start }];
      const more = rng.chance(0.3) ? 0 : rng.int(1, 6);
      let at = start;
      for (let index = 0; index < more; index++) {
        at = new Date(at.getTime() + rng.int(15, 240) * 1000);
        if (at >= SEED_ANCHOR) break;
        const next = rng.pick(PAGES);
        pages.push({ url: `${SITE}${next.path}`, title: next.title, at });
      }
      const returning = visitors.length > 20 && rng.chance(0.15);
      const visitorId = returning ? rng.pick(visitors) : idOf(rng);
      if (!returning) visitors.push(visitorId);
      const lastSeen = pages.at(-1)?.at ?? start;
      planned.push({
        visit,
        pages,
        pool: source?.key ?? null,
        row: {
          id: idOf(rng),
          company_id: companyId,
          visitor_id: visitorId,
          source_id: source?.id ?? null,
          attribution: visit,
          user_agent: rng.pick(USER_AGENTS),
          page_views: pages.length,
          last_page: pages.at(-1)?.url ?? from.landingUrl,
          started_at: start,
          last_seen_at: lastSeen,
          lease_until: leaseEndsAt(lastSeen, LEASE_MINUTES),
          hold_until: leaseEndsAt(lastSeen, LEASE_MINUTES),
        },
      });
    }
  }
  return planned.sort((a, b) => a.row.started_at.getTime() - b.row.started_at.getTime());
}

interface Leases {
  /** What each session was shown: a pool number, or the fallback. */
  shown: Map<string, { numberId: number; number: string; fallback: boolean }>;
  lends: { pool: PoolKey; at: Date; inUse: number; fallback: boolean }[];
  lastAssigned: Map<number, Date>;
}

/** Lends each pool session a number as modules/dni/visits.ts does, in order of arrival. */
function lendNumbers(
  sessions: PlannedSession[],
  pools: Record<PoolKey, { id: number; number: string }[]>,
  fallback: { id: number; number: string },
): Leases {
  const leases: Leases = { shown: new Map(), lends: [], lastAssigned: new Map() };
  const heldUntil = new Map<number, Date>();
  for (const session of sessions) {
    const row = session.row;
    if (!session.pool) continue;
    const at = row.started_at;
    const free = pools[session.pool]
      .filter((number) => (heldUntil.get(number.id)?.getTime() ?? 0) <= at.getTime())
      .sort(
        (a, b) =>
          (leases.lastAssigned.get(a.id)?.getTime() ?? -1) -
            (leases.lastAssigned.get(b.id)?.getTime() ?? -1) || a.id - b.id,
      )[0];
    const leaseUntil = leaseEndsAt(row.last_seen_at, LEASE_MINUTES);
    if (free) {
      row.number_id = free.id;
      row.fallback = false;
      row.hold_until = numberFreeAt(leaseUntil, COOLDOWN_MINUTES);
      heldUntil.set(free.id, row.hold_until as Date);
      leases.lastAssigned.set(free.id, at);
      leases.shown.set(row.id, { numberId: free.id, number: free.number, fallback: false });
    } else {
      row.number_id = fallback.id;
      row.fallback = true;
      row.hold_until = leaseUntil;
      leases.shown.set(row.id, { numberId: fallback.id, number: fallback.number, fallback: true });
    }
    const inUse = pools[session.pool].filter(
      (number) => (heldUntil.get(number.id)?.getTime() ?? 0) > at.getTime(),
    ).length;
    leases.lends.push({ pool: session.pool, at, inUse, fallback: !free });
  }
  return leases;
}

const CALL_OUTCOME = { answered: 1, missed: 2 } as const;

/** About one pool session in eleven calls the number it was shown, within its lease. */
async function seedTrackedCalls(
  tx: Tx,
  input: {
    rng: Rng;
    companyId: number;
    sessions: PlannedSession[];
    leases: Leases;
    sources: SeedSource[];
    poolIds: Record<PoolKey, number>;
    users: { admin: number; agent: number; agent2: number };
  },
): Promise<number> {
  const { rng, companyId } = input;
  // Why missed calls went unanswered: drawn apart, so `rng`'s sequence (and every seeded row) is as it was.
  const why = random(20261126);
  // Returning callers are the company's contacts; new ones fictional 555 numbers no other seed uses.
  const regulars = await tx
    .select({ number: contacts.number })
    .from(contacts)
    .where(eq(contacts.company_id, companyId))
    .limit(200);
  const strangers = Array.from(
    { length: 400 },
    (_, index) => `+1331555${String(2000 + index * 7).padStart(4, '0')}`,
  ).filter((number) => normalizePhone(number) === number);
  const earlier = (await tx.execute(
    sql`select caller, min(started_at) as first from calls where company_id = ${companyId} and is_inbound group by caller`,
  )) as unknown as { rows: { caller: string; first: string | Date }[] };
  const firstCall = new Map(earlier.rows.map((row) => [row.caller, new Date(row.first)]));
  const agents = [input.users.agent, input.users.agent, input.users.agent2, input.users.admin];

  const planned: { row: typeof calls.$inferInsert; sessionId: string; number: string; at: Date }[] = [];
  for (const session of input.sessions) {
    const shown = input.leases.shown.get(session.row.id);
    if (!session.pool || !shown || shown.fallback || !rng.chance(0.09)) continue;
    // While browsing or within the lease after the last page (before its end, so the number is still theirs).
    const started = session.row.started_at.getTime();
    const latest = session.row.last_seen_at.getTime() + (LEASE_MINUTES - 5) * MINUTE;
    const at = new Date(Math.round(started + rng.next() * (latest - started)));
    if (at >= SEED_ANCHOR) continue;
    const source = input.sources.find((one) => one.key === session.pool);
    const caller = rng.chance(0.25) && regulars.length ? rng.pick(regulars).number : rng.pick(strangers);
    const answered = rng.chance(0.72);
    const duration = answered ? rng.int(40, 780) : 0;
    const ring = rng.int(5, 22);
    const stamp = (seconds: number) => new Date(at.getTime() + seconds * 1000).toISOString();
    const events = answered
      ? [
          { status: 1, at: stamp(0) },
          { status: 6, at: stamp(4) },
          { status: 12, at: stamp(ring) },
          { status: 3, at: stamp(ring + duration) },
        ]
      : [
          { status: 1, at: stamp(0) },
          { status: 6, at: stamp(4) },
          { status: 5, at: stamp(30) },
          { status: 10, at: stamp(30) },
          { status: 11, at: stamp(31) },
        ];
    const path = session.pages
      .filter((view) => view.at <= at)
      .slice(-DNI_PATH_PAGES)
      .map((view) => ({ url: view.url, title: view.title, at: view.at.toISOString() }));
    const attribution: CallAttribution = {
      ...session.visit,
      source_id: source?.id ?? null,
      source_name: source?.name ?? null,
      pool_id: input.poolIds[session.pool],
      path,
    };
    // Missed while the line was open (tracking numbers keep Demo Motors' hours) or after it closed.
    const missed = answered
      ? null
      : seededMissedCall(why, {
          start: at,
          outcome: 2,
          extension: null,
          closed: demoMotorsClosedAt(at),
          rang: events,
        });
    planned.push({
      sessionId: session.row.id,
      number: shown.number,
      at,
      row: {
        company_id: companyId,
        number_id: shown.numberId,
        is_inbound: true,
        caller,
        called: shown.number,
        outcome: answered ? CALL_OUTCOME.answered : CALL_OUTCOME.missed,
        events: missed?.events ?? events,
        missed_reason: missed?.reason ?? null,
        answered_at: answered ? new Date(at.getTime() + ring * 1000) : null,
        duration,
        user_id: answered ? rng.pick(agents) : null,
        extension: answered ? rng.int(1, 2) : null,
        qualification: answered && rng.chance(0.4) ? rng.int(1, 3) : null,
        source: source?.name ?? null,
        first_time: false,
        dni_session_id: session.row.id,
        attribution,
        recording_path: answered && rng.chance(0.6) ? `demo/dni-recording-${planned.length + 1}.wav` : null,
        started_at: at,
      },
    });
  }
  if (!planned.length) return 0;
  // first_time is settled in call order: a caller with no earlier call (the activity seed's included) is new.
  planned.sort((a, b) => a.at.getTime() - b.at.getTime());
  const seen = new Set<string>();
  for (const call of planned) {
    const caller = call.row.caller as string;
    const before = firstCall.get(caller);
    call.row.first_time = !seen.has(caller) && (!before || before > call.at);
    seen.add(caller);
  }
  const ids: number[] = [];
  for (let start = 0; start < planned.length; start += 1000) {
    const inserted = await tx
      .insert(calls)
      .values(planned.slice(start, start + 1000).map((call) => call.row))
      .returning({ id: calls.id });
    ids.push(...inserted.map((row) => row.id));
  }
  await insertChunks(
    tx,
    dniEvents,
    planned.map((call, index) => ({
      company_id: companyId,
      session_id: call.sessionId,
      kind: 'call' as const,
      number: call.number,
      call_id: ids[index] ?? null,
      at: call.at,
    })),
  );
  return planned.length;
}

/** Inserts rows in as few statements as PostgreSQL's 65,535 parameters allow (fewer statements, faster seed). */
async function insertChunks(tx: Tx, table: PgTable, rows: object[]): Promise<void> {
  const columns = Math.max(1, ...rows.slice(0, 1).map((row) => Object.keys(row).length));
  const size = Math.floor(60_000 / columns);
  for (let start = 0; start < rows.length; start += size) {
    await tx.insert(table).values(rows.slice(start, start + size) as never);
  }
}
