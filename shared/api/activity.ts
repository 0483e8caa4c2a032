/**
 * §7 Analytics and activity, the activity part: one call as §3 gives it (outcome, §4 events with their labels,
 * transcription, a short-lived signed recording link, custom values of entity type 6), a search over a company's
 * calls, and the mixed activity feed (calls, voicemails, messages, faxes) newest first.
 *
 * The §9 search window (2 years): a `filters.from` further back than two years before now is refused with 422
 * naming the limit (not clamped), so a person never gets silently fewer rows than they asked for.
 */
import { z } from 'zod';
import { MISSED_REASONS } from '../domain/analytics';
import { CALL_OUTCOMES, CALL_QUALIFICATIONS } from '../domain/calls';
import { type CodeTable, valuesOf } from '../domain/codes';
import { CallerIdLookupQuerySchema, CallerIdSchema } from './callerId';
import { CustomValueSchema } from './contacts';
import { endpoint, IdParamSchema, PageNumberSchema } from './contract';
import { CallAttributionSchema } from './dni';
import { pagedSchema } from './paged';
import { SignedUrlQuerySchema } from './signedUrl';
import { TimeZoneSchema } from './timeZone';

const id = IdParamSchema;

/** Activity rows per page unless asked otherwise. */
export const ACTIVITY_PER_PAGE = 25;

/**
 * The `total` of the feed and of the calls search is exact up to this many rows. Beyond it the server stops
 * counting and answers the database's estimate with `total_is_estimate: true` (docs/decisions.md, "The activity
 * feed's total").
 */
export const ACTIVITY_EXACT_TOTAL_MAX = 10_000;

export const TranscriptSegmentSchema = z.object({
  channel: z.number().int(),
  /** §3 speaker: 0 mixed, 1 agent, 2 client. */
  speaker: z.number().int().min(0).max(2),
  transcript: z.string(),
  start: z.number(),
  end: z.number(),
});

/** §3 transcription of a call. */
export const TranscriptionSchema = z.object({
  id: z.number().int(),
  state: z.enum(['loading', 'complete']),
  text: z.string(),
  metadata: z.object({ segments: z.number().int() }),
  /** Share of the talking time, in percent. */
  statistics: z.object({ agent: z.number(), client: z.number() }),
  raw: z.array(TranscriptSegmentSchema),
});

const NumberRefSchema = z.object({ id: z.number().int(), number: z.string(), label: z.string() });
const ContactRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** §3 Call JSON. */
export const CallSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  isInbound: z.boolean(),
  caller: z.string(),
  called: z.string(),
  number: NumberRefSchema.nullable(),
  contact: ContactRefSchema.nullable(),
  /** §3 outcome code 0–4 and its label. */
  outcome: z.number().int().min(0).max(4),
  outcome_label: z.string(),
  /**
   * Why an inbound call went unanswered (outcome missed or voicemail), as routing knew it, and its label; null on
   * answered, blocked and outbound calls.
   */
  missed_reason: z.literal(valuesOf(MISSED_REASONS)).nullable(),
  missed_reason_label: z.string().nullable(),
  qualification: z.number().int().min(1).max(3).nullable(),
  events: z.array(z.object({ status: z.number().int().min(1).max(13), label: z.string(), at: z.string() })),
  duration: z.number().int(),
  /** A signed link valid for MEDIA_URL_TTL_MS; null without a recording. */
  recording_url: z.string().nullable(),
  transcription: TranscriptionSchema.nullable(),
  tags: z.array(z.string()),
  note: z.string().nullable(),
  source: z.string().nullable(),
  first_time: z.boolean(),
  /** Call tracking: the website session that showed the number called, and what the visit came from. */
  dni_session_id: z.string().nullable(),
  attribution: CallAttributionSchema.nullable(),
  extension: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  started_at: z.string(),
  /** When an agent or a forwarded-to phone picked up (ISO); null when nobody did. */
  answered_at: z.string().nullable(),
  eavAttributeValues: z.array(CustomValueSchema),
});
export type Call = z.infer<typeof CallSchema>;

