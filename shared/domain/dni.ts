/**
 * Call tracking, dynamic number insertion (§1 "tracked voice and SMS numbers … number pools", §3 "tracking pool
 * entity type 3", §7 "Tracking pools and DNI"): how a website visit is read (source, medium, campaign, keyword,
 * click ids), which source rule claims it and in what order, which user agents are bots, how long a visitor
 * keeps a pool number, and when a pool runs hot. Pure: the server, the screens and the tests share it. The
 * tracking script's own rule (finding and swapping displayed numbers) is `dniSwap.ts`.
 *
 * The words, as docs/spec-interpretations.md "Call tracking" settles them:
 * - A **source** is a named set of conditions (any one matching claims the visit): a landing-page parameter with
 *   a value (`utm_source=google`), a landing-page parameter present at all (`gclid`), a referrer domain
 *   (`facebook.com` and its subdomains), a referrer group (search engines, social networks, webmail), a direct
 *   visit (no referrer), or every visitor.
 * - A **pool** serves some sources. A *session* pool lends one of its numbers to each visitor for the session (a
 *   lease renewed by the page's heartbeats) and takes it back after the lease and a cool-down; a *static* pool
 *   gives each of its numbers to one source, for everyone that source brings.
 */
import { codes, labelOf } from './codes';

export const DNI_POOL_TYPES = codes([
  { value: 'session', label: 'Session (one number per visitor)' },
  { value: 'static', label: 'Static (one number per source)' },
]);
export type DniPoolType = (typeof DNI_POOL_TYPES)[number]['value'];

/** Lease and cool-down bounds, in minutes. A lease runs from the visitor's last sign of life (page view, heartbeat). */
export const DNI_LEASE_MINUTES = { default: 30, min: 5, max: 240 } as const;
export const DNI_COOLDOWN_MINUTES = { default: 10, min: 0, max: 120 } as const;
/** The script says it is still there this often while the page is open (visible or not). */
export const DNI_HEARTBEAT_SECONDS = 60;
/** A pool holds at most this many numbers; a company at most this many pools and sources. */
export const DNI_MAX_POOL_NUMBERS = 200;
export const DNI_MAX_POOLS = 50;
export const DNI_MAX_SOURCES = 100;
/** How far the real-time feed looks back for calls, and how long a visitor stays "live" without a sign of life. */
export const DNI_FEED_CALL_MINUTES = 30;
export const DNI_LIVE_VISITOR_SECONDS = 3 * DNI_HEARTBEAT_SECONDS;

/* ------------------------------------------------ a visit ------------------------------------------------- */

/** Click ids the ad networks add to a landing page, and whose ads they are (source, medium). */
export const CLICK_IDS = {
  gclid: { source: 'google', medium: 'cpc' },
  gbraid: { source: 'google', medium: 'cpc' },
  wbraid: { source: 'google', medium: 'cpc' },
  msclkid: { source: 'bing', medium: 'cpc' },
  fbclid: { source: 'facebook', medium: 'paid_social' },
  ttclid: { source: 'tiktok', medium: 'paid_social' },
  li_fat_id: { source: 'linkedin', medium: 'paid_social' },
} as const;
export type ClickIdName = keyof typeof CLICK_IDS;
export const CLICK_ID_NAMES = Object.keys(CLICK_IDS) as ClickIdName[];

export const REFERRER_GROUPS = codes([
  { value: 'search', label: 'Search engines' },
  { value: 'social', label: 'Social networks' },
  { value: 'email', label: 'Webmail' },
]);
export type ReferrerGroup = (typeof REFERRER_GROUPS)[number]['value'];

/**
 * The well-known referrers: a host that is one of these or a subdomain of one belongs to its group, under the
 * source name given (google.co.uk and google.com are both `google`).
 */
const KNOWN_REFERRERS: readonly { match: RegExp; source: string; group: ReferrerGroup }[] = [
  {
    match: /^(mail\.google|outlook\.live|outlook\.office|mail\.yahoo|mail\.aol)\./,
    source: 'webmail',
    group: 'email',
  },
  { match: /(^|\.)google\.[a-z.]+$/, source: 'google', group: 'search' },
  { match: /(^|\.)bing\.com$/, source: 'bing', group: 'search' },
  { match: /(^|\.)yahoo\.[a-z.]+$/, source: 'yahoo', group: 'search' },
  { match: /(^|\.)duckduckgo\.com$/, source: 'duckduckgo', group: 'search' },
  { match: /(^|\.)baidu\.com$/, source: 'baidu', group: 'search' },
  { match: /(^|\.)yandex\.[a-z.]+$/, source: 'yandex', group: 'search' },
  { match: /(^|\.)ecosia\.org$/, source: 'ecosia', group: 'search' },
  { match: /(^|\.)(facebook\.com|fb\.com|fb\.me)$/, source: 'facebook', group: 'social' },
  { match: /(^|\.)instagram\.com$/, source: 'instagram', group: 'social' },
  { match: /(^|\.)(t\.co|twitter\.com|x\.com)$/, source: 'twitter', group: 'social' },
  { match: /(^|\.)(linkedin\.com|lnkd\.in)$/, source: 'linkedin', group: 'social' },
  { match: /(^|\.)pinterest\.[a-z.]+$/, source: 'pinterest', group: 'social' },
  { match: /(^|\.)reddit\.com$/, source: 'reddit', group: 'social' },
  { match: /(^|\.)tiktok\.com$/, source: 'tiktok', group: 'social' },
  { match: /(^|\.)(youtube\.com|youtu\.be)$/, source: 'youtube', group: 'social' },
];

