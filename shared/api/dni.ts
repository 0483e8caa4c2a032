/**
 * §7 "Tracking pools and DNI": a company's pools (`/companies/{companyId}/dniPools`, `/dniPools/{poolId}` — delete
 * with `shouldDeleteNumbers` 0/1), its sources (`/dniSources`), the install snippet and its verifier
 * (`/trackingNumbers/script`, `/trackingNumbers/verifyScript`), a session's or a number's timeline
 * (`/dniTimelineEvents/{sessionId}`, `/dniTimelineEventsByNumber/{number}`) and the live feed
 * (`/dni/realTimeFeed`). The tracking script's own public calls (`/dni/script.js`, `/dni/session`,
 * `/dni/heartbeat`) are ours. The rules are shared/domain/dni.ts; reports and the bulk attribute update are
 * dniReports.ts.
 */
import { z } from 'zod';
import {
  CLICK_ID_NAMES,
  DNI_COOLDOWN_MINUTES,
  DNI_LEASE_MINUTES,
  DNI_MAX_POOL_NUMBERS,
  DNI_POOL_TYPES,
  REFERRER_GROUPS,
} from '../domain/dni';
import { normalizePhone } from '../domain/phone';
import { CustomValueSchema } from './contacts';
import { endpoint, enumOf, IdParamSchema, reference } from './contract';

const id = IdParamSchema;

/* ------------------------------------------------ sources ------------------------------------------------- */

const ParamKeySchema = z
  .string()
  .trim()
  .min(1, 'Name the landing-page parameter (for example utm_source or gclid).')
  .max(60, 'Use at most 60 characters for a parameter name.')
  .regex(/^[A-Za-z0-9_.\-[\]]+$/, 'A parameter name has letters, digits, _ . - [ ] only.');

const DomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) =>
    value
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .replace(/\/.*$/, ''),
  )
  .pipe(
    z
      .string()
      .min(1, 'Name the referring domain (for example facebook.com).')
      .max(253, 'That domain is too long.')
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'Write a domain like facebook.com.'),
  );

export const SourceConditionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('param'),
      key: ParamKeySchema,
      /** Null: the parameter present with any value. */
      value: z
        .string()
        .trim()
        .max(200, 'Use at most 200 characters for a value.')
        .nullable()
        .transform((value) => value || null),
    }),
    z.strictObject({ kind: z.literal('referrer'), domain: DomainSchema }),
    z.strictObject({ kind: z.literal('referrer_group'), group: enumOf(REFERRER_GROUPS) }),
    z.strictObject({ kind: z.literal('direct') }),
    z.strictObject({ kind: z.literal('all') }),
  ],
  { error: 'Choose a condition: param, referrer, referrer_group, direct or all.' },
);

export const DniSourceInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the source.').max(80, 'Use at most 80 characters for a name.'),
  conditions: z
    .array(SourceConditionSchema)
    .min(1, 'Give the source at least one condition.')
    .max(20, 'A source has at most 20 conditions.'),
});
export type DniSourceInput = z.input<typeof DniSourceInputSchema>;

export const DniSourceSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  conditions: z.array(SourceConditionSchema),
  /** Pools that serve it (session pools by their sources, static pools by a number of theirs). */
  pools: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Calls attributed to it in the last 30 days. */
  calls_30d: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DniSource = z.infer<typeof DniSourceSchema>;

/* ------------------------------------------------- pools -------------------------------------------------- */

const PhoneTextSchema = z
  .string()
  .trim()
  .max(40)
  .transform((value, check) => {
    const e164 = normalizePhone(value);
    if (!e164) {
      check.addIssue({ code: 'custom', message: 'Write a phone number like (312) 555-0100.' });
      return z.NEVER;
    }
    return e164;
  });

