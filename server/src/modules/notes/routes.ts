/**
 * §7 Notes: `POST /notes (model_type, model_id, body)`, `PUT` and `DELETE /notes/{id}`. A note lives in the
 * company of the record it is on; the caller needs contacts.manage there. Only its author, or someone who
 * manages the company's users (owner, administrator), may change or delete a note.
 */

import { IdParamSchema } from '@shared/api/contract';
import { NOTE_ENDPOINTS as E, NOTE_MODEL_TYPES, type NoteModelType } from '@shared/api/notes';
import { mayChangeNote } from '@shared/domain/permissions';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { notes, users } from '../../db/schema';
import type { Caller } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { type CompanyAccess, parseInput, registerRoute } from '../../http/route';
import { forbidden, notFound } from '../../lib/errors';
import { companyOfContact } from '../contacts/service';
import { type NoteRow, noteView } from '../contacts/view';
import { companyOfConversation, syncNoteItem } from '../conversations/notes';

/** Each kind of record a note can be on, and how to find that record's company (null: no such record). */
const COMPANY_OF: Record<NoteModelType, (db: Db, id: number) => Promise<number | null>> = {
  contact: companyOfContact,
  conversation: companyOfConversation,
};

/** What a new note is on: read before the company is resolved, so it is checked on its own first. */
const TargetSchema = z.object({
  model_type: z.enum(NOTE_MODEL_TYPES, {
    message: `Notes can be added to: ${NOTE_MODEL_TYPES.join(', ')}.`,
  }),
  model_id: IdParamSchema,
});

async function noteRow(db: Db, id: number): Promise<NoteRow | undefined> {
  const [row] = await db.select().from(notes).where(eq(notes.id, id));
  return row;
}

async function withAuthor(db: Db, row: NoteRow) {
  if (row.user_id === null) return noteView(row, null);
  const [author] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, row.user_id));
  return noteView(row, author ?? null);
}

/** Its author, or an owner or administrator of the company, may change or delete a note (shared rule). */
function mayChange(note: NoteRow, caller: Caller, company: CompanyAccess): boolean {
  return mayChangeNote({ authorId: note.user_id }, { userId: caller.user.id, role: company.role });
}

export function noteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const noteCompany = {
    record: async ({ params }: { params: { id: number } }) =>
      (await noteRow(ctx.db, params.id))?.company_id ?? null,
  };

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'contacts.manage',
    company: {
      record: async ({ request }) => {
        const target = parseInput(TargetSchema, request.body, 'body');
        return COMPANY_OF[target.model_type](ctx.db, target.model_id);
      },
    },
    status: 201,
    handler: async ({ company, caller, body }) => {
      const [row] = await ctx.db
        .insert(notes)
        .values({
          company_id: company.id,
          model_type: body.model_type,
          model_id: body.model_id,
          user_id: caller.user.id,
          body: body.body,
          created_at: ctx.now(),
          updated_at: ctx.now(),
        })
        .returning();
      if (!row) throw new Error('note insert returned nothing');
      await syncNoteItem(ctx, row, 'created');
      return noteView(row, { id: caller.user.id, name: caller.user.name });
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'contacts.manage',
    company: noteCompany,
    handler: async ({ company, caller, params, body }) => {
      const note = await noteRow(ctx.db, params.id);
      if (!note || note.company_id !== company.id) throw notFound('note');
      if (!mayChange(note, caller, company)) {
        throw forbidden('Only the author of this note, or an owner or administrator, may change it.');
      }
      const [row] = await ctx.db
        .update(notes)
        .set({ body: body.body, updated_at: ctx.now() })
        .where(and(eq(notes.id, note.id), eq(notes.company_id, company.id)))
        .returning();
      if (!row) throw notFound('note');
      await syncNoteItem(ctx, row, 'updated');
      return withAuthor(ctx.db, row);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'contacts.manage',
    company: noteCompany,
    status: 204,
    handler: async ({ company, caller, params }) => {
      const note = await noteRow(ctx.db, params.id);
      if (!note || note.company_id !== company.id) throw notFound('note');
      if (!mayChange(note, caller, company)) {
        throw forbidden('Only the author of this note, or an owner or administrator, may delete it.');
      }
      await ctx.db.delete(notes).where(eq(notes.id, note.id));
      await syncNoteItem(ctx, note, 'deleted');
    },
  });
}
