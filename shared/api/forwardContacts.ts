/**
 * §7 Numbers, `forward-contacts (GET, POST, PUT/DELETE by id, /stats, /{id}/usage)`: the company's forwarding
 * numbers — the people and phones its calls are forwarded to — each a name, a number (E.164, §5), the §3 Forward
 * entry's international flag and a note, the number unique in the company. Which routes forward to one is read
 * from the numbers' routing (a route stores the number, not the entry). §8 'The forwarding number has been added to
 * the list of forwarding numbers' / 'has been updated'.
 *
 * And `GET /companies/{companyId}/extension-suggestions` (§9 "extension suggestions 10" a page): the extensions
 * already set up on the company's numbers, one per label and configuration, to copy onto another number.
 *
 * The company is named as the numbers area names it (numberPurchase.ts): `company_id` in the query of a list and
 * in the body of a create; an entry by id is its own company's.
 */
import { z } from 'zod';
import { FORWARD_TYPES } from '../domain/extensions';
import {
  FORWARD_CONTACT_NAME_MAX,
  FORWARD_CONTACT_NOTE_MAX,
  isKnownCountry,
  FORWARD_CONTACT_MESSAGES as M,
  readForwardNumber,
} from '../domain/forwardContacts';
import { DEFAULT_COUNTRY, PAGE_SIZES } from '../domain/limits';
import { endpoint, enumOf, IdParamSchema, idNumber, PageNumberSchema } from './contract';
import { GreetingRefSchema, ROUND_ROBIN_MODES } from './numbers';
import { pagedSchema } from './paged';

const id = IdParamSchema;

/** Forwarding numbers per page unless asked otherwise. */
export const FORWARD_CONTACTS_PER_PAGE = 50;
/** The most one page holds (the routing editor's suggestions take one page of them all). */
export const FORWARD_CONTACTS_PER_PAGE_MAX = 500;
/** §9 "extension suggestions 10". */
export const EXTENSION_SUGGESTIONS_PER_PAGE = PAGE_SIZES.extensionSuggestions;

/** §3 Forward entry in the company's list, as the API answers it. */
export const ForwardContactSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  /** E.164. */
  number: z.string(),
  /** §3 Forward entry `usingIntNumber`: the number is outside the +1 countries. */
  usingIntNumber: z.boolean(),
  note: z.string(),
  /** How many routes (a number's extension) forward to it. */
  used_by_routes: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ForwardContact = z.infer<typeof ForwardContactSchema>;

const CountrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isKnownCountry, { message: M.country })
  .default(DEFAULT_COUNTRY);

/**
 * A forwarding number as sent: `number` in any form people write (read in `country`, §9 "Default country US",
 * retried with +1 per §5) and stored as E.164; an international number needs `usingIntNumber: true`. PUT sends the
 * whole entry, as POST does.
 */
const entryFields = {
  name: z
    .string({ message: M.nameRequired })
    .trim()
    .min(1, { message: M.nameRequired })
    .max(FORWARD_CONTACT_NAME_MAX, { message: M.nameTooLong }),
  number: z.string({ message: M.numberRequired }).max(50, { message: M.numberInvalid }),
  usingIntNumber: z.boolean().default(false),
  country: CountrySchema,
  note: z.string().trim().max(FORWARD_CONTACT_NOTE_MAX, { message: M.noteTooLong }).default(''),
};

type EntryFields = { number: string; usingIntNumber: boolean; country: string };

function readingOf(entry: EntryFields) {
  return readForwardNumber(entry.number, entry);
}

/**
 * The number (§5) read under the entry's flag and country; a refusal is the `number` field's. It is judged even
 * when another field is refused too (`when`), so every field's message comes back at once.
 */
function checkNumber(entry: EntryFields, context: z.RefinementCtx) {
  const reading = readingOf(entry);
  if (!reading.ok) context.addIssue({ code: 'custom', path: ['number'], message: reading.message });
}
const numberIsText = {
  when: (payload: { value: unknown }) =>
    typeof (payload.value as { number?: unknown } | null)?.number === 'string',
};

/** The entry as stored: the number as E.164, international as the number is. */
function withReadNumber<T extends EntryFields>(entry: T) {
  const reading = readingOf(entry);
  return reading.ok ? { ...entry, number: reading.number, usingIntNumber: reading.international } : entry;
}

export const ForwardContactInputSchema = z
  .object(entryFields)
  .strict()
  .superRefine(checkNumber, numberIsText)
  .transform(withReadNumber);
export type ForwardContactInput = z.input<typeof ForwardContactInputSchema>;

export const ForwardContactCreateSchema = z
  .object({ company_id: idNumber(), ...entryFields })
  .strict()
  .superRefine(checkNumber, numberIsText)
  .transform(withReadNumber);
export type ForwardContactCreate = z.input<typeof ForwardContactCreateSchema>;

