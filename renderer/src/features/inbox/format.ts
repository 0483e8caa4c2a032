/** Short texts the inbox shows: an item's one-line preview and times. */
import type { ConversationItem } from '@shared/api/conversations';
import { CONVERSATION_ITEM_KINDS } from '@shared/domain/messaging';

export function kindLabel(kind: ConversationItem['details']['type']): string {
  return CONVERSATION_ITEM_KINDS.find((code) => code.value === kind)?.label ?? kind;
}

export function itemPreview(item: ConversationItem): string {
  const { type, content, media } = item.details;
  if (type === 'message' || type === 'scheduledmessage' || type === 'note') {
    if (content) return content;
    if (media.length) return media.length === 1 ? 'Attachment' : `${media.length} attachments`;
  }
  const direction = item.isInbound ? 'Incoming' : 'Outgoing';
  return `${direction} ${kindLabel(type).toLowerCase()}`;
}

/** The calendar day of a moment in a zone, to tell "today" from other days. */
const dayIn = (date: Date, tz: string) => date.toLocaleDateString('en-CA', { timeZone: tz });

/** Today (in `tz`): the time; otherwise the date. */
export function shortTime(iso: string, tz: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dayIn(date, tz) === dayIn(now, tz)
    ? date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit', timeZone: tz })
    : date.toLocaleDateString([], { month: 'short', day: 'numeric', timeZone: tz });
}

/** Date and time in `tz` (the user's zone, app/context `useTimeZone`). */
export function fullTime(iso: string, tz: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short', timeZone: tz });
}
