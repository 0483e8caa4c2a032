/** A tracked number as the numbers list shows it (§7 Numbers): with its unread count and the caller's blocks. */
import type { TrackedNumber } from '@shared/api/numbers';
import { type NumberRow, numberBasics } from './config/view';

export function trackedNumberView(
  row: NumberRow,
  extra: { unread: number; hasNotificationBlocks: boolean },
): TrackedNumber {
  return {
    ...numberBasics(row),
    unread_messages_count: extra.unread,
    hasNotificationBlocks: extra.hasNotificationBlocks,
  };
}