export const DniPoolInputSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Name the pool.').max(80, 'Use at most 80 characters for a name.'),
    type: enumOf(DNI_POOL_TYPES),
    /** A session pool's sources (at least one); a static pool's come from its numbers. */
    source_ids: z.array(reference('dniSource')).max(50).default([]),
    /** The pool's numbers; in a static pool each names the source it serves. */
    numbers: z
      .array(
        z.strictObject({
          number_id: reference('number'),
          source_id: reference('dniSource').nullable().default(null),
        }),
      )
      .max(DNI_MAX_POOL_NUMBERS, `A pool holds at most ${DNI_MAX_POOL_NUMBERS} numbers.`)
      .default([]),
    /** The website's own numbers the script replaces with the pool's. */
    target_numbers: z
      .array(PhoneTextSchema)
      .min(1, 'Give at least one number shown on your website, so the script knows what to replace.')
      .max(20, 'At most 20 website numbers per pool.'),
    lease_minutes: z.coerce
      .number()
      .int()
      .min(DNI_LEASE_MINUTES.min, `A visitor keeps a number at least ${DNI_LEASE_MINUTES.min} minutes.`)
      .max(DNI_LEASE_MINUTES.max, `A visitor keeps a number at most ${DNI_LEASE_MINUTES.max} minutes.`)
      .default(DNI_LEASE_MINUTES.default),
    cooldown_minutes: z.coerce
      .number()
      .int()
      .min(DNI_COOLDOWN_MINUTES.min, 'The cool-down cannot be negative.')
      .max(DNI_COOLDOWN_MINUTES.max, `The cool-down is at most ${DNI_COOLDOWN_MINUTES.max} minutes.`)
      .default(DNI_COOLDOWN_MINUTES.default),
    /** Shown when every number is in use (a session pool needs one). */
    fallback_number_id: reference('number').nullable().default(null),
    /** §3 custom fields of tracking pools (entity type 3): each replaces that field's value, null removes it. */
    eavAttributeValues: z.array(CustomValueSchema).max(100).optional(),
  })
  .superRefine((pool, check) => {
    if (pool.type === 'session') {
      if (pool.source_ids.length === 0)
        check.addIssue({
          code: 'custom',
          path: ['source_ids'],
          message: 'Choose the sources this pool serves.',
        });
      if (pool.fallback_number_id === null)
        check.addIssue({
          code: 'custom',
          path: ['fallback_number_id'],
          message: 'Choose the number visitors see when every pool number is in use.',
        });
    } else {
      pool.numbers.forEach((entry, index) => {
        if (entry.source_id === null)
          check.addIssue({
            code: 'custom',
            path: ['numbers', index, 'source_id'],
            message: 'Choose the source this number is for.',
          });
      });
    }
    const seen = new Set<number>();
    pool.numbers.forEach((entry, index) => {
      if (seen.has(entry.number_id))
        check.addIssue({
          code: 'custom',
          path: ['numbers', index, 'number_id'],
          message: 'This number is listed twice.',
        });
      seen.add(entry.number_id);
      if (entry.number_id === pool.fallback_number_id)
        check.addIssue({
          code: 'custom',
          path: ['numbers', index, 'number_id'],
          message: 'The fallback number cannot also be a pool number.',
        });
    });
  });
export type DniPoolInput = z.input<typeof DniPoolInputSchema>;
/** A pool as the server reads it: numbers in E.164, defaults applied. */
export type DniPoolValues = z.output<typeof DniPoolInputSchema>;

const NumberRef = z.object({ id: z.number().int(), number: z.string(), label: z.string().nullable() });

export const DniPoolUsageSchema = z.object({
  /** The day (YYYY-MM-DD, UTC). */
  day: z.string(),
  peak_sessions: z.number().int(),
  sessions: z.number().int(),
  fallbacks: z.number().int(),
  /** peak_sessions ÷ the pool's numbers now. */
  utilisation: z.number(),
});

