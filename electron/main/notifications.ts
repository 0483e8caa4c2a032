/**
 * OS notifications for incoming calls and new messages. Call alerts respect presence: away means no call alerts
 * (the renderer leaves out numbers whose notifications are blocked). Clicking one brings the window forward on
 * that call or conversation.
 */
import type { DesktopNotification, Presence } from '@shared/ipc';
import { Notification } from 'electron';

export class NotificationService {
  private readonly open = new Map<string, Notification>();

  constructor(
    private readonly deps: {
      presence(): Presence;
      /** Shows the window on a route of the renderer. */
      focus(route?: string): void;
    },
  ) {}

  /** Shows it, or answers false when presence says not to. A notification with the same tag replaces the last. */
  show(notification: DesktopNotification): boolean {
    if (notification.kind === 'call' && this.deps.presence() === 'away') return false;
    if (!Notification.isSupported()) return false;
    this.open.get(notification.tag)?.close();
    const shown = new Notification({
      title: notification.title,
      body: notification.body,
      silent: notification.kind !== 'call',
    });
    shown.on('click', () => this.deps.focus(notification.route));
    shown.on('close', () => this.open.delete(notification.tag));
    this.open.set(notification.tag, shown);
    shown.show();
    return true;
  }
}
