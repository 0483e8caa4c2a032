/**
 * §7 Number templates: `/companies/{companyId}/numberTemplates` (GET, POST, DELETE with numberTemplatesToRemove,
 * GET/PUT by id), and applying one to numbers. A template is a named number configuration — what
 * `PUT /numbers/{id}` sets (the same schemas: routes, greeting, menu, voicemail, after-hours extension, the number's
 * own hours or "follow the company's", SMS, transcription, recording, tags) plus AI extraction, under §5's rule
 * (shared/domain/numberTemplates.ts `applyCallFlags`). Applying writes that configuration onto chosen numbers of
 * the company in one transaction (their labels stay; their tags gain the template's).
 */
import { z } from 'zod';
import {
  TEMPLATE_APPLY_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_NAME_REQUIRED,
  TEMPLATE_REMOVE_MAX,
} from '../domain/numberTemplates';
import { endpoint, IdParamSchema, idNumber } from './contract';
import { NumberDetailSchema, NumberUpdateSchema } from './numbers';

const id = IdParamSchema;

/** The parts of a number's configuration a template holds: `PUT /numbers/{id}`'s own schemas, not copies. */
const TemplateConfigShape = NumberUpdateSchema.pick({
  tags: true,
  routes: true,
  greeting: true,
  menu: true,
  after_hours_extension: true,
  voicemail: true,
  recording_enabled: true,
  call_transcription_enabled: true,
  sms_enabled: true,
  schedule: true,
}).shape;

const TemplateNameSchema = z
  .string({ message: TEMPLATE_NAME_REQUIRED })
  .trim()
  .min(1, TEMPLATE_NAME_REQUIRED)
  .max(TEMPLATE_NAME_MAX, `A name is at most ${TEMPLATE_NAME_MAX} characters.`);

/**
 * A new template: a name (unique in the company) and any part of the configuration; what is not sent takes the
 * default a bought number has (no extensions, no greeting, the company's hours, SMS on, nothing recorded).
 * §5: with `ai_extraction_enabled` on, `recording_enabled` and `call_transcription_enabled` are dropped and on.
 */
export const NumberTemplateCreateSchema = z
  .object({
    name: TemplateNameSchema,
    ...TemplateConfigShape,
    ai_extraction_enabled: z.boolean().optional(),
  })
  .strict();
export type NumberTemplateCreate = z.input<typeof NumberTemplateCreateSchema>;

/** A change: what is sent replaces the template's own; what is not stays. `schedule: null` follows the company's. */
export const NumberTemplateUpdateSchema = NumberTemplateCreateSchema.partial({ name: true });
export type NumberTemplateUpdate = z.input<typeof NumberTemplateUpdateSchema>;

const detail = NumberDetailSchema.shape;

/** A template as the API answers it, with how many of the company's numbers last had it applied. */
export const NumberTemplateSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  tags: detail.tags,
  routes: detail.routes,
  greeting: detail.greeting,
  menu: detail.menu,
  after_hours_extension: detail.after_hours_extension,
  voicemail: detail.voicemail,
  /** Null: numbers it is applied to follow the company's hours. */
  schedule: detail.schedule,
  sms_enabled: z.boolean(),
  call_transcription_enabled: z.boolean(),
  recording_enabled: z.boolean(),
  ai_extraction_enabled: z.boolean(),
  /** The company's numbers whose configuration this template last set. */
  numbers_count: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NumberTemplate = z.infer<typeof NumberTemplateSchema>;

/** Ids that pick what to act on: every one must be the company's, else 404 and nothing happens. */
const pickedIds = (what: string, max: number) =>
  z
    .array(idNumber(), { message: `List the ${what} by id.` })
    .min(1, `Choose at least one ${what.replace(/s$/, '')}.`)
    .max(max, `At most ${max} ${what} at once.`)
    .transform((ids) => [...new Set(ids)]);

export const RemoveTemplatesBodySchema = z
  .object({ numberTemplatesToRemove: pickedIds('templates', TEMPLATE_REMOVE_MAX) })
  .strict();

export const ApplyTemplateBodySchema = z
  .object({ number_ids: pickedIds('numbers', TEMPLATE_APPLY_MAX) })
  .strict();

const MessageSchema = z.object({ message: z.string() });

export const NUMBER_TEMPLATE_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/numberTemplates',
    summary: 'The company’s number templates by name, each with how many numbers last had it applied.',
    params: z.object({ companyId: id }),
    response: z.object({ data: z.array(NumberTemplateSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/numberTemplates',
    status: 201,
    summary:
      'Creates a number template: a name unique in the company and a number configuration (the schemas of PUT /numbers/{id}); §5 AI extraction records and transcribes.',
    params: z.object({ companyId: id }),
    body: NumberTemplateCreateSchema,
    response: NumberTemplateSchema,
  }),
  show: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/numberTemplates/{id}',
    summary: 'One number template of the company.',
    params: z.object({ companyId: id, id }),
    response: NumberTemplateSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/companies/{companyId}/numberTemplates/{id}',
    summary:
      'Changes a number template (what is sent; the rest stays). §5: with AI extraction enabled the record and call transcription flags sent are dropped. Numbers it was applied to keep their configuration until it is applied again.',
    params: z.object({ companyId: id, id }),
    body: NumberTemplateUpdateSchema,
    response: NumberTemplateSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/companies/{companyId}/numberTemplates',
    summary:
      'Deletes the templates listed in `numberTemplatesToRemove` (all the company’s, else 404 and none is deleted); numbers keep their configuration.',
    params: z.object({ companyId: id }),
    body: RemoveTemplatesBodySchema,
    response: MessageSchema.extend({ removed: z.number().int() }),
  }),
  apply: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/numberTemplates/{id}/apply',
    summary: `Applies a template to up to ${TEMPLATE_APPLY_MAX} numbers of the company in one transaction (another company’s number: 404, none changed): routing, greeting, menu, voicemail, hours and switches become the template’s, tags gain its tags, labels stay. Audit-logged.`,
    params: z.object({ companyId: id, id }),
    body: ApplyTemplateBodySchema,
    response: MessageSchema.extend({ updated: z.number().int() }),
  }),
} as const;