/**
 * The host of a web address, lower case and without `www.`; null when it is not an http(s) address. (Shared code
 * has no URL class — neither DOM nor Node types — so addresses are read with these two small functions.)
 */
export function hostOf(url: string | null | undefined): string | null {
  const match = /^https?:\/\/(?:[^@/?#]*@)?([^/?#:]+)/i.exec(url?.trim() ?? '');
  return match?.[1]
    ? match[1]
        .toLowerCase()
        .replace(/\.$/, '')
        .replace(/^www\./, '') || null
    : null;
}

/** The query parameters of an address (first value of each name wins, as analytics tools read them). */
export function queryParams(url: string): Map<string, string> {
  const params = new Map<string, string>();
  const query = /\?([^#]*)/.exec(url)?.[1] ?? '';
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const [rawName = '', ...rest] = pair.split('=');
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return text;
      }
    };
    const name = decode(rawName);
    if (name && !params.has(name)) params.set(name, decode(rest.join('=')));
  }
  return params;
}

/** The group and source name of a referrer host, when it is a well-known one. */
export function knownReferrer(host: string): { source: string; group: ReferrerGroup } | null {
  const known = KNOWN_REFERRERS.find((entry) => entry.match.test(host));
  return known ? { source: known.source, group: known.group } : null;
}

/** What a visit tells us: where it came from, read from its landing page and referrer. */
export interface VisitAttribution {
  source: string;
  medium: string;
  campaign: string | null;
  keyword: string | null;
  content: string | null;
  landing_page: string;
  /** The referring page; null for a direct visit or one from the site itself. */
  referrer: string | null;
  click_ids: Partial<Record<ClickIdName, string>>;
}

const param = (params: Map<string, string>, name: string) => {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, 200) : null;
};

/**
 * Reads a visit the way analytics tools do: UTM parameters win (utm_source, utm_medium, utm_campaign, utm_term
 * as the keyword, utm_content); then an ad network's click id (gclid → google / cpc); then the referrer (a search
 * engine → organic, a social network → social, webmail → email, any other site → referral, under its host);
 * then direct / (none). A referrer on the landing page's own site is no referrer (a page of the same visit).
 */
export function classifyVisit(input: { landingUrl: string; referrer: string | null }): VisitAttribution {
  const params = queryParams(input.landingUrl);
  const landingHost = hostOf(input.landingUrl);
  const referrerHost = hostOf(input.referrer);
  const referrer = referrerHost && referrerHost !== landingHost ? (input.referrer as string) : null;
  const click_ids: VisitAttribution['click_ids'] = {};
  for (const name of CLICK_ID_NAMES) {
    const value = param(params, name);
    if (value) click_ids[name] = value;
  }
  const clicked = CLICK_ID_NAMES.find((name) => click_ids[name]);
  const known = referrer && referrerHost ? knownReferrer(referrerHost) : null;
  const referred = (): { source: string; medium: string } => {
    if (!referrer || !referrerHost) return { source: 'direct', medium: '(none)' };
    if (!known) return { source: referrerHost, medium: 'referral' };
    const medium = known.group === 'search' ? 'organic' : known.group === 'social' ? 'social' : 'email';
    return { source: known.source, medium };
  };
  const fallback = clicked ? CLICK_IDS[clicked] : referred();
  return {
    source: (param(params, 'utm_source') ?? fallback.source).toLowerCase(),
    medium: (param(params, 'utm_medium') ?? fallback.medium).toLowerCase(),
    campaign: param(params, 'utm_campaign'),
    keyword: param(params, 'utm_term'),
    content: param(params, 'utm_content'),
    landing_page: input.landingUrl.slice(0, 2000),
    referrer: referrer ? referrer.slice(0, 2000) : null,
    click_ids,
  };
}

/**
 * What a call is attributed to: the visit's reading, the source and pool that served its number. A call to a
 * static pool number has no session, so only its source (and pool) are set and the visit fields are empty.
 */
