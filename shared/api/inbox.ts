/**
 * §7 Conversations and messages, the inbox half: the company's conversation list with its filters, one
 * conversation, its items (newest first, or older than a cursor for infinite scroll), read / unread / archive /
 * restore one at a time or in bulk, read-all and read-all-by-type, assignment, block / unblock, and deleting
 * messages and items. Sending is in shared/api/messaging.ts. Every change publishes `conversation.updated`.
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../domain/limits';
import { CONVERSATION_ACTIONS, type ConversationItemKind } from '../domain/messaging';
import { endpoint, enumOf, IdParamSchema, PageNumberSchema, reference } from './contract';
import { ConversationItemSchema, ConversationSchema } from './conversations';
import { pagedSchema } from './paged';

const id = IdParamSchema;

/** A yes/no query value: `true`/`false` (what the client's query serializer writes), or `1`/`0`. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/**
 * The item kinds that make a conversation unread when they come in (an inbound text, call, voicemail or fax),
 * and so the kinds `read-all-by-type` accepts.
 */
export const UNREAD_ITEM_KINDS = [
  'message',
  'call',
  'voicemail',
  'fax',
] as const satisfies readonly ConversationItemKind[];

/**
 * Items that are the conversation's view of a record of the activity model (a call, a voicemail, a fax): they
 * are deleted with that record, never from the thread.
 */
export const ACTIVITY_ITEM_KINDS = [
  'call',
  'voicemail',
  'fax',
] as const satisfies readonly ConversationItemKind[];

/** The largest page of conversations or items one request may ask for. */
export const INBOX_MAX_PER_PAGE = 100;
/** Items of a thread per page unless asked otherwise. */
export const ITEMS_PER_PAGE = 30;

/** `assigned`: `mine` (the caller), `unassigned`, or a user's id. */
const AssignedFilterSchema = z.union([z.enum(['mine', 'unassigned']), id]);

export const ConversationListQuerySchema = z.object({
  page: PageNumberSchema,
  /** §9 "conversations 5" is the default page size; the inbox asks for more as it scrolls. */
  perPage: z.coerce.number().int().min(1).max(INBOX_MAX_PER_PAGE).default(PAGE_SIZES.conversations),
  /** true: only conversations with unread items; false: only those without. */
  unread: flag.optional(),
  /** Left out or false: the inbox (not archived); true: only archived conversations. */
  archived: flag.optional(),
  /** A tracked number's id: only its conversations. */
  number: id.optional(),
  /**
   * Over the recipient's number, the contact's name and the content of messages and notes. §5 "Phone-like
   * conversation searches have spaces, dashes and parentheses stripped" (`(312) 555-0142` → `3125550142`).
   */
  search: z.string().trim().max(200).optional(),
  assigned: AssignedFilterSchema.optional(),
});
export type ConversationListQuery = z.input<typeof ConversationListQuerySchema>;
/** A conversation list's filters: its query without the page. */
export type ConversationFilters = Omit<z.output<typeof ConversationListQuerySchema>, 'page' | 'perPage'>;

/** What a bulk update or read-all changed, and the flash text to show (§8). */
export const AffectedSchema = z.object({ affected: z.number().int().min(0), message: z.string() });
export type Affected = z.infer<typeof AffectedSchema>;

const conversationParams = z.object({ id });
/** One conversation by its id; a state change (read, archive…) may be replayed offline when `replay` says so. */
const oneConversation = (
  method: 'GET' | 'PUT',
  path: string,
  summary: string,
  replay?: { record: 'conversation' },
) => endpoint({ method, path, summary, params: conversationParams, response: ConversationSchema, replay });

/** Read, unread, archive and restore set a state: replayed later they set the same one (contract.ts `Replay`). */
const REPLAY_STATE = { record: 'conversation' } as const;