export const DniPoolSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  type: enumOf(DNI_POOL_TYPES),
  sources: z.array(z.object({ id: z.number().int(), name: z.string() })),
  numbers: z.array(
    NumberRef.extend({
      source: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      /** Held by a visitor now (session pools). */
      in_use: z.boolean(),
    }),
  ),
  target_numbers: z.array(z.string()),
  lease_minutes: z.number().int(),
  cooldown_minutes: z.number().int(),
  fallback_number: NumberRef.nullable(),
  /** Sessions holding a number now, the busiest moment of the last 30 days, fallbacks served in them. */
  live_sessions: z.number().int(),
  peak_sessions_30d: z.number().int(),
  fallbacks_30d: z.number().int(),
  calls_30d: z.number().int(),
  eavAttributeValues: z.array(CustomValueSchema),
  /** shared/domain/dni.ts `poolAdvice`: whether it runs hot, and how many numbers to add. */
  advice: z.object({ hot: z.boolean(), add: z.number().int(), message: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DniPool = z.infer<typeof DniPoolSchema>;

export const DniPoolDetailSchema = DniPoolSchema.extend({
  /** The last 30 days, oldest first, every day present (0 when quiet). */
  usage: z.array(DniPoolUsageSchema),
});
export type DniPoolDetail = z.infer<typeof DniPoolDetailSchema>;

/* ----------------------------------------- sessions and timelines ----------------------------------------- */

export const VisitAttributionSchema = z.object({
  source: z.string(),
  medium: z.string(),
  campaign: z.string().nullable(),
  keyword: z.string().nullable(),
  content: z.string().nullable(),
  landing_page: z.string(),
  referrer: z.string().nullable(),
  click_ids: z.partialRecord(z.enum(CLICK_ID_NAMES as [string, ...string[]]), z.string()),
});

/** What a call is attributed to (shared/domain/dni.ts CallAttribution). */
export const CallAttributionSchema = VisitAttributionSchema.extend({
  source_id: z.number().int().nullable(),
  source_name: z.string().nullable(),
  pool_id: z.number().int().nullable(),
  path: z.array(z.object({ url: z.string(), title: z.string().nullable(), at: z.string() })),
});
export type CallAttributionView = z.infer<typeof CallAttributionSchema>;

export const DniSessionSchema = z.object({
  id: z.string(),
  company_id: z.number().int(),
  /** Whether this visitor had been on the site before this session. */
  returning: z.boolean(),
  pool: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  source: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  number: z.string().nullable(),
  fallback: z.boolean(),
  attribution: VisitAttributionSchema,
  page_views: z.number().int(),
  last_page: z.string().nullable(),
  started_at: z.string(),
  last_seen_at: z.string(),
  lease_until: z.string(),
  /** A heartbeat or page view within DNI_LIVE_VISITOR_SECONDS. */
  live: z.boolean(),
});
export type DniSession = z.infer<typeof DniSessionSchema>;

export const DniEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['page_view', 'number_shown', 'fallback', 'call']),
  at: z.string(),
  url: z.string().nullable(),
  title: z.string().nullable(),
  number: z.string().nullable(),
  call_id: z.number().int().nullable(),
});
export type DniEvent = z.infer<typeof DniEventSchema>;

export const DniTimelineSchema = z.object({ session: DniSessionSchema, events: z.array(DniEventSchema) });
export type DniTimeline = z.infer<typeof DniTimelineSchema>;

export const DniFeedCallSchema = z.object({
  call_id: z.number().int(),
  session_id: z.string().nullable(),
  caller: z.string(),
  number: z.string(),
  source: z.string().nullable(),
  keyword: z.string().nullable(),
  outcome: z.number().int(),
  first_time: z.boolean(),
  started_at: z.string(),
});
export type DniFeedCall = z.infer<typeof DniFeedCallSchema>;

export const DniFeedSchema = z.object({
  /** Visitors with a sign of life in the last DNI_LIVE_VISITOR_SECONDS, newest first. */
  visitors: z.array(DniSessionSchema),
  /** Calls to tracking numbers in the last DNI_FEED_CALL_MINUTES, newest first. */
  calls: z.array(DniFeedCallSchema),
  at: z.string(),
});
export type DniFeed = z.infer<typeof DniFeedSchema>;

/* ------------------------------------------- the install snippet ------------------------------------------ */

