/**
 * §7 "POST /message (multipart), or /inbox/message/schedule when shouldBeSentAt is present", the cancel of a
 * scheduled message, and the signed media URLs items carry (`GET /media/{itemId}/{index}`).
 *
 * Both sends are multipart: the fields first (`conversationId`, or `numberId` + `to`; `text`; `shouldBeSentAt`),
 * then up to MEDIA_MAX_FILES files named `media[]`. A request without files may also be sent as JSON.
 * The company is the `companyId` query parameter, as for every create.
 */
import { z } from 'zod';
import { endpoint, IdParamSchema } from './contract';
import { ConversationItemSchema } from './conversations';

const id = IdParamSchema;

/** At most this many attachments per message (MMS). */
export const MEDIA_MAX_FILES = 5;
/** Each attachment at most this large (carriers refuse larger MMS parts). */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** The attachment types a message may carry (declared type; the server also checks the file's first bytes). */
export const MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'audio/mpeg',
  'audio/mp4',
  'audio/ogg',
  'audio/wav',
  'audio/x-wav',
  'audio/amr',
  'audio/aac',
  'video/mp4',
  'application/pdf',
  'text/vcard',
  'text/x-vcard',
] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** How far ahead a message may be scheduled. */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

const optionalId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  id.optional(),
);

/** Where a text goes and what it says: the conversation it answers, or the number it is sent from and to. */
const messageFields = {
  conversationId: optionalId,
  numberId: optionalId,
  to: z.string().trim().optional(),
  text: z
    .string()
    .optional()
    .transform((text) => text ?? ''),
};

/** A text that answers no conversation needs the number to send from and the number to send to. */
function requireRecipient(
  value: { conversationId?: number; numberId?: number; to?: string },
  issue: z.RefinementCtx,
): void {
  if (value.conversationId) return;
  if (!value.numberId)
    issue.addIssue({
      code: 'custom',
      path: ['numberId'],
      message: 'Choose the number to send from (or the conversation to answer).',
    });
  if (!value.to) issue.addIssue({ code: 'custom', path: ['to'], message: 'Enter the number to send to.' });
}

/** The fields of a send (multipart fields or JSON). Media come as files, not here. */
export const SendMessageFieldsSchema = z.object(messageFields).superRefine(requireRecipient);
export type SendMessageFields = z.input<typeof SendMessageFieldsSchema>;

export const ScheduleMessageFieldsSchema = z
  .object({
    ...messageFields,
    shouldBeSentAt: z.iso.datetime({
      offset: true,
      message: 'Give the time to send as an ISO date and time (2026-05-01T09:30:00Z).',
    }),
  })
  .superRefine(requireRecipient);
export type ScheduleMessageFields = z.input<typeof ScheduleMessageFieldsSchema>;

const companyQuery = z.object({ companyId: id });

export const MESSAGING_ENDPOINTS = {
  send: endpoint({
    method: 'POST',
    path: '/message',
    status: 201,
    summary:
      'Sends a text now: SMS, or MMS with `media[]` files (up to 5, 5 MB each). Multipart: fields (conversationId, or numberId and to; text) before the files. Refused for an unsubscribed contact. `Idempotency-Key` makes a retry send once.',
    query: companyQuery,
    multipart: true,
    response: ConversationItemSchema,
    // A text without files waits on the device while offline and is sent once (renderer features/inbox/outbox.ts).
    replay: { record: 'message' },
  }),
  schedule: endpoint({
    method: 'POST',
    path: '/inbox/message/schedule',
    status: 201,
    summary:
      'Schedules a text for `shouldBeSentAt` (in the future, within a year): the same fields and files as POST /message. A job sends it at its time, once.',
    query: companyQuery,
    multipart: true,
    response: ConversationItemSchema,
  }),
  cancelSchedule: endpoint({
    method: 'DELETE',
    path: '/inbox/message/schedule/{id}',
    summary: 'Cancels a scheduled message that has not been sent yet (409 once it has).',
    params: z.object({ id }),
    response: null,
  }),
} as const;

export const MEDIA_ENDPOINTS = {
  get: endpoint({
    method: 'GET',
    path: '/media/{itemId}/{index}',
    summary:
      'An attachment of a conversation item, by the short-lived signed URL the item carries (no sign-in needed; 403 when expired or not valid).',
    params: z.object({ itemId: id, index: z.coerce.number().int().min(0) }),
    query: z.object({
      company: IdParamSchema,
      expires: z.coerce.number().int(),
      sig: z.string(),
    }),
    response: z.string(),
  }),
} as const;
