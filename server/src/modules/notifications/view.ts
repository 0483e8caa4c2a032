/** A notification block as the contract shows it: a channel silenced on one tracked number. */
import type { NotificationBlock, NotificationChannel } from '@shared/api/notifications';

export function notificationBlockView(row: { number_id: number; channel: string }): NotificationBlock {
  return { number_id: row.number_id, channel: row.channel as NotificationChannel };
}