/** One row of the mixed activity feed; the kind-specific fields are those of its `type`. */
export const ActivityRowSchema = z.object({
  type: z.enum(['call', 'voicemail', 'message', 'fax']),
  id: z.number().int(),
  at: z.string(),
  isInbound: z.boolean(),
  /** The other party (E.164). */
  remote: z.string(),
  number: NumberRefSchema.nullable(),
  contact: ContactRefSchema.nullable(),
  /** call: outcome code and label, duration; voicemail: duration, transcription text. */
  outcome: z.number().int().nullable(),
  outcome_label: z.string().nullable(),
  duration: z.number().int().nullable(),
  /** message: its text; voicemail: its transcription; fax: its status. */
  text: z.string().nullable(),
  /** fax: pages. */
  pages: z.number().int().nullable(),
  recording_url: z.string().nullable(),
  /** call and voicemail: the marketing source (call tracking), and the visit's keyword when a session matched. */
  source: z.string().nullable(),
  keyword: z.string().nullable(),
  /** call: attributed by call tracking (a website session or a static pool's number): `GET /calls/{id}` says how. */
  tracked: z.boolean(),
});
export type ActivityRow = z.infer<typeof ActivityRowSchema>;

export const ActivityFiltersSchema = z.object({
  numbers: z.array(id).max(500).optional(),
  /** Dates (YYYY-MM-DD) in `tz`, inclusive. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  outcomes: z.array(z.literal(valuesOf(CALL_OUTCOMES))).optional(),
  contact: id.optional(),
  /** Calls (and voicemails) of these marketing sources (as `source` names them). */
  sources: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  /** Calls these users answered or placed. */
  agents: z.array(id).max(200).optional(),
  /** Calls carrying any of these tags (as spelt on the call). */
  tags: z.array(z.string().trim().min(1).max(50)).max(50).optional(),
  /** Phone-like text matches the other party's digits; other text the contact's name. */
  search: z.string().trim().max(100).optional(),
});

/**
 * §3's paged shape and whether its total is an estimate. Up to ACTIVITY_EXACT_TOTAL_MAX rows the total is
 * counted (the flag is false); beyond, it is the database's estimate (true), never less than the rows the pages
 * show, so `last_page` always leads on while rows remain; the page that reaches the end answers the exact total.
 */
function estimablePageSchema<T extends z.ZodType>(item: T) {
  return pagedSchema(item).extend({ total_is_estimate: z.boolean().optional() });
}

/** A page of the feed. */
export const ActivityPageSchema = estimablePageSchema(ActivityRowSchema);
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

export const ActivityQueryBodySchema = z.object({
  page: PageNumberSchema,
  perPage: z.coerce.number().int().min(1).max(200).default(ACTIVITY_PER_PAGE),
  tz: TimeZoneSchema.default('UTC'),
  filters: ActivityFiltersSchema.default({}),
  checkCalls: z.boolean().default(true),
  checkVoicemails: z.boolean().default(true),
  checkMessages: z.boolean().default(true),
  checkFaxes: z.boolean().default(true),
  /** §7: only the calls of this website session (call tracking). */
  dniSessionId: z.string().max(64).optional(),
});

export const CallSearchQuerySchema = z.object({
  companyId: id,
  q: z.string().trim().max(100).default(''),
  /**
   * The softphone's recent calls: `mine` keeps the caller's own calls (answered or placed) and the company's
   * inbound calls nobody took (missed or voicemail), which any agent may call back.
   */
  scope: z.enum(['all', 'mine']).default('all'),
  page: PageNumberSchema,
  perPage: z.coerce.number().int().min(1).max(200).default(ACTIVITY_PER_PAGE),
});

/** Most tags a call carries, and the longest tag (after trimming). */
export const CALL_TAGS_MAX = 20;
export const CALL_TAG_MAX_LENGTH = 50;
/** The longest call note. */
export const CALL_NOTE_MAX_LENGTH = 5000;
export const CALL_TAGS_LIMIT_MESSAGE = `A call can have at most ${CALL_TAGS_MAX} tags.`;

/**
 * A call's tags as kept: trimmed, without duplicates (compared ignoring case; the first spelling wins), in the
 * order given. Empty tags are refused by the schemas before this runs.
 */
