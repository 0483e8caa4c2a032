/**
 * §7 Campaigns: the list (paged 13, filter, sort), one campaign, create and change (multipart: `media[]` files
 * with the fields; a change is `POST /campaigns/{id}` with `_method=PATCH`), delete (soft; a sending campaign is
 * cancelled), pause and resume, the events list (one row per recipient, paged 10), and the pre-send summary the
 * editor shows. Realtime: `campaigns.updated` on the company's campaigns channel carries the campaign as below.
 */
import { z } from 'zod';
import { CAMPAIGN_EVENT_FILTERS, RECIPIENT_STATES, SKIP_REASONS } from '../domain/campaignSending';
import { CAMPAIGN_DISPLAY_STATES, CAMPAIGN_STATES, DEFAULT_UNSUBSCRIBE_TEXT } from '../domain/campaigns';
import { PAGE_SIZES } from '../domain/limits';
import { endpoint, enumOf, IdParamSchema, PageNumberSchema, reference } from './contract';
import { MediaSchema } from './conversations';
import { MEDIA_MAX_FILES } from './messaging';
import { pagedSchema } from './paged';

const id = IdParamSchema;

export const DynamicFieldSchema = z.object({
  name: z.string().trim().min(1).max(40),
  tag: z
    .string()
    .trim()
    .regex(/^%%[A-Za-z _]{1,40}%%$/, 'A field is written in double percent signs, e.g. %%first_name%%.'),
  length: z.number().int().min(1).max(100),
});

export const CampaignGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active_count: z.number().int(),
  invalid_count: z.number().int(),
  unsubscriber_count: z.number().int(),
});

/** §3 Campaign, with the counts the engine keeps and the target groups when `include=groups`. */
export const CampaignSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  company_id: z.number().int(),
  type: z.literal('sms'),
  title: z.string(),
  text: z.string(),
  unsubscribe_text: z.string(),
  should_be_sent_at: z.string().nullable(),
  state: enumOf(CAMPAIGN_STATES),
  /** §4's display state at the time of the answer (the renderer recomputes it as time passes). */
  display_state: enumOf(CAMPAIGN_DISPLAY_STATES),
  sent_count: z.number().int(),
  delivered_count: z.number().int(),
  undelivered_count: z.number().int(),
  failed_count: z.number().int(),
  skipped_count: z.number().int(),
  responded_count: z.number().int(),
  unsubscriber_count: z.number().int(),
  /** Recipients in the ledger (0 before the send starts) and how many of them are still waiting. */
  recipient_count: z.number().int(),
  pending_count: z.number().int(),
  number_id: z.number().int().nullable(),
  number: z.object({ id: z.number().int(), number: z.string(), label: z.string() }).nullable(),
  /** Recipients who will be sent to, and the credits that costs (segments × recipients), as of the last save. */
  preview_count: z.number().int(),
  preview_credits: z.number().int(),
  /** When the send began; null before. */
  started: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Why it paused itself or failed; null otherwise. */
  state_reason: z.string().nullable(),
  media: z.array(MediaSchema),
  dynamic_fields: z.array(DynamicFieldSchema),
  skip_inbox: z.boolean(),
  /** The group ids, first the target (§3). */
  group_ids: z.array(z.number().int()),
  groups: z.array(CampaignGroupSchema).optional(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CAMPAIGN_SORTS = ['created_at', 'title', 'should_be_sent_at', 'sent_count', 'state'] as const;

const blankIsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
const flag = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean(),
);
const fieldList = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return [];
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed.startsWith('[')) {
        try {
          return JSON.parse(trimmed);
        } catch {
          return value;
        }
      }
      return [value];
    }
    return value;
  }, z.array(item));

export const CAMPAIGN_FIELD_MESSAGES = {
  title: 'Add a title (at most 200 characters).',
  state: 'Save as draft (state draft) or schedule/send (state queued).',
  time: 'Enter the delivery time as a date and time.',
} as const;

/**
 * The fields of `POST /campaigns` and `POST /campaigns/{id}` (multipart fields are strings: `groups[]` repeats,
 * `skip_inbox` is "true"/"false", `dynamic_fields` is JSON; a JSON body may send the same as values). Whether
 * the campaign may be saved in that state (§5 sendability, the number and groups being the company's) is the
 * server's to say, per field.
 */
