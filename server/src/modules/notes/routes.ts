/**
 * §7 Notes: `POST /notes (model_type, model_id, body)`, `PUT` and `DELETE /notes/{id}`. A note lives in the
 * company of the record it is on; the caller needs contacts.manage there. Only its author, or someone who
 * manages the company's users (owner, administrator), may change or delete a note (notes/service.ts).
 */
import { IdParamSchema } from '@shared/api/contract';
import { NOTE_ENDPOINTS as E, NOTE_MODEL_TYPES } from '@shared/api/notes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { moduleRoutes, parseInput } from '../../http/route';
import { companyOfNote, companyOfNoteTarget, createNote, deleteNote, updateNote } from './service';

/** What a new note is on: read before the company is resolved, so it is checked on its own first. */
const TargetSchema = z.object({
  model_type: z.enum(NOTE_MODEL_TYPES, {
    message: `Notes can be added to: ${NOTE_MODEL_TYPES.join(', ')}.`,
  }),
  model_id: IdParamSchema,
});

export function noteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, {
    company: { record: ({ params }) => companyOfNote(ctx, params.id) },
  });

  route(
    E.create,
    'contacts.manage',
    async ({ company, caller, body }) => createNote(ctx, company.id, caller.user, body),
    {
      company: {
        record: async ({ request }) =>
          companyOfNoteTarget(ctx, parseInput(TargetSchema, request.body, 'body')),
      },
    },
  );

  route(E.update, 'contacts.manage', async ({ company, caller, params, body }) =>
    updateNote(ctx, company.id, params.id, { user: caller.user, role: company.role }, body.body),
  );

  route(E.remove, 'contacts.manage', async ({ company, caller, params }) =>
    deleteNote(ctx, company.id, params.id, { user: caller.user, role: company.role }),
  );
}