export function normalizeCallTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}

const CallTagSchema = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty.')
  .max(CALL_TAG_MAX_LENGTH, `Use at most ${CALL_TAG_MAX_LENGTH} characters for a tag.`);

/** Tags as sent (at most a few duplicates over the limit are tolerated before normalising). */
const CallTagListSchema = z.array(CallTagSchema).max(CALL_TAGS_MAX * 5, CALL_TAGS_LIMIT_MESSAGE);

const choiceMessage = (what: string, table: CodeTable<number>, extra = '') =>
  `Choose ${what}: ${table.map((entry) => `${entry.value} ${entry.label}`).join(', ')}${extra}.`;

/** What `PATCH /calls/{id}` may change; fields left out keep their value. */
export const CallUpdateSchema = z.strictObject({
  /** Empty or null clears the note. */
  note: z
    .string()
    .trim()
    .max(CALL_NOTE_MAX_LENGTH, `Use at most ${CALL_NOTE_MAX_LENGTH} characters.`)
    .transform((note) => note || null)
    .nullable()
    .optional(),
  /** Replaces the call's tags (normalised by `normalizeCallTags`). */
  tags: CallTagListSchema.transform(normalizeCallTags)
    .pipe(z.array(z.string()).max(CALL_TAGS_MAX, CALL_TAGS_LIMIT_MESSAGE))
    .optional(),
  /** §3 qualification code, or null to clear it. */
  qualification: z
    .literal(valuesOf(CALL_QUALIFICATIONS), {
      message: choiceMessage('a qualification', CALL_QUALIFICATIONS, ', or none'),
    })
    .nullable()
    .optional(),
  /** §3 outcome code. */
  outcome: z
    .literal(valuesOf(CALL_OUTCOMES), { message: choiceMessage('an outcome', CALL_OUTCOMES) })
    .optional(),
  /** Custom values of the call's fields (entity type 6): each replaces that field's value, null removes it;
   * fields not named keep theirs. */
  eavAttributeValues: z.array(CustomValueSchema).max(100).optional(),
});
export type CallUpdate = z.input<typeof CallUpdateSchema>;

/** `POST`/`DELETE /calls/{id}/tags/tags`. */
export const CallTagsBodySchema = z.strictObject({
  tags: CallTagListSchema.min(1, 'Name at least one tag.').transform(normalizeCallTags),
});

export const ACTIVITY_ENDPOINTS = {
  call: endpoint({
    method: 'GET',
    path: '/calls/{id}',
    summary: 'One call: outcome, events, transcription, a signed recording link and custom values.',
    params: z.object({ id }),
    response: CallSchema,
  }),
  searchCalls: endpoint({
    method: 'GET',
    path: '/calls/search',
    summary: `A page of the company’s calls matching a phone number (any format) or a contact’s name. The total is exact up to ${ACTIVITY_EXACT_TOTAL_MAX.toLocaleString('en-US')} rows, else an estimate (total_is_estimate).`,
    query: CallSearchQuerySchema,
    response: estimablePageSchema(CallSchema),
  }),
  updateCall: endpoint({
    method: 'PATCH',
    path: '/calls/{id}',
    summary:
      'Wraps a call up: its note, tags, qualification, outcome and custom values (fields left out are kept). Answers the call.',
    params: z.object({ id }),
    body: CallUpdateSchema,
    response: CallSchema,
  }),
  addCallTags: endpoint({
    method: 'POST',
    path: '/calls/{id}/tags/tags',
    summary: `Adds tags to a call (trimmed; duplicates ignoring case dropped; at most ${CALL_TAGS_MAX} in all). Answers the call.`,
    params: z.object({ id }),
    body: CallTagsBodySchema,
    response: CallSchema,
  }),
  removeCallTags: endpoint({
    method: 'DELETE',
    path: '/calls/{id}/tags/tags',
    summary:
      'Removes tags from a call (matched ignoring case; tags it does not have are ignored). Answers the call.',
    params: z.object({ id }),
    body: CallTagsBodySchema,
    response: CallSchema,
  }),
  converse: endpoint({
    method: 'POST',
    path: '/calls/{id}/converse',
    status: 201,
    summary:
      'Text back: the conversation between the call’s tracked number and its outside party, started when there is none (the number must take texts and the party must have a number).',
    params: z.object({ id }),
    response: z.object({ conversation_id: z.number().int() }),
  }),
  callCallerId: endpoint({
    method: 'GET',
    path: '/calls/{id}/enhanced-caller-id',
    summary:
      'Enhanced caller ID of a call’s outside party (the caller of an inbound call, the number called of an outbound one). Without lookupWhenMissing=1 only a cached answer is given.',
    params: z.object({ id }),
    query: CallerIdLookupQuerySchema,
    response: CallerIdSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/activity',
    summary: `A page of mixed activity (calls, voicemails, messages, faxes), newest first, with filters. The total is exact up to ${ACTIVITY_EXACT_TOTAL_MAX.toLocaleString('en-US')} rows, else an estimate (total_is_estimate).`,
    query: z.object({ companyId: id }),
    body: ActivityQueryBodySchema,
    response: ActivityPageSchema,
  }),
  recording: endpoint({
    method: 'GET',
    path: '/recordings/{kind}/{id}',
    summary: 'A call’s or voicemail’s recording by its short-lived signed URL.',
    params: z.object({ kind: z.enum(['call', 'voicemail']), id }),
    query: SignedUrlQuerySchema,
    response: z.unknown(),
  }),
} as const;