export const TrackingScriptSchema = z.object({
  /** The `<script>` tag to paste before `</head>` on every page of the site. */
  snippet: z.string(),
  script_url: z.string(),
  /** The company's public key the script sends (not a secret: it only asks for numbers). */
  key: z.string(),
  /** Every pool's website numbers: what the script will replace. */
  target_numbers: z.array(z.string()),
});
export type TrackingScript = z.infer<typeof TrackingScriptSchema>;

export const VerifyScriptSchema = z.object({
  url: z.string(),
  /** The page answered (2xx) within the bounds. */
  reachable: z.boolean(),
  status: z.number().int().nullable(),
  /** The snippet's script tag is on the page; `key_matches`: with this company's key. */
  installed: z.boolean(),
  key_matches: z.boolean(),
  /** Phone numbers shown on the page (text and tel: links) and whether a pool of the company replaces each. */
  numbers: z.array(
    z.object({
      text: z.string(),
      number: z.string(),
      swapped: z.boolean(),
      pool: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    }),
  ),
  /** What to tell the person, in a sentence. */
  message: z.string(),
});
export type VerifyScript = z.infer<typeof VerifyScriptSchema>;

/* --------------------------------------- the script's public calls ---------------------------------------- */

/**
 * The script posts `text/plain` JSON (a CORS "simple" request: no preflight, no cookies of ours), so the body is
 * read from text as well as from JSON.
 */
const fromJsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const SessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const DniVisitBodySchema = z.preprocess(
  fromJsonText,
  z.object({
    key: z.string().max(100),
    /** The session cookie's value, when the visitor has one (a page view of the same session). */
    session_id: SessionIdSchema.nullish(),
    visitor_id: SessionIdSchema.nullish(),
    url: z.string().max(2000),
    referrer: z.string().max(2000).nullish(),
    title: z.string().max(300).nullish(),
  }),
);

export const DniVisitAnswerSchema = z.object({
  /** Null for a bot (nothing is recorded for it). */
  session_id: z.string().nullable(),
  visitor_id: z.string().nullable(),
  /** The number to show instead of `targets` (E.164); null: keep the page's own numbers. */
  number: z.string().nullable(),
  targets: z.array(z.string()),
  heartbeat_seconds: z.number().int(),
  /** How long the session cookie should last (the pool's lease). */
  lease_seconds: z.number().int(),
});
export type DniVisitAnswer = z.infer<typeof DniVisitAnswerSchema>;

export const DniHeartbeatBodySchema = z.preprocess(
  fromJsonText,
  z.object({ key: z.string().max(100), session_id: SessionIdSchema }),
);

/* ------------------------------------------------ endpoints ----------------------------------------------- */