export const CampaignFieldsSchema = z.object({
  _method: z.preprocess(blankIsAbsent, z.enum(['PATCH', 'patch']).optional()),
  company_id: z.preprocess(blankIsAbsent, id.optional()),
  type: z.preprocess(blankIsAbsent, z.literal('sms').optional()),
  title: z.string().trim().max(200, CAMPAIGN_FIELD_MESSAGES.title).optional(),
  text: z.string().optional(),
  unsubscribe_text: z.string().optional(),
  skip_inbox: z.preprocess(blankIsAbsent, flag.optional()),
  groups: fieldList(id).optional(),
  should_be_sent_at: z.preprocess(
    (value) => (value === '' ? null : value),
    z.iso.datetime({ offset: true, message: CAMPAIGN_FIELD_MESSAGES.time }).nullable().optional(),
  ),
  state: z.preprocess(blankIsAbsent, z.enum(['draft', 'queued'], CAMPAIGN_FIELD_MESSAGES.state).optional()),
  /** Blank (a multipart field left empty) is "not given"; JSON `null` clears the number. */
  number_id: z.preprocess((value) => (value === '' ? undefined : value), id.nullable().optional()),
  dynamic_fields: fieldList(DynamicFieldSchema).optional(),
  /** On a change: attachments already on the campaign to keep (their index in `media`); unlisted ones go. */
  keep_media: fieldList(z.coerce.number().int().min(0)).optional(),
  include: z.string().optional(),
});
export type CampaignFields = z.input<typeof CampaignFieldsSchema>;

/** §7 "GET /campaigns/{id}/events": one row per recipient. */
export const CampaignEventSchema = z.object({
  id: z.number().int(),
  contact: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  number: z.string(),
  state: enumOf(RECIPIENT_STATES),
  skip_reason: enumOf(SKIP_REASONS).nullable(),
  error_code: z.string().nullable(),
  /** When they may be texted (their texting hours) while waiting; null otherwise. */
  not_before: z.string().nullable(),
  sent_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  responded_at: z.string().nullable(),
  reply: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  /** The inbox conversation with them (null when the campaign skipped the inbox or nothing was sent). */
  conversation_id: z.number().int().nullable(),
});
export type CampaignEvent = z.infer<typeof CampaignEventSchema>;

/** The editor's pre-send summary: who will get it, who not and why, what it costs and how long it takes. */
export const CampaignPreviewBodySchema = z.object({
  groups: z.array(reference('group')).max(1, 'A campaign is sent to one group.').default([]),
  number_id: reference('number').nullable().optional(),
  text: z.string().max(10_000).default(''),
  unsubscribe_text: z.string().max(10_000).default(DEFAULT_UNSUBSCRIBE_TEXT),
  has_media: z.boolean().default(false),
  should_be_sent_at: z.iso.datetime({ offset: true }).nullable().optional(),
  dynamic_fields: z.array(DynamicFieldSchema).optional(),
});
export type CampaignPreviewBody = z.input<typeof CampaignPreviewBodySchema>;

export const CampaignPreviewSchema = z.object({
  /** Members of the group, and who of them will be sent to. */
  members: z.number().int(),
  recipients: z.number().int(),
  skipped: z.array(z.object({ reason: enumOf(SKIP_REASONS), count: z.number().int() })),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  /** Characters outside GSM-7 that make the text UCS-2 (70 characters a segment instead of 160). */
  ucs2_characters: z.array(z.string()),
  /** Segments of the longest text (fields at their budget), and the credits: segments × recipients. */
  segments: z.number().int(),
  credits: z.number().int(),
  /** Sends per second from the chosen number and its daily cap. */
  per_second: z.number(),
  per_day: z.number().int().nullable(),
  /** Seconds the whole send takes at that pace (quiet-hour waits not counted). */
  duration_seconds: z.number().int(),
  /** Recipients grouped by when their texting hours let them be sent to, from the start time. */
  waves: z.array(z.object({ at: z.string(), count: z.number().int(), now: z.boolean() })),
  /** A real recipient's text with the fields filled in (the first who will be sent to). */
  sample: z.object({ name: z.string(), number: z.string(), body: z.string() }).nullable(),
});
export type CampaignPreview = z.infer<typeof CampaignPreviewSchema>;

const MessageSchema = z.object({ message: z.string() });
const includeQuery = z.object({ include: z.string().optional() });

