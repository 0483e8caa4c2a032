/**
 * A number's routing configuration as stored and as answered (§3 Number, Routing entry, Default extension
 * config; §7 `GET /numbers/list/{id}`, `PUT /numbers/{id}`), the company's schedule (§3 Hours schedule, §4
 * presets) and the checks that need the database (members of the company, extensions that exist).
 */
import type {
  NumberDetail,
  NumberUpdateSchema,
  ScheduleView,
  StoredRoute,
  StoredSchedule,
  Trigger,
} from '@shared/api/numbers';
import { deriveRoutingType, extensionKeyLabel, normalizeRoutes } from '@shared/domain/extensions';
import type { NumberType } from '@shared/domain/numbers';
import {
  defaultScheduleSettings,
  type SchedulePreset,
  scheduleLabel,
  WEEKDAYS,
} from '@shared/domain/schedule';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { memberships, numbers, numberTriggers, schedules } from '../../db/schema';

export type NumberRow = typeof numbers.$inferSelect;
type ScheduleRow = typeof schedules.$inferSelect;

/** §3 "Default preset is 24/7"; a company without a stored schedule has it, in UTC. */
export function defaultSchedule(): StoredSchedule {
  return { ...defaultScheduleSettings('UTC'), voicemail: false, blocks: [] };
}

/** A stored company schedule row as the flat §3 settings. */
export function scheduleFromRow(row: ScheduleRow | undefined): StoredSchedule {
  if (!row) return defaultSchedule();
  const base = defaultSchedule();
  const hours = Object.fromEntries(
    WEEKDAYS.flatMap((day) => [
      [`${day}_open_hour`, row.hours[`${day}_open_hour`] ?? null],
      [`${day}_close_hour`, row.hours[`${day}_close_hour`] ?? null],
    ]),
  );
  return {
    ...base,
    ...hours,
    preset: row.preset as SchedulePreset,
    timezone: row.timezone,
    voicemail: row.voicemail,
    blocks: row.blocks,
  };
}

/** The flat settings as a row's columns. */
export function scheduleToRow(schedule: StoredSchedule): Omit<ScheduleRow, 'company_id' | 'updated_at'> {
  return {
    preset: schedule.preset,
    timezone: schedule.timezone,
    hours: Object.fromEntries(
      WEEKDAYS.flatMap((day) => [
        [`${day}_open_hour`, schedule[`${day}_open_hour`]],
        [`${day}_close_hour`, schedule[`${day}_close_hour`]],
      ]),
    ),
    voicemail: schedule.voicemail,
    blocks: schedule.blocks.map((block) => ({ ...block, timezone: block.timezone ?? null })),
  };
}

export function scheduleView(schedule: StoredSchedule): ScheduleView {
  return {
    ...schedule,
    blocks: schedule.blocks.map((block) => ({ ...block, timezone: block.timezone ?? null })),
    label: scheduleLabel(schedule.preset, schedule.voicemail),
  };
}

export async function companySchedule(db: Db, companyId: number): Promise<StoredSchedule> {
  const [row] = await db.select().from(schedules).where(eq(schedules.company_id, companyId));
  return scheduleFromRow(row);
}

export async function saveCompanySchedule(
  db: Db,
  companyId: number,
  schedule: StoredSchedule,
): Promise<void> {
  const values = scheduleToRow(schedule);
  await db
    .insert(schedules)
    .values({ company_id: companyId, ...values })
    .onConflictDoUpdate({ target: schedules.company_id, set: { ...values, updated_at: new Date() } });
}

export function triggerView(row: typeof numberTriggers.$inferSelect): Trigger {
  return {
    id: row.id,
    number_id: row.number_id,
    event: row.event as Trigger['event'],
    action: row.action as Trigger['action'],
    target: row.target,
  };
}

/** §3 routing type: the first extension's own type, or (standard) derived from its forwards and the schedule. */
export function routingTypeOf(
  routes: readonly StoredRoute[],
  schedule: StoredSchedule,
): NumberDetail['routing_type'] {
  const first = routes[0];
  const derived = deriveRoutingType({
    forwardCount: first?.forwards.length ?? 0,
    stagger: first?.stagger ?? false,
    schedulePreset: schedule.preset,
    voicemail: schedule.voicemail,
  });
  if (derived === 'voicemail' || !first || first.type === 'standard') return derived;
  return first.type;
}

export async function numberDetail(db: Db, row: NumberRow): Promise<NumberDetail> {
  const triggers = await db
    .select()
    .from(numberTriggers)
    .where(eq(numberTriggers.number_id, row.id))
    .orderBy(asc(numberTriggers.id));
  const effective = row.schedule ?? (await companySchedule(db, row.company_id));
  return {
    id: row.id,
    company_id: row.company_id,
    number: row.number,
    label: row.label,
    tags: row.tags,
    type: row.type as NumberType,
    sms_enabled: row.sms_enabled,
    call_transcription_enabled: row.call_transcription_enabled,
    recording_enabled: row.recording_enabled,
    routing_type: routingTypeOf(row.routes, effective),
    routes: row.routes,
    greeting: row.greeting ?? null,
    menu: row.menu,
    after_hours_extension: row.after_hours_extension,
    voicemail: row.voicemail,
    schedule: row.schedule ? scheduleView(row.schedule) : null,
    triggers: triggers.map(triggerView),
  };
}

/** The number, when it is one of the company's. */
export async function numberOfCompany(db: Db, companyId: number, id: number): Promise<NumberRow | undefined> {
  const [row] = await db
    .select()
    .from(numbers)
    .where(and(eq(numbers.id, id), eq(numbers.company_id, companyId)));
  return row;
}

/** The active members of a company among `userIds` (a deactivated member is no member). */
export async function companyMembers(
  db: Db,
  companyId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: memberships.user_id })
    .from(memberships)
    .where(
      and(
        eq(memberships.company_id, companyId),
        inArray(memberships.user_id, [...userIds]),
        ne(memberships.role, 'deactivated'),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

type Update = z.output<typeof NumberUpdateSchema>;

/**
 * The checks of a configuration that need the whole number: the menu's default and the after-hours extension are
 * extensions of the number. Answers the
 * per-field messages (empty: fine), with paths as sent.
 */
export async function configurationErrors(
  _db: Db,
  _companyId: number,
  current: NumberRow,
  update: Update,
): Promise<Record<string, string[]>> {
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