export const DNI_ENDPOINTS = {
  pools: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/dniPools',
    summary:
      'The company’s tracking pools with their numbers, sources, live sessions and 30-day utilisation.',
    params: z.object({ companyId: id }),
    response: z.object({ data: z.array(DniPoolSchema) }),
  }),
  createPool: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/dniPools',
    status: 201,
    summary:
      'Makes a pool of the company’s numbers (none may be in another pool). 422 per field; 409 when a number is in another pool.',
    params: z.object({ companyId: id }),
    body: DniPoolInputSchema,
    response: DniPoolDetailSchema,
  }),
  pool: endpoint({
    method: 'GET',
    path: '/dniPools/{poolId}',
    summary: 'One pool with its daily utilisation over the last 30 days.',
    params: z.object({ poolId: id }),
    response: DniPoolDetailSchema,
  }),
  updatePool: endpoint({
    method: 'PUT',
    path: '/dniPools/{poolId}',
    summary:
      'Replaces a pool’s settings and numbers. A number taken out while a visitor holds it stays theirs until the lease ends (its calls are still attributed).',
    params: z.object({ poolId: id }),
    body: DniPoolInputSchema,
    response: DniPoolDetailSchema,
  }),
  deletePool: endpoint({
    method: 'DELETE',
    path: '/dniPools/{poolId}',
    summary:
      'Deletes a pool. shouldDeleteNumbers=1 also releases its numbers (as `POST /numbers/{id}/remove`: inactive, given back after §9’s 30 days); 0 keeps them as ordinary numbers.',
    params: z.object({ poolId: id }),
    query: z.object({
      shouldDeleteNumbers: z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1)]))
        .default(0),
    }),
    response: null,
  }),
  sources: endpoint({
    method: 'GET',
    path: '/dniSources',
    summary: 'The company’s sources (named visit rules), with the pools that serve them and their calls.',
    query: z.object({ companyId: id }),
    response: z.object({ data: z.array(DniSourceSchema) }),
  }),
  createSource: endpoint({
    method: 'POST',
    path: '/dniSources',
    status: 201,
    summary: 'Adds a source to the company named in the body. 422 per field; a name already used is refused.',
    body: DniSourceInputSchema.extend({ company_id: id }),
    response: DniSourceSchema,
  }),
  updateSource: endpoint({
    method: 'PUT',
    path: '/dniSources/{id}',
    summary: 'Renames a source or replaces its conditions.',
    params: z.object({ id }),
    body: DniSourceInputSchema,
    response: DniSourceSchema,
    replay: { record: 'dniSource' },
  }),
  deleteSource: endpoint({
    method: 'DELETE',
    path: '/dniSources/{id}',
    summary: 'Deletes a source no pool uses (409 naming the pools otherwise). Its past calls keep its name.',
    params: z.object({ id }),
    response: null,
  }),
  script: endpoint({
    method: 'GET',
    path: '/trackingNumbers/script',
    summary: 'The snippet to install on the company’s website, and the numbers it will replace.',
    query: z.object({ companyId: id }),
    response: TrackingScriptSchema,
  }),
  verifyScript: endpoint({
    method: 'POST',
    path: '/trackingNumbers/verifyScript',
    summary:
      'Fetches the page (10 s, 2 MB, public addresses only) and says whether the snippet is installed and which of its numbers a pool replaces.',
    body: z.strictObject({
      company_id: id,
      url: z
        .string()
        .trim()
        .min(1, 'Give the address of a page of your website.')
        .max(2000)
        .transform((value) => (/^https?:\/\//i.test(value) ? value : `https://${value}`))
        .pipe(z.url({ protocol: /^https?$/, error: 'Give a web address like https://example.com.' })),
    }),
    response: VerifyScriptSchema,
  }),
  timeline: endpoint({
    method: 'GET',
    path: '/dniTimelineEvents/{sessionId}',
    summary: 'A website session and its timeline: page views, the number shown, calls.',
    // Any text up to the longest id: one that is no session's is a 404 like any other missing record.
    params: z.object({ sessionId: z.string().trim().min(1).max(64) }),
    response: DniTimelineSchema,
  }),
  timelineByNumber: endpoint({
    method: 'GET',
    path: '/dniTimelineEventsByNumber/{number}',
    summary:
      'The latest sessions (20) that were shown a number of the company, each with its timeline (404 for a number that is not the company’s; 422 for text that is no phone number).',
    params: z.object({ number: z.string().max(40) }),
    query: z.object({ companyId: id }),
    response: z.object({ data: z.array(DniTimelineSchema) }),
  }),
  realTimeFeed: endpoint({
    method: 'GET',
    path: '/dni/realTimeFeed',
    summary:
      'Visitors on the site now and calls to tracking numbers in the last 30 minutes; `dni.feed` on the company channel says when it changed.',
    query: z.object({ companyId: id }),
    response: DniFeedSchema,
  }),
  trackerScript: endpoint({
    method: 'GET',
    path: '/dni/script.js',
    summary: 'The tracking script (public; cached for an hour).',
    response: z.string(),
  }),
  visit: endpoint({
    method: 'POST',
    path: '/dni/session',
    summary:
      'The script’s page view: starts or continues a session and answers the number to show (public, any origin, rate-limited; `text/plain` JSON).',
    body: DniVisitBodySchema,
    textBody: true,
    response: DniVisitAnswerSchema,
  }),
  heartbeat: endpoint({
    method: 'POST',
    path: '/dni/heartbeat',
    summary: 'The script’s heartbeat while the page is open: renews the lease (public; 204).',
    body: DniHeartbeatBodySchema,
    textBody: true,
    response: null,
  }),
} as const;
