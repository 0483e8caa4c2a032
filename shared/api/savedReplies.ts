/**
 * Saved replies of the inbox: texts an agent inserts into the composer, with `%%first_name%%`-style fields filled
 * from the conversation's contact (`fillMessageFields` in domain/messaging). Shared replies belong to the company
 * (only an owner or administrator creates, changes or deletes them); the others are one user's own.
 */
import { z } from 'zod';
import { endpoint, IdParamSchema } from './contract';

const id = IdParamSchema;

export const SavedReplySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  shared: z.boolean(),
  /** Whether the caller may change or delete it. */
  editable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedReply = z.infer<typeof SavedReplySchema>;

export const SavedReplyBodySchema = z.strictObject({
  title: z.string().trim().min(1, 'Give the reply a title.').max(100, 'Use at most 100 characters.'),
  body: z.string().trim().min(1, 'Write the reply.').max(1000, 'Use at most 1000 characters.'),
  shared: z.boolean().default(false),
});
export type SavedReplyInput = z.input<typeof SavedReplyBodySchema>;

export const SAVED_REPLY_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/savedReplies',
    summary: 'The company’s shared saved replies and the caller’s own, by title.',
    params: z.object({ companyId: id }),
    response: z.object({ data: z.array(SavedReplySchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/savedReplies',
    status: 201,
    summary: 'Saves a reply: the caller’s own, or shared with the company (owner or administrator only).',
    params: z.object({ companyId: id }),
    body: SavedReplyBodySchema,
    response: SavedReplySchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/savedReplies/{id}',
    summary: 'Changes a saved reply (one’s own; a shared one: owner or administrator).',
    params: z.object({ id }),
    body: SavedReplyBodySchema,
    response: SavedReplySchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/savedReplies/{id}',
    summary: 'Deletes a saved reply (one’s own; a shared one: owner or administrator).',
    params: z.object({ id }),
    response: null,
  }),
} as const;
