/**
 * A number's configuration as the API answers it (§7 `GET /numbers/list/{id}`, `PUT /numbers/{id}`): the stored
 * row with its triggers, its routing type (§3) and its own schedule, and the company schedule as §3 shows it.
 */
import type {
  NumberDetail,
  ScheduleView,
  StoredRoute,
  StoredSchedule,
  TrackedNumber,
  Trigger,
} from '@shared/api/numbers';
import { deriveRoutingType } from '@shared/domain/extensions';
import type { NumberType } from '@shared/domain/numbers';
import { scheduleLabel } from '@shared/domain/schedule';
import type { numbers, numberTriggers } from '../../../db/schema';

export type NumberRow = typeof numbers.$inferSelect;
export type TriggerRow = typeof numberTriggers.$inferSelect;

/** What every view of a tracked number shows: the list's row and the configuration alike. */
export function numberBasics(
  row: NumberRow,
): Omit<TrackedNumber, 'unread_messages_count' | 'hasNotificationBlocks'> {
  return {
    id: row.id,
    number: row.number,
    label: row.label,
    tags: row.tags,
    type: row.type as NumberType,
    sms_enabled: row.sms_enabled,
    call_transcription_enabled: row.call_transcription_enabled,
    status: row.status,
    remove_at: row.remove_at?.toISOString() ?? null,
  };
}

export function scheduleView(schedule: StoredSchedule): ScheduleView {
  return {
    ...schedule,
    blocks: schedule.blocks.map((block) => ({ ...block, timezone: block.timezone ?? null })),
    label: scheduleLabel(schedule.preset, schedule.voicemail),
  };
}

export function triggerView(row: TriggerRow): Trigger {
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

/** The number with its triggers; `effective` is the schedule it follows (its own, else its company's). */
export function numberDetailView(
  row: NumberRow,
  triggers: readonly TriggerRow[],
  effective: StoredSchedule,
  custom: NumberDetail['eavAttributeValues'] = [],
): NumberDetail {
  return {
    ...numberBasics(row),
    company_id: row.company_id,
    recording_enabled: row.recording_enabled,
    routing_type: routingTypeOf(row.routes, effective),
    routes: row.routes,
    greeting: row.greeting ?? null,
    menu: row.menu,
    after_hours_extension: row.after_hours_extension,
    voicemail: row.voicemail,
    schedule: row.schedule ? scheduleView(row.schedule) : null,
    triggers: triggers.map(triggerView),
    eavAttributeValues: custom,
    updated_at: row.updated_at.toISOString(),
  };
}