export interface CallAttribution extends VisitAttribution {
  /** The company's source that claimed the visit (or owns the static number), by name when the call came in. */
  source_id: number | null;
  source_name: string | null;
  pool_id: number | null;
  /** The pages the visitor viewed before calling, in order (the latest DNI_PATH_PAGES of them). */
  path: { url: string; title: string | null; at: string }[];
}

/** A call keeps the last this many pages of its visitor's path (the timeline keeps them all). */
export const DNI_PATH_PAGES = 20;

/* ------------------------------------------------ sources ------------------------------------------------- */

/** One condition of a source. */
export type SourceCondition =
  | { kind: 'param'; key: string; value: string | null }
  | { kind: 'referrer'; domain: string }
  | { kind: 'referrer_group'; group: ReferrerGroup }
  | { kind: 'direct' }
  | { kind: 'all' };
export type SourceConditionKind = SourceCondition['kind'];

/**
 * How specific a condition is: the most specific match decides which source (and so which pool) claims a visit.
 * The order, documented for the rules editor and docs/spec-interpretations.md:
 *   1. a landing-page parameter with a value (utm_source=google),
 *   2. a landing-page parameter present (gclid),
 *   3. a referrer domain (facebook.com),
 *   4. a referrer group (search engines) or a direct visit,
 *   5. every visitor.
 * Equal specificity: the source made first (lowest id) wins, so adding a source never steals another's visits.
 */
export function specificityOf(condition: SourceCondition): number {
  switch (condition.kind) {
    case 'param':
      return condition.value === null ? 4 : 5;
    case 'referrer':
      return 3;
    case 'referrer_group':
    case 'direct':
      return 2;
    case 'all':
      return 1;
  }
}

/** That order in words, most specific first (the rules editor shows it; `specificityOf` 5 is the first line). */
export const SPECIFICITY_ORDER: readonly string[] = [
  'A landing-page parameter with a value (utm_source = google)',
  'A landing-page parameter present with any value (gclid present)',
  'A referrer domain (from facebook.com)',
  'A referrer group (from search engines) or a direct visit',
  'All visitors',
];

export const SOURCE_CONDITION_LABELS: Record<SourceConditionKind, string> = {
  param: 'Landing-page parameter',
  referrer: 'Referrer domain',
  referrer_group: 'Referrer group',
  direct: 'Direct visit (no referrer)',
  all: 'All visitors',
};

/** What a condition says, for lists and the rules editor ("utm_source = google", "from facebook.com"). */
export function describeCondition(condition: SourceCondition): string {
  switch (condition.kind) {
    case 'param':
      return condition.value === null ? `${condition.key} present` : `${condition.key} = ${condition.value}`;
    case 'referrer':
      return `from ${condition.domain}`;
    case 'referrer_group':
      return `from ${labelOf(REFERRER_GROUPS, condition.group).toLowerCase()}`;
    case 'direct':
      return 'direct visit';
    case 'all':
      return 'all visitors';
  }
}

/** The specificity with which a condition matches a visit, or 0 when it does not. */
export function conditionMatch(
  condition: SourceCondition,
  visit: { landingUrl: string; referrer: string | null },
): number {
  const matches = (() => {
    switch (condition.kind) {
      case 'param': {
        const value = queryParams(visit.landingUrl).get(condition.key)?.trim();
        if (!value) return false;
        return condition.value === null || value.toLowerCase() === condition.value.toLowerCase();
      }
      case 'referrer': {
        const host = externalReferrerHost(visit);
        const domain = condition.domain.toLowerCase().replace(/^www\./, '');
        return host !== null && (host === domain || host.endsWith(`.${domain}`));
      }
      case 'referrer_group': {
        const host = externalReferrerHost(visit);
        return host !== null && knownReferrer(host)?.group === condition.group;
      }
      case 'direct':
        return externalReferrerHost(visit) === null && !hasCampaignParams(visit.landingUrl);
      case 'all':
        return true;
    }
  })();
  return matches ? specificityOf(condition) : 0;
}

function externalReferrerHost(visit: { landingUrl: string; referrer: string | null }): string | null {
  const host = hostOf(visit.referrer);
  return host && host !== hostOf(visit.landingUrl) ? host : null;
}

/** A visit with a campaign tag or click id is no direct visit, whatever its referrer. */
function hasCampaignParams(landingUrl: string): boolean {
  const params = queryParams(landingUrl);
  return params.has('utm_source') || CLICK_ID_NAMES.some((name) => params.has(name));
}

/**
 * The source that claims a visit: the one whose best condition matches most specifically; equal matches go to
 * the source made first. Null when no source matches (the page then keeps its own number).
 */
