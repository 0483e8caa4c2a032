/** §7 Custom fields: entity types, attributes with their choices, usage counts and overrides (§3 Custom field). */
import { z } from 'zod';
import { CUSTOM_FIELD_DATA_TYPES, CUSTOM_FIELD_ENTITY_TYPES } from '../domain/customFields';
import { endpoint, enumOf, IdParamSchema, idNumber, PageNumberSchema } from './contract';

const id = IdParamSchema;
const companyQuery = z.object({ companyId: id });
const entityType = z.coerce
  .number()
  .int()
  .refine((value) => CUSTOM_FIELD_ENTITY_TYPES.some((type) => type.value === value), {
    message: `Entity type must be one of ${CUSTOM_FIELD_ENTITY_TYPES.map((type) => type.value).join(', ')}.`,
  });

export const CustomFieldChoiceSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  sort_order: z.number().int(),
  description: z.string().nullable(),
});

export const CustomFieldSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  entity_type: z.number().int(),
  name: z.string(),
  /** A stable machine name derived from the name (`Lead score` → `lead_score`), unique per entity type. */
  key: z.string(),
  data_type: enumOf(CUSTOM_FIELD_DATA_TYPES),
  description: z.string().nullable(),
  required: z.boolean(),
  /** The value a record has when it sets none; records whose value differs are its overrides. */
  default_value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  sort_order: z.number().int(),
  choices: z.array(CustomFieldChoiceSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomField = z.infer<typeof CustomFieldSchema>;

const ChoiceInputSchema = z.strictObject({
  /** Present to keep an existing choice (and the values that use it); absent for a new one. */
  id: idNumber().optional(),
  value: z.string().trim().min(1, 'Enter the choice.').max(100, 'Use at most 100 characters.'),
  sort_order: z.number().int().min(0).optional(),
  description: z.string().trim().max(300).nullable().optional(),
});

export const CustomFieldInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the field.').max(100, 'Use at most 100 characters.'),
  data_type: enumOf(CUSTOM_FIELD_DATA_TYPES),
  description: z.string().trim().max(500).nullable().optional(),
  required: z.boolean().optional(),
  default_value: z.union([z.string(), z.number(), z.boolean()]).nullable().optional(),
  sort_order: z.number().int().min(0).optional(),
  choices: z.array(ChoiceInputSchema).max(200).optional(),
});
export type CustomFieldInput = z.input<typeof CustomFieldInputSchema>;

export const CUSTOM_FIELD_ENDPOINTS = {
  entityTypes: endpoint({
    method: 'GET',
    path: '/eavEntityTypes',
    summary: 'The kinds of record that carry custom fields (§3 entity types).',
    response: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  list: endpoint({
    method: 'GET',
    path: '/eavAttributes',
    summary: 'A company’s custom fields, optionally of one entity type.',
    query: companyQuery.extend({ entityType: entityType.optional() }),
    response: z.array(CustomFieldSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/eavEntityTypes/{type}/eavAttributes',
    status: 201,
    summary: 'Creates a custom field on an entity type.',
    params: z.object({ type: entityType }),
    query: companyQuery,
    body: CustomFieldInputSchema,
    response: CustomFieldSchema,
    replay: { record: 'customField' },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/eavEntityTypes/{type}/eavAttributes/{id}',
    summary:
      'Changes a custom field; its data type cannot change once records carry values. Choices sent with their id are kept (a renamed choice renames its values), new ones created; choices left out are deleted, and so are the values that used them.',
    params: z.object({ type: entityType, id }),
    body: CustomFieldInputSchema,
    response: CustomFieldSchema,
    replay: { record: 'customField' },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/eavAttributes/{id}',
    summary: 'Deletes a custom field and every value of it.',
    params: z.object({ id }),
    response: null,
    replay: { record: 'customField' },
  }),
  countStats: endpoint({
    method: 'GET',
    path: '/eavAttributes/{id}/countStats',
    summary: 'How many records carry the field, and how many each value (choice fields: each choice).',
    params: z.object({ id }),
    response: z.object({
      attribute_id: z.number().int(),
      entities: z.number().int(),
      with_value: z.number().int(),
      values: z.array(
        z.object({ value: z.union([z.string(), z.number(), z.boolean()]), count: z.number().int() }),
      ),
    }),
  }),
  overrides: endpoint({
    method: 'GET',
    path: '/eavAttributes/{id}/overrides',
    summary: 'The records whose value of the field differs from its default.',
    params: z.object({ id }),
    query: z.object({
      page: PageNumberSchema,
      perPage: z.coerce.number().int().min(1).max(500).default(50),
    }),
    response: z.object({
      data: z.array(
        z.object({
          entity_type: z.number().int(),
          entity_id: z.number().int(),
          entity_name: z.string(),
          value: z.union([z.string(), z.number(), z.boolean()]),
        }),
      ),
      total: z.number().int(),
    }),
  }),
} as const;
