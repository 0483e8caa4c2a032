/** A tracked number as the numbers list shows it (§7 Numbers): with its unread count and the caller's blocks. */
import type { TrackedNumber } from '@shared/api/numbers';
import type { NumberType } from '@shared/domain/numbers';
import type { NumberRow } from './config/view';

export function trackedNumberView(
  row: NumberRow,
  extra: { unread: number; hasNotificationBlocks: boolean },
): TrackedNumber {
  return {
    id: row.id,
    number: row.number,
    label: row.label,
    tags: row.tags,
    type: row.type as NumberType,
    sms_enabled: row.sms_enabled,
    call_transcription_enabled: row.call_transcription_enabled,
    unread_messages_count: extra.unread,
    hasNotificationBlocks: extra.hasNotificationBlocks,
  };
}
