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

/**
 * Formatters by zone and style. Building an Intl formatter costs far more than using one, and the conversation
 * list formats a time per row on every scroll frame (bench/inbox measured 50 ms frames before this cache).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string, style: 'day' | 'time' | 'date' | 'full'): Intl.DateTimeFormat {
  const key = `${tz}|${style}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      style === 'day'
        ? { year: 'numeric', month: '2-digit', day: '2-digit' }
        : style === 'time'
          ? { hour: 'numeric', minute: '2-digit' }
          : style === 'date'
            ? { month: 'short', day: 'numeric' }
            : { dateStyle: 'medium', timeStyle: 'short' };
    found = new Intl.DateTimeFormat(style === 'day' ? 'en-CA' : [], { ...options, timeZone: tz });
    formatters.set(key, found);
  }
  return found;
}

/** The calendar day of a moment in a zone, to tell "today" from other days. */
const dayIn = (date: Date, tz: string) => formatter(tz, 'day').format(date);

/** Today (in `tz`): the time; otherwise the date. */
export function shortTime(iso: string, tz: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dayIn(date, tz) === dayIn(now, tz)
    ? formatter(tz, 'time').format(date)
    : formatter(tz, 'date').format(date);
}

/** Date and time in `tz` (the user's zone, app/context `useTimeZone`). */
export function fullTime(iso: string, tz: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter(tz, 'full').format(date);
}
