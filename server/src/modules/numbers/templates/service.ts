/**
 * Number templates (§7 `/companies/{companyId}/numberTemplates`): listing with how many numbers use each, creating
 * and changing under §5's AI-extraction rule (shared/domain/numberTemplates.ts `applyCallFlags`), deleting a
 * selection, and applying one to numbers of the company in one transaction, audit-logged.
 */
import {
  type ApplyTemplateBodySchema,
  type NumberTemplate,
  NumberTemplateCreateSchema,
  type NumberTemplateUpdateSchema,
} from '@shared/api/numberTemplates';
import { normalizeRoutes } from '@shared/domain/extensions';
import { applyCallFlags, mergeTemplateTags, TEMPLATE_NAME_TAKEN } from '@shared/domain/numberTemplates';
import { and, asc, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { auditLog, liveNumber, numbers, numberTemplates } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { foreignReferences } from '../../../http/references';
import { invalid, notFound } from '../../../lib/errors';
import { isUniqueViolation } from '../../contacts/service/checks';
import { configurationErrors } from '../config/service/number';
import { type TemplateRow, templateView } from './view';

type Create = z.output<typeof NumberTemplateCreateSchema>;
type Update = z.output<typeof NumberTemplateUpdateSchema>;
type Apply = z.output<typeof ApplyTemplateBodySchema>;

/** Who applies a template, for the audit log. */
export interface TemplateActor {
  userId: number;
  impersonatorId: number | null;
}

/** Per template of the company: how many of its live numbers last had it applied. */
async function usage(db: Db, companyId: number, ids?: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ template: numbers.number_template_id, count: count() })
    .from(numbers)
    .where(
      and(
        eq(numbers.company_id, companyId),
        liveNumber,
        ids ? inArray(numbers.number_template_id, [...ids]) : isNotNull(numbers.number_template_id),
      ),
    )
    .groupBy(numbers.number_template_id);
  return new Map(rows.map((row) => [row.template ?? 0, Number(row.count)]));
}

async function answer(db: Db, row: TemplateRow): Promise<NumberTemplate> {
  return templateView(row, (await usage(db, row.company_id, [row.id])).get(row.id) ?? 0);
}

/** The company's templates by name, each with its use. */
export async function listTemplates(ctx: AppContext, companyId: number): Promise<NumberTemplate[]> {
  const [rows, used] = await Promise.all([
    ctx.db
      .select()
      .from(numberTemplates)
      .where(eq(numberTemplates.company_id, companyId))
      .orderBy(sql`lower(${numberTemplates.name})`, asc(numberTemplates.id)),
    usage(ctx.db, companyId),
  ]);
  return rows.map((row) => templateView(row, used.get(row.id) ?? 0));
}

async function templateOf(db: Db, companyId: number, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(numberTemplates)
    .where(and(eq(numberTemplates.id, id), eq(numberTemplates.company_id, companyId)));
  return row;
}

/** One template of the company (404 for none, or another company's). */
export async function getTemplate(ctx: AppContext, companyId: number, id: number): Promise<NumberTemplate> {
  const row = await templateOf(ctx.db, companyId, id);
  if (!row) throw notFound('template');
  return answer(ctx.db, row);
}

/** Whether another template of the company has this name (ignoring case). */
async function nameTaken(db: Db, companyId: number, name: string, except?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: numberTemplates.id })
    .from(numberTemplates)
    .where(
      and(
        eq(numberTemplates.company_id, companyId),
        sql`lower(${numberTemplates.name}) = lower(${name})`,
        except === undefined ? undefined : ne(numberTemplates.id, except),
      ),
    )
    .limit(1);
  return !!row;
}

/** What a template starts from before a create: a bought number's configuration (no extensions, SMS on). */
const STARTING: Pick<TemplateRow, 'routes' | 'menu' | 'after_hours_extension'> = {
  routes: [],
  menu: {},
  after_hours_extension: null,
};

/**
 * The checks that need the whole template (per field, 422): its name is free in the company, and the menu's
 * default and the after-hours extension are extensions of its routes (the number page's own check).
 */
async function checkTemplate(
  db: Db,
  companyId: number,
  current: TemplateRow | null,
  change: Update,
): Promise<void> {
  const errors = configurationErrors(current ?? STARTING, change);
  if (change.name !== undefined && (await nameTaken(db, companyId, change.name, current?.id)))
    errors.name = [TEMPLATE_NAME_TAKEN];
  if (Object.keys(errors).length) throw invalid(errors);
}

/** The change as the row's columns, §5 applied to the three flags. */
function templateValues(
  change: Update,
  current: TemplateRow | null,
): Partial<typeof numberTemplates.$inferInsert> {
  const values: Partial<typeof numberTemplates.$inferInsert> = {};
  if (change.name !== undefined) values.name = change.name;
  if (change.tags !== undefined) values.tags = [...new Set(change.tags)];
  if (change.routes !== undefined) values.routes = normalizeRoutes(change.routes);
  if (change.greeting !== undefined) values.greeting = change.greeting;
  if (change.menu !== undefined) values.menu = change.menu;
  if (change.after_hours_extension !== undefined) values.after_hours_extension = change.after_hours_extension;
  if (change.voicemail !== undefined) values.voicemail = change.voicemail;
  if (change.schedule !== undefined) values.schedule = change.schedule;
  if (change.sms_enabled !== undefined) values.sms_enabled = change.sms_enabled;
  // §5: "Updating a number template with AI extraction enabled drops the record and call transcription flags."
  const { flags } = applyCallFlags(current, {
    ai_extraction_enabled: change.ai_extraction_enabled,
    recording_enabled: change.recording_enabled,
    call_transcription_enabled: change.call_transcription_enabled,
  });
  return { ...values, ...flags };
}

