/**
 * A company's hours schedule (§3 Hours schedule, §4 presets): the flat settings the API and the routing engine
 * use, stored as one row per company; a company without a row has the default 24/7 in UTC.
 */
import type { StoredSchedule } from '@shared/api/numbers';
import { defaultScheduleSettings, type SchedulePreset, WEEKDAYS } from '@shared/domain/schedule';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { schedules } from '../../../../db/schema';

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
