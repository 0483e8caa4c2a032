/**
 * §7 Favorite reports (`GET, POST /favorite-reports`; `PUT, DELETE /favorite-reports/{id}`) and §7 Column presets
 * (`GET, POST /column-presets`; `GET, PUT, DELETE /column-presets/{id}`): what a person saved of a report or a
 * table. Both belong to a user in a company; a column preset may be shared with the company by its owner.
 *
 * §3 "Favorite report: id, value (serialized text, parsed on read)": `value` travels as the text it was saved as
 * (the client serialises the report's grouping and filters); the server keeps it as given, and answers it parsed
 * too (`parsed`, null when it is not JSON) so a reader never parses it twice. §4 "Favorite report edits and
 * deletes are optimistic"; §8 names their messages (FLASH_MESSAGES.favoriteAdded/Updated/Removed).
 */
import { z } from 'zod';
import { endpoint, IdParamSchema, idNumber } from './contract';

const id = IdParamSchema;

/** The longest favorite's value (serialised) and name. */
export const FAVORITE_VALUE_MAX = 10_000;
export const FAVORITE_NAME_MAX = 100;
/** How many favorites (and presets per table) a person may keep. */
export const FAVORITES_MAX = 100;

export const FavoriteReportSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  /** As saved: serialised text. */
  value: z.string(),
  /** `value` parsed (JSON), or null when it is not JSON. */
  parsed: z.unknown().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FavoriteReport = z.infer<typeof FavoriteReportSchema>;

const FavoriteNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the report.')
  .max(FAVORITE_NAME_MAX, `Use at most ${FAVORITE_NAME_MAX} characters.`);
const FavoriteValueSchema = z
  .string()
  .min(1, 'The report has nothing to save.')
  .max(FAVORITE_VALUE_MAX, `A saved report is at most ${FAVORITE_VALUE_MAX} characters.`);

export const FavoriteReportCreateSchema = z.strictObject({
  company_id: idNumber(),
  name: FavoriteNameSchema,
  value: FavoriteValueSchema,
});
export const FavoriteReportUpdateSchema = z.strictObject({
  name: FavoriteNameSchema.optional(),
  value: FavoriteValueSchema.optional(),
});

/* ------------------------------------------------ column presets ------------------------------------------ */

export const COLUMN_PRESET_NAME_MAX = 60;

/** A table's id as `DataTable` names it (`numbers`, `activity`, `analytics`…). */
const TableIdSchema = z
  .string()
  .trim()
  .regex(
    /^[a-z][a-z0-9_.-]{0,59}$/,
    'A table id is lower-case letters, digits, dots, dashes or underscores.',
  );

export const ColumnPresetSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  table: z.string(),
  name: z.string(),
  /** Column ids, in the order shown; columns not listed are hidden. */
  columns: z.array(z.string()),
  /** Seen by everyone of the company (only its owner may change or delete it). */
  shared: z.boolean(),
  /** The caller made it (and so may change it). */
  mine: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  updated_at: z.string(),
});
export type ColumnPreset = z.infer<typeof ColumnPresetSchema>;

const PresetColumnsSchema = z
  .array(z.string().trim().min(1).max(60))
  .min(1, 'Keep at least one column.')
  .max(100);
const PresetNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the column set.')
  .max(COLUMN_PRESET_NAME_MAX, `Use at most ${COLUMN_PRESET_NAME_MAX} characters.`);

export const ColumnPresetCreateSchema = z.strictObject({
  company_id: idNumber(),
  table: TableIdSchema,
  name: PresetNameSchema,
  columns: PresetColumnsSchema,
  shared: z.boolean().default(false),
});
export const ColumnPresetUpdateSchema = z.strictObject({
  name: PresetNameSchema.optional(),
  columns: PresetColumnsSchema.optional(),
  shared: z.boolean().optional(),
});

export const COLUMN_PRESET_MESSAGES = {
  duplicateName: 'You already have a column set with this name for this table.',
  saved: 'Column set saved.',
  deleted: 'Column set deleted.',
} as const;

export const FAVORITE_REPORT_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/favorite-reports',
    summary: 'The caller’s favorite reports in a company, by name.',
    query: z.object({ company_id: id }),
    response: z.array(FavoriteReportSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/favorite-reports',
    status: 201,
    summary: 'Saves a report as a favorite.',
    body: FavoriteReportCreateSchema,
    response: FavoriteReportSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/favorite-reports/{id}',
    summary: 'Renames a favorite or replaces what it saves.',
    params: z.object({ id }),
    body: FavoriteReportUpdateSchema,
    response: FavoriteReportSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/favorite-reports/{id}',
    summary: 'Deletes a favorite.',
    params: z.object({ id }),
    response: null,
  }),
} as const;

export const COLUMN_PRESET_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/column-presets',
    summary: 'The caller’s column sets and those shared in the company, of one table or all.',
    query: z.object({ company_id: id, table: TableIdSchema.optional() }),
    response: z.array(ColumnPresetSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/column-presets',
    status: 201,
    summary: 'Saves a column set for a table.',
    body: ColumnPresetCreateSchema,
    response: ColumnPresetSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/column-presets/{id}',
    summary: 'One column set (the caller’s own or a shared one).',
    params: z.object({ id }),
    response: ColumnPresetSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/column-presets/{id}',
    summary: 'Changes the caller’s own column set.',
    params: z.object({ id }),
    body: ColumnPresetUpdateSchema,
    response: ColumnPresetSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/column-presets/{id}',
    summary: 'Deletes the caller’s own column set.',
    params: z.object({ id }),
    response: null,
  }),
} as const;