/** A unique-name race lost to another request answers like the check. */
async function orNameTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ name: [TEMPLATE_NAME_TAKEN] });
    throw error;
  }
}

export async function createTemplate(
  ctx: AppContext,
  companyId: number,
  body: Create,
): Promise<NumberTemplate> {
  await checkTemplate(ctx.db, companyId, null, body);
  const now = ctx.now();
  const [row] = await orNameTaken(
    ctx.db
      .insert(numberTemplates)
      .values({
        ...templateValues(body, null),
        name: body.name,
        company_id: companyId,
        created_at: now,
        updated_at: now,
      })
      .returning(),
  );
  if (!row) throw new Error('the template was not added');
  return templateView(row, 0);
}

/** Changes what is sent (404 for another company's template, 422 per field). */
export async function updateTemplate(
  ctx: AppContext,
  companyId: number,
  id: number,
  change: Update,
): Promise<NumberTemplate> {
  const row = await templateOf(ctx.db, companyId, id);
  if (!row) throw notFound('template');
  await checkTemplate(ctx.db, companyId, row, change);
  const [updated] = await orNameTaken(
    ctx.db
      .update(numberTemplates)
      .set({ ...templateValues(change, row), updated_at: ctx.now() })
      .where(eq(numberTemplates.id, row.id))
      .returning(),
  );
  return answer(ctx.db, updated ?? row);
}

/**
 * Deletes the listed templates, all of them the company's (else 404 and none is deleted); the numbers that had one
 * keep their configuration and forget the template. Answers how many went.
 */
export async function removeTemplates(
  ctx: AppContext,
  companyId: number,
  ids: readonly number[],
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: numberTemplates.id })
      .from(numberTemplates)
      .where(and(eq(numberTemplates.company_id, companyId), inArray(numberTemplates.id, [...ids])))
      .for('update');
    if (found.length !== ids.length) throw notFound('template');
    await tx
      .update(numbers)
      .set({ number_template_id: null })
      .where(and(eq(numbers.company_id, companyId), inArray(numbers.number_template_id, [...ids])));
    await tx.delete(numberTemplates).where(inArray(numberTemplates.id, [...ids]));
    return found.length;
  });
}

/** The template as a body, so its references (greetings, members) can be checked again as of now. */
function asBody(row: TemplateRow): Create {
  return {
    name: row.name,
    tags: row.tags,
    routes: row.routes,
    greeting: row.greeting,
    menu: row.menu,
    after_hours_extension: row.after_hours_extension,
    voicemail: row.voicemail,
    schedule: row.schedule,
    sms_enabled: row.sms_enabled,
    call_transcription_enabled: row.call_transcription_enabled,
    recording_enabled: row.recording_enabled,
    ai_extraction_enabled: row.ai_extraction_enabled,
  };
}

/**
 * Applies the template to the listed numbers in one transaction: each must be a live number of the company, else
 * 404 and none is changed. Their routing, greeting, menu, voicemail, hours and switches become the template's
 * (the routing engine reads them from the number on the next call), their tags gain the template's, their labels
 * stay, and each remembers the template. A greeting or member the template names that is no longer the company's
 * is refused (422) rather than written onto the numbers. Audit-logged; answers how many numbers changed.
 */
export async function applyTemplate(
  ctx: AppContext,
  companyId: number,
  id: number,
  body: Apply,
  actor: TemplateActor,
): Promise<number> {
  const template = await templateOf(ctx.db, companyId, id);
  if (!template) throw notFound('template');
  const stale = await foreignReferences(ctx, companyId, NumberTemplateCreateSchema, asBody(template));
  if (Object.keys(stale).length)
    throw invalid(
      stale,
      'This template names a greeting or member that is no longer the company’s: edit the template first.',
    );
  const ids = body.number_ids;
  return ctx.db.transaction(async (tx) => {
    const targets = await tx
      .select({ id: numbers.id, tags: numbers.tags })
      .from(numbers)
      .where(and(eq(numbers.company_id, companyId), liveNumber, inArray(numbers.id, ids)))
      .for('update');
    if (targets.length !== ids.length) throw notFound('number');
    const now = ctx.now();
    await tx
      .update(numbers)
      .set({
        routes: template.routes,
        greeting: template.greeting,
        menu: template.menu,
        after_hours_extension: template.after_hours_extension,
        voicemail: template.voicemail,
        schedule: template.schedule,
        sms_enabled: template.sms_enabled,
        call_transcription_enabled: template.call_transcription_enabled,
        recording_enabled: template.recording_enabled,
        number_template_id: template.id,
        updated_at: now,
      })
      .where(inArray(numbers.id, ids));
    for (const target of targets) {
      const tags = mergeTemplateTags(target.tags, template.tags);
      if (tags.length !== target.tags.length)
        await tx.update(numbers).set({ tags }).where(eq(numbers.id, target.id));
    }
    await tx.insert(auditLog).values({
      actor_id: actor.userId,
      impersonator_id: actor.impersonatorId,
      company_id: companyId,
      action: 'number-template-applied',
      detail: {
        template_id: template.id,
        template_name: template.name,
        number_ids: [...ids].sort((a, b) => a - b),
        ai_extraction_enabled: template.ai_extraction_enabled,
      },
      created_at: now,
    });
    return targets.length;
  });
}