export const ForwardContactListQuerySchema = z
  .object({
    company_id: id,
    page: PageNumberSchema,
    perPage: z.coerce
      .number()
      .int()
      .min(1)
      .max(FORWARD_CONTACTS_PER_PAGE_MAX)
      .default(FORWARD_CONTACTS_PER_PAGE),
    /** Over the name, the note and the number (digits: `(312) 555-01` finds +1312555010x). */
    search: z.string().trim().max(100).optional(),
    /**
     * §5 "Forwarding-number search defaults to one result and a default country": the one entry with this number,
     * read in `country` (default US, §9), as a page of at most one.
     */
    number: z.string().trim().min(1).max(50).optional(),
    country: CountrySchema,
  })
  .transform((query, context) => {
    if (query.number === undefined) return { ...query, number: undefined };
    const reading = readForwardNumber(query.number, { usingIntNumber: true, country: query.country });
    if (!reading.ok) {
      context.addIssue({ code: 'custom', path: ['number'], message: reading.message });
      return z.NEVER;
    }
    return { ...query, number: reading.number };
  });

/** A route (a number's extension) that forwards to an entry. */
export const ForwardUsageSchema = z.object({
  number_id: z.number().int(),
  /** The tracked number, E.164. */
  number: z.string(),
  number_label: z.string(),
  extension: z.number().int(),
  /** The extension's label. */
  label: z.string(),
  type: enumOf(FORWARD_TYPES),
});
export type ForwardUsage = z.infer<typeof ForwardUsageSchema>;

export const ForwardContactStatsSchema = z.object({
  total: z.number().int().min(0),
  /** Entries at least one route forwards to. */
  used: z.number().int().min(0),
  unused: z.number().int().min(0),
});
export type ForwardContactStats = z.infer<typeof ForwardContactStatsSchema>;

/** The 409 of a delete refused because routes still forward to the entry: each route in words. */
export const FORWARD_CONTACT_IN_USE_FIELD = 'used_by';

const SavedSchema = z.object({ message: z.string(), forward_contact: ForwardContactSchema });

/* ------------------------------------------- extension suggestions ------------------------------------------ */

/** An extension's configuration, as a number stores it (§3 Routing entry with its Default extension config). */
export const SuggestedRouteSchema = z.object({
  label: z.string(),
  type: enumOf(FORWARD_TYPES),
  forwards: z.array(z.object({ number: z.string(), state: z.string().nullable() })),
  /** The agents an in-app calling extension rings (user ids). */
  members: z.array(z.number().int()),
  stagger: z.boolean(),
  caller_id_pass_thru: z.boolean(),
  confirm_key: z.boolean(),
  confirm_key_wait: z.number().int(),
  timeout: z.number().int(),
  onhold_music_id: z.number().int().nullable(),
  geo_by_state_enabled: z.boolean(),
  geo_by_state_static_fallback: z.boolean(),
  confirm_whisper: z.string(),
  email_alert_address: z.string(),
  voicemail_enabled: z.boolean(),
  round_robin: z.enum(ROUND_ROBIN_MODES),
  voicemail_greeting: GreetingRefSchema.nullable(),
});
export type SuggestedRoute = z.infer<typeof SuggestedRouteSchema>;

export const ExtensionSuggestionSchema = z.object({
  /** The same label and configuration always has the same key. */
  key: z.string(),
  route: SuggestedRouteSchema,
  /** Where it is set up now: each number and the extension key there. */
  used_on: z.array(
    z.object({
      number_id: z.number().int(),
      number: z.string(),
      number_label: z.string(),
      extension: z.number().int(),
    }),
  ),
});
export type ExtensionSuggestion = z.infer<typeof ExtensionSuggestionSchema>;

export const FORWARD_CONTACT_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/forward-contacts',
    summary:
      'A page of the company’s forwarding numbers (by name), searchable over name, note and number, each with how many routes forward to it; `number` finds the one entry with that number.',
    query: ForwardContactListQuerySchema,
    response: pagedSchema(ForwardContactSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/forward-contacts',
    status: 201,
    summary:
      'Adds a forwarding number (§5 checked, E.164; international only with usingIntNumber; unique in the company). Answers §8’s message.',
    body: ForwardContactCreateSchema,
    response: SavedSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/forward-contacts/{id}',
    summary:
      'Changes a forwarding number (the whole entry). Routes keep the number they store. Answers §8’s message.',
    params: z.object({ id }),
    body: ForwardContactInputSchema,
    response: SavedSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/forward-contacts/{id}',
    summary:
      'Removes a forwarding number no route forwards to; 409 naming each route that still does (change those first).',
    params: z.object({ id }),
    response: null,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/forward-contacts/stats',
    summary: 'How many forwarding numbers the company has, how many a route forwards to, and how many none.',
    query: z.object({ company_id: id }),
    response: ForwardContactStatsSchema,
  }),
  usage: endpoint({
    method: 'GET',
    path: '/forward-contacts/{id}/usage',
    summary:
      'The routes (number and extension) that forward to a forwarding number, from the numbers’ routing.',
    params: z.object({ id }),
    response: z.object({ forward_contact: ForwardContactSchema, data: z.array(ForwardUsageSchema) }),
  }),
} as const;

export const EXTENSION_SUGGESTION_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/extension-suggestions',
    summary: `The extensions set up on the company’s numbers, one per label and configuration, by label; \`q\` searches the label. ${EXTENSION_SUGGESTIONS_PER_PAGE} a page (§9).`,
    params: z.object({ companyId: id }),
    query: z.object({
      q: z.string().trim().max(100).optional(),
      page: PageNumberSchema,
      perPage: z.coerce.number().int().min(1).max(100).default(EXTENSION_SUGGESTIONS_PER_PAGE),
    }),
    response: pagedSchema(ExtensionSuggestionSchema),
  }),
} as const;