export function chooseSource<S extends { id: number; conditions: readonly SourceCondition[] }>(
  sources: readonly S[],
  visit: { landingUrl: string; referrer: string | null },
): S | null {
  let best: { source: S; score: number } | null = null;
  for (const source of [...sources].sort((a, b) => a.id - b.id)) {
    const score = Math.max(0, ...source.conditions.map((condition) => conditionMatch(condition, visit)));
    if (score > 0 && (!best || score > best.score)) best = { source, score };
  }
  return best?.source ?? null;
}

/** Ready-made sources the rules editor offers (the seed gives Demo Motors the first two). */
export const SOURCE_PRESETS: readonly { name: string; conditions: SourceCondition[] }[] = [
  {
    name: 'Google Ads',
    conditions: [
      { kind: 'param', key: 'gclid', value: null },
      { kind: 'param', key: 'utm_source', value: 'google' },
    ],
  },
  {
    name: 'Facebook',
    conditions: [
      { kind: 'param', key: 'fbclid', value: null },
      { kind: 'param', key: 'utm_source', value: 'facebook' },
      { kind: 'referrer', domain: 'facebook.com' },
    ],
  },
  { name: 'Bing Ads', conditions: [{ kind: 'param', key: 'msclkid', value: null }] },
  { name: 'Organic search', conditions: [{ kind: 'referrer_group', group: 'search' }] },
  { name: 'Social', conditions: [{ kind: 'referrer_group', group: 'social' }] },
  { name: 'Direct', conditions: [{ kind: 'direct' }] },
  { name: 'All visitors', conditions: [{ kind: 'all' }] },
];

/* ------------------------------------------------- bots --------------------------------------------------- */

/**
 * Crawlers, link previewers, monitors, scripted and headless browsers: they never take a pool number (they
 * would hold one for a lease and skew utilisation) and see the page's own numbers.
 */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|adsbot|facebookexternalhit|facebot|embedly|preview|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|headless|phantomjs|puppeteer|playwright|selenium|python-requests|python-urllib|aiohttp|curl\/|wget\/|httpclient|okhttp|go-http-client|java\/|libwww|scrapy|axios\/|node-fetch|undici/i;

/** A bot by its user agent; an empty user agent is one too (every browser sends one). */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  const ua = userAgent?.trim() ?? '';
  return ua === '' || BOT_USER_AGENT.test(ua);
}

/* ------------------------------------------------ leases -------------------------------------------------- */

/** When a visitor's hold on a number ends: their last sign of life plus the pool's lease. */
export function leaseEndsAt(lastSeenAt: Date, leaseMinutes: number): Date {
  return new Date(lastSeenAt.getTime() + leaseMinutes * 60_000);
}

/** When a number given to a visitor may go to someone else: the lease's end plus the pool's cool-down. */
export function numberFreeAt(leaseEnd: Date, cooldownMinutes: number): Date {
  return new Date(leaseEnd.getTime() + cooldownMinutes * 60_000);
}

/* ---------------------------------------------- utilisation ----------------------------------------------- */

/** A pool "runs hot" at this share of its numbers in use at its peak, and aims for this share after growing. */
export const POOL_HOT_UTILISATION = 0.8;
export const POOL_TARGET_UTILISATION = 0.7;

/** Peak concurrent sessions ÷ numbers, as a fraction (0 for an empty pool). */
export function poolUtilisation(peakSessions: number, numbers: number): number {
  return numbers > 0 ? peakSessions / numbers : 0;
}

export interface PoolAdvice {
  hot: boolean;
  /** Numbers to add so the peak would sit at the target share; 0 when the pool is fine. */
  add: number;
  message: string | null;
}

/**
 * What the pool screen recommends: a pool whose peak reached 80 % of its numbers, or that served its fallback
 * (every number was in use), should grow so its peak sits at 70 %.
 */
export function poolAdvice(input: { numbers: number; peakSessions: number; fallbacks: number }): PoolAdvice {
  const share = poolUtilisation(input.peakSessions, input.numbers);
  const hot = input.fallbacks > 0 || (input.numbers > 0 && share >= POOL_HOT_UTILISATION);
  if (!hot) return { hot: false, add: 0, message: null };
  // Fallbacks mean visitors went without a number: count them on top of the peak the pool could serve.
  const demand =
    input.peakSessions + (input.fallbacks > 0 ? Math.max(1, Math.ceil(input.fallbacks / 10)) : 0);
  const add = Math.max(1, Math.ceil(demand / POOL_TARGET_UTILISATION) - input.numbers);
  const why =
    input.fallbacks > 0
      ? `${input.fallbacks} visitor${input.fallbacks === 1 ? '' : 's'} saw the fallback number because every number was in use`
      : `at its busiest ${Math.round(share * 100)}% of its numbers were in use`;
  return {
    hot,
    add,
    message: `This pool runs hot: ${why}. Add ${add} number${add === 1 ? '' : 's'} so calls stay attributed.`,
  };
}