/** The columns each export may have, in their CSV order when all are chosen. */
export const EXPORT_COLUMNS = {
  calls: [
    'started_at',
    'direction',
    'caller',
    'called',
    'number_label',
    'contact',
    'outcome',
    'duration',
    'qualification',
    'source',
    'first_time',
    'agent',
    'tags',
    'note',
  ],
  messages: ['at', 'direction', 'remote', 'number', 'number_label', 'contact', 'text', 'status'],
  fax: ['at', 'direction', 'remote', 'number', 'contact', 'pages', 'status'],
  voicemails: ['at', 'caller', 'number', 'number_label', 'contact', 'duration', 'transcription'],
} as const;
export type ExportKind = keyof typeof EXPORT_COLUMNS;

function exportBody(kind: ExportKind) {
  const allowed: readonly string[] = EXPORT_COLUMNS[kind];
  return z.object({
    companyId: id,
    columns: z
      .array(z.string())
      .min(1)
      .max(allowed.length)
      .refine((columns) => columns.every((column) => allowed.includes(column)), {
        message: `Columns must be among: ${allowed.join(', ')}.`,
      }),
    tz: TimeZoneSchema.default('UTC'),
    filters: ActivityFiltersSchema.default({}),
  });
}

/** §3 Batch "id, progress, finishedAt" of an export. */
export const ExportBatchSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  state: z.enum(['queued', 'running', 'finished', 'failed']),
  progress: z.number(),
  finishedAt: z.string().nullable(),
  total_rows: z.number().int().nullable(),
  processed_rows: z.number().int(),
  message: z.string().nullable(),
});
export type ExportBatch = z.infer<typeof ExportBatchSchema>;

const exportEndpoint = (kind: ExportKind, path: string) =>
  endpoint({
    method: 'POST',
    path,
    status: 202,
    summary: `Starts a CSV export of the company’s ${kind} (chosen columns, times in tz, activity filters).`,
    body: exportBody(kind),
    response: ExportBatchSchema,
  });

export const EXPORT_ENDPOINTS = {
  calls: exportEndpoint('calls', '/calls/export'),
  messages: exportEndpoint('messages', '/messages/export'),
  fax: exportEndpoint('fax', '/fax/export'),
  voicemails: exportEndpoint('voicemails', '/voicemails/export'),
  progress: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/exports/{batchId}',
    summary: 'An export’s progress.',
    params: z.object({ companyId: id, batchId: id }),
    response: ExportBatchSchema,
  }),
  download: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/exports/{batchId}/download',
    summary: 'A finished export’s CSV, as an attachment.',
    params: z.object({ companyId: id, batchId: id }),
    response: z.string(),
  }),
} as const;
