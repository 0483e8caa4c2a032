/** Conversations and their items (§3, §4). */
import { DEFAULT_DYNAMIC_FIELDS } from './campaigns';
import { codes } from './codes';
import { formatPhone } from './phone';
import { isKnownTimeZone } from './time';

/** §3 "Message direction: incoming, outgoing, status, error, none." */
export const MESSAGE_DIRECTIONS = codes([
  { value: 'incoming', label: 'Incoming' },
  { value: 'outgoing', label: 'Outgoing' },
  { value: 'status', label: 'Status' },
  { value: 'error', label: 'Error' },
  { value: 'none', label: 'None' },
]);
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number]['value'];

/** §3 "Item kinds: message, call, voicemail, fax, note. … Other kinds: block, scheduledmessage, trackingmatch." */
export const CONVERSATION_ITEM_KINDS = codes([
  { value: 'message', label: 'Message' },
  { value: 'call', label: 'Call' },
  { value: 'voicemail', label: 'Voicemail' },
  { value: 'fax', label: 'Fax' },
  { value: 'note', label: 'Note' },
  { value: 'block', label: 'Block' },
  { value: 'scheduledmessage', label: 'Scheduled message' },
  { value: 'trackingmatch', label: 'Tracking match' },
]);
export type ConversationItemKind = (typeof CONVERSATION_ITEM_KINDS)[number]['value'];

/** §4 "Conversations: can be archived, restored, marked read or unread." */
export const CONVERSATION_ACTIONS = codes([
  { value: 'archive', label: 'Archive' },
  { value: 'restore', label: 'Restore' },
  { value: 'read', label: 'Mark as read' },
  { value: 'unread', label: 'Mark as unread' },
]);

/** §4 "Sent messages show as sending until the server answers": the delivery states an item shows. */
export const DELIVERY_STATES = codes([
  { value: 'sending', label: 'Sending…' },
  { value: 'queued', label: 'Queued' },
  { value: 'sent', label: 'Sent' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'undelivered', label: 'Not delivered' },
  { value: 'failed', label: 'Failed' },
  { value: 'received', label: 'Received' },
]);
export type DeliveryState = (typeof DELIVERY_STATES)[number]['value'];

/** §3 Block: "action 1" — the only block action, refusing the caller or sender. */
export const BLOCK_ACTIONS = codes([{ value: 1, label: 'Block' }]);

/**
 * Delivery states only move forward (a late "sent" never overwrites "delivered"): sending → queued → sent →
 * a final state (delivered, undelivered, failed). `received` is an inbound message's only state.
 */
const DELIVERY_ORDER: Readonly<Record<DeliveryState, number>> = {
  sending: 0,
  queued: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  received: 3,
};

/** The state after `next` arrives: `next` when it is further along than `current`, else `current`. */
export function advanceDeliveryState(current: DeliveryState | null, next: DeliveryState): DeliveryState {
  if (current === null) return next;
  return DELIVERY_ORDER[next] > DELIVERY_ORDER[current] ? next : current;
}

/**
 * CTIA/carrier keywords a texter sends to a tracked number. Matched against the whole message, trimmed and
 * case-insensitively ("stop" and " STOP " match; "please stop" does not).
 */
export const OPT_OUT_KEYWORDS = Object.freeze([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'END',
  'QUIT',
  'CANCEL',
  'OPTOUT',
  'REVOKE',
] as const);
export const OPT_IN_KEYWORDS = Object.freeze(['START', 'UNSTOP', 'YES'] as const);
export const HELP_KEYWORDS = Object.freeze(['HELP', 'INFO'] as const);

export type MessageKeyword = 'optout' | 'optin' | 'help';

/** Which keyword a message is, if it is one. */
export function messageKeyword(body: string): MessageKeyword | null {
  const word = body.trim().toUpperCase();
  if (!word) return null;
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'optout';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'optin';
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
  return null;
}

/** The one confirmation a texter gets for a keyword; HELP answers the number's own help text when it has one. */
export function keywordReply(keyword: MessageKeyword, companyName: string, helpText?: string | null): string {
  switch (keyword) {
    case 'optout':
      return `You have been unsubscribed from ${companyName} messages. Reply START to resubscribe.`;
    case 'optin':
      return `You have been resubscribed to ${companyName} messages. Reply STOP to unsubscribe.`;
    case 'help':
      return (
        helpText?.trim() || `${companyName}: reply to this number to reach us. Reply STOP to unsubscribe.`
      );
  }
}

/** The contact values a saved reply's (or campaign's) dynamic fields are filled from; any may be missing. */
export interface MessageFieldsContact {
  first_name?: string | null;
  last_name?: string | null;
  /** The whole name, split at its first space when first/last names are not given. */
  name?: string | null;
  /** E.164 or as typed; shown in the national format for US and CA numbers. */
  number?: string | null;
  email?: string | null;
}

/** A dynamic field's key: `%%First Name%%`, `%%first_name%%` and `%% first name %%` are all `first_name`. */
function fieldKey(inner: string): string {
  return inner
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '_');
}

const FIELD_KEYS: readonly string[] = DEFAULT_DYNAMIC_FIELDS.map((field) =>
  fieldKey(field.tag.replace(/%/g, '')),
);

/**
 * Fills the §3 dynamic fields (First Name, Last Name, Phone, Email — the campaign tags of
 * `DEFAULT_DYNAMIC_FIELDS`, also written with their display names, e.g. `%%First Name%%`) with the contact's
 * values; a missing value (or no contact) leaves the field empty. Other `%%…%%` text is left as it is.
 */
export function fillMessageFields(text: string, contact: MessageFieldsContact | null | undefined): string {
  const [firstOfName = '', ...restOfName] = (contact?.name ?? '').trim().split(/\s+/);
  const values: Record<string, string> = {
    first_name: contact?.first_name?.trim() || (contact?.last_name ? '' : firstOfName),
    last_name: contact?.last_name?.trim() || (contact?.first_name ? '' : restOfName.join(' ')),
    phone: contact?.number?.trim() ? formatPhone(contact.number.trim()) : '',
    email: contact?.email?.trim() ?? '',
  };
  return text.replace(/%%([A-Za-z _]{1,40})%%/g, (whole, inner: string) => {
    const key = fieldKey(inner);
    return FIELD_KEYS.includes(key) ? (values[key] ?? '') : whole;
  });
}

/** Texts may be sent from 8am until (not including) 9pm in the recipient's time zone. */
export const QUIET_HOURS = Object.freeze({ allowedFromHour: 8, allowedUntilHour: 21 });

export interface QuietHours {
  /** Whether it is outside 8am–9pm where the recipient is; false when their time zone is unknown. */
  quiet: boolean;
  /** The recipient's local time, `HH:mm` (24-hour); null when their time zone is unknown. */
  localTime: string | null;
}

/** The quiet-hours hint for a recipient's time zone (an IANA name; null or unknown → no hint). */
export function quietHours(recipientTimeZone: string | null | undefined, now: Date): QuietHours {
  if (!recipientTimeZone || !isKnownTimeZone(recipientTimeZone)) return { quiet: false, localTime: null };
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: recipientTimeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0) % 24;
  const minute = parts.find((part) => part.type === 'minute')?.value ?? '00';
  const quiet = hour < QUIET_HOURS.allowedFromHour || hour >= QUIET_HOURS.allowedUntilHour;
  return { quiet, localTime: `${String(hour).padStart(2, '0')}:${minute}` };
}
