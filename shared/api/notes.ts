/** §7 Notes: `POST /notes (model_type, model_id, body)`, `PUT` and `DELETE /notes/{id}`. */
import { z } from 'zod';
import { NoteSchema } from './contacts';
import { endpoint, IdParamSchema } from './contract';

/**
 * The kinds of record a note can be on. Contacts and conversations (a note on a conversation also shows in its
 * thread as a `note` item); calls join when their issue adds them. The server checks `model_type` against this
 * list and the record against the caller's company.
 */
export const NOTE_MODEL_TYPES = ['contact', 'conversation'] as const;
export type NoteModelType = (typeof NOTE_MODEL_TYPES)[number];

const body = z.string().trim().min(1, 'Write the note.').max(5000, 'Use at most 5000 characters.');

export const NOTE_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: '/notes',
    status: 201,
    summary: 'Adds a note to a record of the caller’s company.',
    body: z.strictObject({
      model_type: z.enum(NOTE_MODEL_TYPES, {
        message: `Notes can be added to: ${NOTE_MODEL_TYPES.join(', ')}.`,
      }),
      model_id: IdParamSchema,
      body,
    }),
    response: NoteSchema,
    replay: { record: 'note' },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/notes/{id}',
    summary: 'Changes a note (its author, or an administrator).',
    params: z.object({ id: IdParamSchema }),
    body: z.strictObject({ body }),
    response: NoteSchema,
    replay: { record: 'note' },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/notes/{id}',
    summary: 'Deletes a note (its author, or an administrator).',
    params: z.object({ id: IdParamSchema }),
    response: null,
    replay: { record: 'note' },
  }),
} as const;
