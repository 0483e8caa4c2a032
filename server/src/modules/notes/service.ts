/**
 * Notes on a company's records (§7 Notes): a note lives in the company of the record it is on; only its author,
 * or someone who moderates the company's notes (shared rule `mayChangeNote`), may change or delete it. Every
 * change is mirrored in the record's conversation thread (syncNoteItem).
 */
import type { NoteModelType } from '@shared/api/notes';
import { mayChangeNote } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/users';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notes, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { forbidden, notFound } from '../../lib/errors';
import { companyOfContact } from '../contacts/service/read';
import { type NoteRow, noteView } from '../contacts/view';
import { companyOfConversation, syncNoteItem } from '../conversations/notes';

/** Who acts on a note: their user and their role in the note's company. */
interface Actor {
  user: { id: number; name: string };
  role: Role;
}

/** Each kind of record a note can be on, and how to find that record's company (null: no such record). */
const COMPANY_OF: Record<NoteModelType, (db: Db, id: number) => Promise<number | null>> = {
  contact: companyOfContact,
  conversation: companyOfConversation,
};

/** The company of the record a new note is on, or null when there is no such record. */
export function companyOfNoteTarget(
  ctx: AppContext,
  target: { model_type: NoteModelType; model_id: number },
) {
  return COMPANY_OF[target.model_type](ctx.db, target.model_id);
}

/** The company a note belongs to, or null when there is no such note. */
export async function companyOfNote(ctx: AppContext, id: number): Promise<number | null> {
  return (await noteRow(ctx.db, id))?.company_id ?? null;
}

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

/** The company's note that `actor` may change: 404 for none, 403 when it is someone else's and they may not. */
async function changeableNote(ctx: AppContext, companyId: number, id: number, actor: Actor, verb: string) {
  const note = await noteRow(ctx.db, id);
  if (!note || note.company_id !== companyId) throw notFound('note');
  if (!mayChangeNote({ authorId: note.user_id }, { userId: actor.user.id, role: actor.role })) {
    throw forbidden(`Only the author of this note, or an owner or administrator, may ${verb} it.`);
  }
  return note;
}

export async function createNote(
  ctx: AppContext,
  companyId: number,
  author: Actor['user'],
  input: { model_type: NoteModelType; model_id: number; body: string },
) {
  const [row] = await ctx.db
    .insert(notes)
    .values({
      company_id: companyId,
      model_type: input.model_type,
      model_id: input.model_id,
      user_id: author.id,
      body: input.body,
      created_at: ctx.now(),
      updated_at: ctx.now(),
    })
    .returning();
  if (!row) throw new Error('note insert returned nothing');
  await syncNoteItem(ctx, row, 'created');
  return noteView(row, { id: author.id, name: author.name });
}

export async function updateNote(ctx: AppContext, companyId: number, id: number, actor: Actor, body: string) {
  const note = await changeableNote(ctx, companyId, id, actor, 'change');
  const [row] = await ctx.db
    .update(notes)
    .set({ body, updated_at: ctx.now() })
    .where(and(eq(notes.id, note.id), eq(notes.company_id, companyId)))
    .returning();
  if (!row) throw notFound('note');
  await syncNoteItem(ctx, row, 'updated');
  return withAuthor(ctx.db, row);
}

export async function deleteNote(
  ctx: AppContext,
  companyId: number,
  id: number,
  actor: Actor,
): Promise<void> {
  const note = await changeableNote(ctx, companyId, id, actor, 'delete');
  await ctx.db.delete(notes).where(eq(notes.id, note.id));
  await syncNoteItem(ctx, note, 'deleted');
}