export const INBOX_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/conversations',
    summary:
      'A page of the company’s conversations, newest activity first, filtered by unread, archived, number, search and assignee.',
    params: z.object({ companyId: id }),
    query: ConversationListQuerySchema,
    response: pagedSchema(ConversationSchema),
  }),
  get: oneConversation('GET', '/conversations/{id}', 'One conversation.'),
  items: endpoint({
    method: 'GET',
    path: '/inbox/conversations/items',
    summary:
      'A page of a conversation’s items, newest first (scheduled messages included); `before` (an item id) pages back from that item for infinite scroll.',
    query: z.object({
      conversationId: id,
      page: PageNumberSchema,
      perPage: z.coerce.number().int().min(1).max(INBOX_MAX_PER_PAGE).default(ITEMS_PER_PAGE),
      before: id.optional(),
    }),
    response: pagedSchema(ConversationItemSchema),
  }),
  read: oneConversation(
    'PUT',
    '/conversations/{id}/read',
    'Marks a conversation read (unread count 0).',
    REPLAY_STATE,
  ),
  unread: oneConversation(
    'PUT',
    '/conversations/{id}/unread',
    'Marks a conversation unread (unread count at least 1).',
    REPLAY_STATE,
  ),
  archive: oneConversation('PUT', '/conversations/{id}/archive', 'Archives a conversation.', REPLAY_STATE),
  restore: oneConversation(
    'PUT',
    '/conversations/{id}/restore',
    'Brings an archived conversation back.',
    REPLAY_STATE,
  ),
  block: oneConversation(
    'PUT',
    '/conversations/{id}/block',
    'Blocks the conversation’s recipient; the thread gets a block item.',
  ),
  unblock: oneConversation(
    'PUT',
    '/conversations/{id}/unblock',
    'Lifts the block; the thread gets a block item saying so.',
  ),
  assign: endpoint({
    method: 'PUT',
    path: '/conversations/{id}/assign',
    summary:
      'Assigns the conversation to an active member of the company who uses the inbox, or to nobody (null).',
    params: conversationParams,
    body: z.strictObject({ user_id: reference('member').nullable() }),
    response: ConversationSchema,
    replay: { record: 'conversation' },
  }),
  readAll: endpoint({
    method: 'PUT',
    path: '/companies/{companyId}/conversations/read-all',
    summary: 'Marks every conversation of the company read, or only those of one tracked number.',
    params: z.object({ companyId: id }),
    body: z.strictObject({ number: id.optional() }),
    response: AffectedSchema,
  }),
  readAllByType: endpoint({
    method: 'PUT',
    path: '/companies/{companyId}/conversations/read-all-by-type',
    summary:
      'Marks read the conversations whose unread items are all of one kind (their newest `unread_count` inbound texts, calls, voicemails and faxes), optionally of one tracked number.',
    params: z.object({ companyId: id }),
    body: z.strictObject({
      type: z.enum(UNREAD_ITEM_KINDS, {
        message: `Choose one of ${UNREAD_ITEM_KINDS.join(', ')}.`,
      }),
      number: id.optional(),
    }),
    response: AffectedSchema,
  }),
  bulkUpdate: endpoint({
    method: 'PUT',
    path: '/companies/{companyId}/conversations',
    summary:
      'Reads, unreads, archives or restores the chosen conversations; ids of other companies are ignored.',
    params: z.object({ companyId: id }),
    body: z.strictObject({
      ids: z.array(id).min(1, 'Choose at least one conversation.').max(1000),
      action: enumOf(CONVERSATION_ACTIONS),
    }),
    response: AffectedSchema,
  }),
  removeMessage: endpoint({
    method: 'DELETE',
    path: '/messages/{id}',
    summary: 'Deletes a message (sent, received or scheduled) from its conversation.',
    params: z.object({ id }),
    response: null,
  }),
  removeItem: endpoint({
    method: 'DELETE',
    path: '/inbox/conversations/items/{id}',
    summary:
      'Deletes an item from its conversation; calls, voicemails and faxes are records of the activity feed and are refused.',
    params: z.object({ id }),
    response: null,
  }),
} as const;
