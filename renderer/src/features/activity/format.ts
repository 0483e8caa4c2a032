/**
 * The words and times an activity row shows: who the other party is, which tracked number, when (in the user's
 * time zone, §5), for how long, and one sentence that names the row for screen readers.
 */
import type { ActivityRow } from '@shared/api/activity';
import { labelOf } from '@shared/domain/codes';
import { CONVERSATION_ITEM_KINDS, MESSAGE_DIRECTIONS } from '@shared/domain/messaging';
import { formatPhone } from '@shared/domain/phone';
import { formatWhen } from '../../ui/dateTime';

export { formatWhen };

/** "0:42", "12:05", "1:02:03". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * How many rows the feed has: "1 item", "1,234 items"; a total the server estimated (past the rows it counts
 * exactly) as "about 1.2M items".
 */
export function itemCount(total: number, estimated = false): string {
  if (estimated) {
    const about = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
    return `about ${about.format(total)} items`;
  }
  return total === 1 ? '1 item' : `${total.toLocaleString()} items`;
}

/** "Call", "Voicemail", "Message", "Fax". */
export function kindLabel(type: ActivityRow['type']): string {
  return labelOf(CONVERSATION_ITEM_KINDS, type, type);
}

export function directionLabel(isInbound: boolean): string {
  return labelOf(MESSAGE_DIRECTIONS, isInbound ? 'incoming' : 'outgoing');
}

/** The other party: the contact's name, else their number as people write it. */
export function partyName(row: Pick<ActivityRow, 'contact' | 'remote'>): string {
  return row.contact?.name || formatPhone(row.remote);
}

/** The tracked number: its label, else the number. */
export function numberName(number: ActivityRow['number']): string {
  if (!number) return '';
  return number.label || formatPhone(number.number);
}

/** Fax statuses are the carrier's words ("delivered"); shown with a capital. */
export function capitalise(text: string): string {
  return text ? text[0]?.toUpperCase() + text.slice(1) : text;
}

/** "from" for what came in, "to" for what went out. */
function preposition(row: ActivityRow): string {
  return row.isInbound ? 'from' : 'to';
}

/** A one-line name for a row, e.g. "Incoming call from Ann Lee on Main line, Nov 19, 2026 3:02 PM, Answered". */
export function rowSummary(row: ActivityRow, tz: string): string {
  const what = `${directionLabel(row.isInbound)} ${kindLabel(row.type).toLowerCase()} ${preposition(row)} ${partyName(row)}`;
  const on = row.number ? ` on ${numberName(row.number)}` : '';
  const outcome = row.type === 'call' && row.outcome_label ? `, ${row.outcome_label}` : '';
  return `${what}${on}, ${formatWhen(row.at, tz)}${outcome}`;
}

/** The name of a row's player: "Recording of call with Ann Lee", "Voicemail from Ann Lee". */
export function recordingLabel(row: ActivityRow): string {
  return row.type === 'voicemail'
    ? `Voicemail from ${partyName(row)}`
    : `Recording of call with ${partyName(row)}`;
}
