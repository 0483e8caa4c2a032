/** Conversations and their items (§3, §4). */
import { codes } from './codes';

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
