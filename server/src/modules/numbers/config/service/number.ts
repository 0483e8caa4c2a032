/**
 * A number's routing configuration (§3 Number, Routing entry, Default extension config; §7 `GET /numbers/list/{id}`,
 * `PUT /numbers/{id}`) and the company's triggers (`PUT /companies/{companyId}/triggers`): reading, the checks
 * that need the whole number, and saving.
 */

import type { NumberDetail, NumberUpdateSchema, TriggersBodySchema } from '@shared/api/numbers';
import { ENTITY_TYPES } from '@shared/domain/customFields';
import { extensionKeyLabel, normalizeRoutes } from '@shared/domain/extensions';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../../db/client';
import { companyOfNumber } from '../../../../db/companyOf';
import { liveNumber, numbers, numberTriggers } from '../../../../db/schema';
import type { AppContext } from '../../../../http/context';
import { invalid, notFound } from '../../../../lib/errors';
import { checkValuesOrThrow, loadFieldRules, readValues, writeValues } from '../../../customFields/values';
import { type NumberRow, numberDetailView, type TriggerRow } from '../view';
import { companySchedule } from './schedule';

type Update = z.output<typeof NumberUpdateSchema>;
type TriggersBody = z.output<typeof TriggersBodySchema>;

/** The company a number belongs to (null: no such number, or released), for the route wrapper. */
export { companyOfNumber };

/** The number, when it is one of the company's. */
export async function numberOfCompany(db: Db, companyId: number, id: number): Promise<NumberRow | undefined> {
  const [row] = await db
    .select()
    .from(numbers)
    .where(and(eq(numbers.id, id), eq(numbers.company_id, companyId), liveNumber));
  return row;
}

/** The number as §7 answers it: with its triggers, its routing type read against the schedule it follows. */
export async function numberDetail(db: Db, row: NumberRow): Promise<NumberDetail> {
  const triggers = await db
    .select()
    .from(numberTriggers)
    .where(eq(numberTriggers.number_id, row.id))
    .orderBy(asc(numberTriggers.id));
  const effective = row.schedule ?? (await companySchedule(db, row.company_id));
  const custom = await readValues(db, ENTITY_TYPES.number, [row.id]);
  return numberDetailView(row, triggers, effective, custom.get(row.id) ?? []);
}

/** One number of the company with its configuration (404 for none). */
export async function getNumberConfig(ctx: AppContext, companyId: number, id: number): Promise<NumberDetail> {
  const row = await numberOfCompany(ctx.db, companyId, id);
  if (!row) throw notFound('number');
  return numberDetail(ctx.db, row);
}

/**
 * The checks of a configuration that need the whole number: the menu's default and the after-hours extension are
 * extensions of the number. Answers the per-field messages (empty: fine), with paths as sent.
 */
export function configurationErrors(
  current: Pick<NumberRow, 'routes' | 'menu' | 'after_hours_extension'>,
  update: Update,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, text: string) => {
    errors[field] = [...(errors[field] ?? []), text];
  };
  // In-app members (routes.N.members) are the company's active members: references, checked before the handler
  // runs (http/references.ts), like every id in a body.
  const routes = update.routes ?? current.routes;
  const extensions = new Set(routes.map((route) => route.extension ?? 1));
  const notAnExtension = (extension: number) =>
    `Extension ${extensionKeyLabel(extension)} is not one of this number’s extensions.`;
  const menuDefault = (update.menu ?? current.menu).default_extension;
  if (menuDefault != null && !extensions.has(menuDefault))
    add('menu.default_extension', notAnExtension(menuDefault));
  const afterHours =
    update.after_hours_extension !== undefined ? update.after_hours_extension : current.after_hours_extension;
  if (afterHours != null && !extensions.has(afterHours))
    add('after_hours_extension', notAnExtension(afterHours));
  return errors;
}

/** The update as the row's columns (routes sorted by extension, §3). */
export function updateValues(update: Update): Partial<typeof numbers.$inferInsert> {
  const values: Partial<typeof numbers.$inferInsert> = {};
  if (update.label !== undefined) values.label = update.label;
  if (update.tags !== undefined) values.tags = update.tags;
  if (update.routes !== undefined) values.routes = normalizeRoutes(update.routes);
  if (update.greeting !== undefined) values.greeting = update.greeting;
  if (update.menu !== undefined) values.menu = update.menu;
  if (update.after_hours_extension !== undefined) values.after_hours_extension = update.after_hours_extension;
  if (update.voicemail !== undefined) values.voicemail = update.voicemail;
  if (update.recording_enabled !== undefined) values.recording_enabled = update.recording_enabled;
  if (update.call_transcription_enabled !== undefined)
    values.call_transcription_enabled = update.call_transcription_enabled;
  if (update.sms_enabled !== undefined) values.sms_enabled = update.sms_enabled;
  if (update.schedule !== undefined) values.schedule = update.schedule;
  return values;
}

/** Changes one number of the company (404 for none, 422 with per-field messages); answers it as it is now. */
export async function updateNumberConfig(
  ctx: AppContext,
  companyId: number,
  id: number,
  update: Update,
): Promise<NumberDetail> {
  const row = await numberOfCompany(ctx.db, companyId, id);
  if (!row) throw notFound('number');
  const errors = configurationErrors(row, update);
  if (Object.keys(errors).length) throw invalid(errors);
  const custom = update.eavAttributeValues
    ? checkValuesOrThrow(
        await loadFieldRules(ctx.db, companyId, ENTITY_TYPES.number),
        update.eavAttributeValues,
      )
    : [];
  const values = updateValues(update);
  const updated = await ctx.db.transaction(async (tx) => {
    if (custom.length)
      await writeValues(tx, { companyId, entityType: ENTITY_TYPES.number }, [
        { entityId: row.id, values: custom },
      ]);
    if (!Object.keys(values).length && !custom.length) return row;
    const [changed] = await tx
      .update(numbers)
      .set({ ...values, updated_at: new Date() })
      .where(eq(numbers.id, row.id))
      .returning();
    return changed ?? row;
  });
  return numberDetail(ctx.db, updated);
}

/**
 * Removes and upserts the company's triggers in one transaction; answers all of them. Every trigger and number id
 * in the body is the company's: checked before this runs (http/references.ts).
 */
export async function saveTriggers(
  ctx: AppContext,
  companyId: number,
  body: TriggersBody,
): Promise<TriggerRow[]> {
  await ctx.db.transaction(async (tx) => {
    if (body.remove.length) await tx.delete(numberTriggers).where(inArray(numberTriggers.id, body.remove));
    for (const { id, ...trigger } of body.upsert) {
      if (id) {
        await tx
          .update(numberTriggers)
          .set({ ...trigger, updated_at: new Date() })
          .where(eq(numberTriggers.id, id));
      } else {
        await tx.insert(numberTriggers).values({ ...trigger, company_id: companyId });
      }
    }
  });
  return ctx.db
    .select()
    .from(numberTriggers)
    .where(eq(numberTriggers.company_id, companyId))
    .orderBy(asc(numberTriggers.id));
}
