/**
 * §7 Numbers, a number's life after it is bought: releasing one (`POST /numbers/{id}/remove`) or many
 * (`POST /numbers/remove-bulk`, a batch with `batch.release-numbers.progress` / `.completed` on the company's
 * channel), keeping one after all (`POST /numbers/{id}/restore`, the undo of a release), §4's activation rule over
 * the company's numbers (`PUT /v1/numbers`), and swapping a number for a fresh one in its area code
 * (`POST /numbers/{id}/rotate`). A released number is inactive until its removal date (§9 30 days) — it still takes
 * calls and texts, and can be kept — and then the removal job gives it back to the carrier.
 */
import { z } from 'zod';
import { NUMBER_STATUSES } from '../domain/numbers';
import { endpoint, enumOf, IdParamSchema, idNumber } from './contract';

const id = IdParamSchema;

/** Numbers one bulk release takes at most. */
export const BULK_RELEASE_MAX = 500;

export const NUMBER_LIFECYCLE_MESSAGES = {
  chooseNumbers: 'Choose at least one number.',
  notCompanys: (ids: readonly number[]) => `These numbers are not the company’s: ${ids.join(', ')}.`,
  alreadyInactive: 'This number is already being released.',
  released: 'This number was released and is no longer the company’s.',
  noReplacement: (areaCode: string) =>
    `No new number is available in area code ${areaCode} right now; try again later.`,
  faxRotate: 'Fax numbers cannot be rotated.',
} as const;

/** A number's place in its life: §4 active, or inactive with the date it will be removed. */
export const NumberStateSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: enumOf(NUMBER_STATUSES),
  /** ISO 8601; null while active. */
  remove_at: z.string().nullable(),
});
export type NumberState = z.infer<typeof NumberStateSchema>;

/** A bulk release as it runs: how far, and each number that could not be released with the reason. */
export const ReleaseBatchSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  state: z.enum(['queued', 'running', 'finished', 'failed']),
  total: z.number().int(),
  released: z.number().int(),
  failed: z.array(z.object({ number_id: z.number().int(), number: z.string(), reason: z.string() })),
  /** Percent done, one decimal. */
  progress: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReleaseBatch = z.infer<typeof ReleaseBatchSchema>;

export const NUMBER_LIFECYCLE_ENDPOINTS = {
  remove: endpoint({
    method: 'POST',
    path: '/numbers/{id}/remove',
    summary:
      'Releases the number: inactive now, given back to the carrier after §9’s 30 days unless kept (audit-logged).',
    params: z.object({ id }),
    response: NumberStateSchema,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/numbers/{id}/restore',
    summary: 'Keeps a number that is being released: active again, its removal date cleared (audit-logged).',
    params: z.object({ id }),
    response: NumberStateSchema,
  }),
  removeBulk: endpoint({
    method: 'POST',
    path: '/numbers/remove-bulk',
    status: 202,
    summary: `Releases up to ${BULK_RELEASE_MAX} numbers in the background, each as /numbers/{id}/remove does; progress on the company channel, each number that cannot be released named with the reason.`,
    body: z.object({
      company_id: idNumber(),
      number_ids: z
        .array(idNumber())
        .min(1, NUMBER_LIFECYCLE_MESSAGES.chooseNumbers)
        .max(BULK_RELEASE_MAX, `Release at most ${BULK_RELEASE_MAX} numbers at once.`),
    }),
    response: ReleaseBatchSchema,
  }),
  removeBulkStatus: endpoint({
    method: 'GET',
    path: '/numbers/remove-bulk/{id}',
    summary: 'A bulk release as it stands.',
    params: z.object({ id }),
    response: ReleaseBatchSchema,
  }),
  activate: endpoint({
    method: 'PUT',
    path: '/v1/numbers',
    summary:
      '§4 number activation over the company’s numbers: the chosen become active with their removal date cleared; the others inactive, removed 30 days ahead.',
    body: z.object({ company_id: idNumber(), numbers: z.array(idNumber()).max(10_000) }),
    response: z.object({ data: z.array(NumberStateSchema) }),
  }),
  rotate: endpoint({
    method: 'POST',
    path: '/numbers/{id}/rotate',
    summary:
      'Swaps the number for a fresh one in the same area code (toll-free: any toll-free code), keeping its routing, settings and history; the old one goes back to the carrier (audit-logged).',
    params: z.object({ id }),
    response: z.object({ id: z.number().int(), number: z.string(), previous: z.string() }),
  }),
} as const;
