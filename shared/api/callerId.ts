/**
 * §7 Caller ID: enhanced caller information (name, carrier, line type, place) for the outside party of a message,
 * and a lookup of any number. §8: "Enhanced Caller ID could not be retrieved…" (ERROR_MESSAGES.callerIdUnavailable)
 * when the party is withheld or unknown, "No caller information was found…" (callerIdLookupNotFound) when the
 * provider knows nothing of the number; both answer 404.
 */
import { z } from 'zod';
import { endpoint, IdParamSchema } from './contract';

const id = IdParamSchema;

export const CALLER_LINE_TYPES = ['mobile', 'landline', 'voip', 'tollfree', 'unknown'] as const;
export type CallerLineType = (typeof CALLER_LINE_TYPES)[number];

export const CallerIdSchema = z.object({
  /** E.164. */
  number: z.string(),
  name: z.string().nullable(),
  carrier: z.string().nullable(),
  line_type: z.enum(CALLER_LINE_TYPES),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** When the provider answered (cached answers keep their first time). */
  looked_up_at: z.string(),
});
export type CallerId = z.infer<typeof CallerIdSchema>;

/** The query of a caller ID read: without lookupWhenMissing=1 only a cached answer is given. */
export const CallerIdLookupQuerySchema = z.object({
  lookupWhenMissing: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

export const CALLER_ID_ENDPOINTS = {
  forMessage: endpoint({
    method: 'GET',
    path: '/messages/{id}/enhanced-caller-id',
    summary:
      'Enhanced caller ID of the outside party of a conversation item (the sender of an inbound one, the recipient of an outbound one). Without lookupWhenMissing=1 only a cached answer is given.',
    params: z.object({ id }),
    query: CallerIdLookupQuerySchema,
    response: CallerIdSchema,
  }),
  lookup: endpoint({
    method: 'POST',
    path: '/company/{companyId}/trestle/lookup',
    summary: 'Looks a number up with the caller ID provider (cached per company and number).',
    params: z.object({ companyId: id }),
    body: z.strictObject({ number: z.string().trim().min(1, 'Enter a number.').max(40) }),
    response: CallerIdSchema,
  }),
} as const;
