/**
 * §7 Notifications: a user silences one or more channels of alerts for some of the company's tracked numbers
 * (`notificationBlocks`), and reads their unread counts by channel, in all and per number.
 *
 * Counts (for the caller, in one company; a channel the caller blocked on a number does not count that number):
 * - messages: the sum of the unread counts of the conversations on the number (archived ones included, as the
 *   numbers list counts them);
 * - voicemails: voicemails on the number nobody has listened to;
 * - calls: missed calls (outcome 2) to the number in the last 24 hours;
 * - faxes: faxes received on the number in the last 24 hours.
 */
import { z } from 'zod';
import { endpoint, IdParamSchema } from './contract';

const id = IdParamSchema;

export const NOTIFICATION_CHANNELS = ['calls', 'messages', 'voicemails', 'faxes'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How far back missed calls and received faxes count as unseen. */
export const NOTIFICATION_RECENT_HOURS = 24;

const NumberIdListSchema = z.array(id).min(1, 'Choose at least one number.').max(1000);
const ChannelListSchema = z
  .array(z.enum(NOTIFICATION_CHANNELS, { message: `Channels are: ${NOTIFICATION_CHANNELS.join(', ')}.` }))
  .min(1, 'Choose at least one channel.');

/** The fields a body may name its numbers with: ours, and §7's "number_id or number_ids". */
export const NOTIFICATION_NUMBER_FIELDS = ['numbers', 'number_ids', 'number_id'] as const;
/** The fields a body may name its channels with: ours, and §7's `channel_types`. */
export const NOTIFICATION_CHANNEL_FIELDS = ['channels', 'channel_types'] as const;

/**
 * `{ numbers, channels }`, or as §7 spells them, `number_id` (one number) or `number_ids`, and `channel_types`
 * (the same channel names). One spelling of each; answered as `{ numbers, channels }` with `numbers_field`, the
 * spelling the numbers came in (so a number refused later is reported on the field the client sent).
 */
export const NotificationBlocksBodySchema = z
  .strictObject({
    numbers: NumberIdListSchema.optional(),
    number_ids: NumberIdListSchema.optional(),
    number_id: id.optional(),
    channels: ChannelListSchema.optional(),
    channel_types: ChannelListSchema.optional(),
  })
  .superRefine((body, context) => {
    const spellings: [readonly string[], string, string][] = [
      [NOTIFICATION_NUMBER_FIELDS, 'Choose at least one number.', 'numbers, number_ids or number_id'],
      [NOTIFICATION_CHANNEL_FIELDS, 'Choose at least one channel.', 'channels or channel_types'],
    ];
    for (const [fields, missing, choices] of spellings) {
      const sent = fields.filter((field) => body[field as keyof typeof body] !== undefined);
      if (!sent.length) context.addIssue({ code: 'custom', path: [fields[0] as string], message: missing });
      for (const extra of sent.slice(1)) {
        context.addIssue({
          code: 'custom',
          path: [extra],
          message: `Send these once, as one of ${choices}.`,
        });
      }
    }
  })
  .transform((body) => ({
    numbers: body.numbers ?? body.number_ids ?? (body.number_id === undefined ? [] : [body.number_id]),
    channels: body.channels ?? body.channel_types ?? [],
    numbers_field: NOTIFICATION_NUMBER_FIELDS.find((field) => body[field] !== undefined) ?? 'numbers',
  }));

export const NotificationBlockSchema = z.object({
  number_id: z.number().int(),
  channel: z.enum(NOTIFICATION_CHANNELS),
});
export type NotificationBlock = z.infer<typeof NotificationBlockSchema>;

export const NotificationCountsSchema = z.object({
  calls: z.number().int().min(0),
  messages: z.number().int().min(0),
  voicemails: z.number().int().min(0),
  faxes: z.number().int().min(0),
});
export type NotificationCounts = z.infer<typeof NotificationCountsSchema>;

export const NumberNotificationCountsSchema = NotificationCountsSchema.extend({
  number_id: z.number().int(),
});
export type NumberNotificationCounts = z.infer<typeof NumberNotificationCountsSchema>;

const blocksResponse = z.object({ data: z.array(NotificationBlockSchema) });

export const NOTIFICATION_ENDPOINTS = {
  block: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/notificationBlocks',
    summary:
      'Silences the given channels on the given numbers of the company, for the caller. Answers all of the caller’s blocks.',
    params: z.object({ companyId: id }),
    body: NotificationBlocksBodySchema,
    response: blocksResponse,
  }),
  unblock: endpoint({
    method: 'DELETE',
    path: '/companies/{companyId}/notificationBlocks',
    summary: 'Lifts the caller’s blocks of the given channels on the given numbers. Answers the blocks left.',
    params: z.object({ companyId: id }),
    body: NotificationBlocksBodySchema,
    response: blocksResponse,
  }),
  list: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/notificationBlocks',
    summary: 'The caller’s notification blocks in the company.',
    params: z.object({ companyId: id }),
    response: blocksResponse,
  }),
  counts: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/notificationCounts',
    summary: 'The caller’s unseen counts by channel, leaving out what they blocked.',
    params: z.object({ companyId: id }),
    response: NotificationCountsSchema,
  }),
  countsByNumber: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/notificationCountsByNumber',
    summary:
      'The caller’s unseen counts by channel for each number of the company (blocked channels count 0).',
    params: z.object({ companyId: id }),
    response: z.object({ data: z.array(NumberNotificationCountsSchema) }),
  }),
} as const;