export const CAMPAIGN_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/campaigns',
    summary: `A company’s campaigns, newest first by default, ${PAGE_SIZES.campaigns} to a page; \`filter\` is a display state, \`search\` matches the title; \`include=groups\` adds the groups.`,
    query: z.object({
      company_id: id,
      page: PageNumberSchema,
      size: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.campaigns),
      include: z.string().optional(),
      filter: z.preprocess(
        blankIsAbsent,
        z.union([enumOf(CAMPAIGN_DISPLAY_STATES), z.literal('all')]).optional(),
      ),
      search: z.string().trim().max(100).optional(),
      sort: z.enum(CAMPAIGN_SORTS).default('created_at'),
      dir: z.enum(['asc', 'desc']).default('desc'),
    }),
    response: pagedSchema(CampaignSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/campaigns/{id}',
    summary: 'One campaign with its live counts (`include=groups` adds the groups).',
    params: z.object({ id }),
    query: includeQuery,
    response: CampaignSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/campaigns',
    status: 201,
    summary: `Creates a campaign. Multipart: the fields of CampaignFieldsSchema and up to ${MEDIA_MAX_FILES} \`media[]\` files (MMS). State \`draft\` needs a title; \`queued\` needs §5’s sendability and is sent at \`should_be_sent_at\` (or now).`,
    query: z.object({ company_id: id }),
    multipart: true,
    response: CampaignSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/campaigns/{id}',
    summary:
      'Changes a draft or scheduled campaign (`_method=PATCH`; multipart like create). A campaign that has started sending can only be paused, resumed or cancelled.',
    params: z.object({ id }),
    multipart: true,
    response: CampaignSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/campaigns/{id}',
    summary:
      'Deletes a campaign (kept with deleted_at). A campaign sending is cancelled first: no new text goes out, and the answer says so (§8).',
    params: z.object({ id }),
    response: MessageSchema,
  }),
  pause: endpoint({
    method: 'POST',
    path: '/campaigns/{id}/pause',
    summary: 'Pauses a scheduled or sending campaign: no new text goes out within a second.',
    params: z.object({ id }),
    response: CampaignSchema,
  }),
  resume: endpoint({
    method: 'POST',
    path: '/campaigns/{id}/resume',
    summary: 'Resumes a paused campaign where it stopped (or at its time, if that is still ahead).',
    params: z.object({ id }),
    response: CampaignSchema,
  }),
  events: endpoint({
    method: 'GET',
    path: '/campaigns/{id}/events',
    summary: `One row per recipient with their delivery state, error, reply and unsubscribe, ${PAGE_SIZES.campaignEvents} to a page; \`search\` matches name or number, \`status\` filters.`,
    params: z.object({ id }),
    query: z.object({
      search: z.string().trim().max(100).optional(),
      status: z.preprocess(blankIsAbsent, enumOf(CAMPAIGN_EVENT_FILTERS).default('all')),
      page: PageNumberSchema,
      size: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.campaignEvents),
    }),
    response: pagedSchema(CampaignEventSchema),
  }),
  preview: endpoint({
    method: 'POST',
    path: '/campaigns/preview',
    summary:
      'The pre-send summary of a campaign being edited: recipients, skipped by reason, encoding and segments, credits, texting-hour waves and how long it takes at the number’s pace. Changes nothing.',
    query: z.object({ company_id: id }),
    body: CampaignPreviewBodySchema,
    response: CampaignPreviewSchema,
  }),
  media: endpoint({
    method: 'GET',
    path: '/campaigns/{id}/media/{index}',
    summary:
      'An attachment of a campaign, by the short-lived signed URL the campaign carries (no sign-in needed; 403 when expired or not valid).',
    params: z.object({
      id,
      index: z.coerce
        .number()
        .int()
        .min(0)
        .max(MEDIA_MAX_FILES - 1),
    }),
    query: z.object({
      company: IdParamSchema,
      expires: z.coerce.number().int(),
      sig: z.string(),
    }),
    response: z.string(),
  }),
} as const;

/** §8 "Your request to cancel this campaign has been received…" and what a plain delete answers. */
export const CAMPAIGN_MESSAGES = {
  cancelled:
    'Your request to cancel this campaign has been received. It can take a few minutes to be processed.',
  deleted: 'Campaign deleted.',
} as const;
