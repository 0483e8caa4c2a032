/**
 * Notes on a contact (§7 Notes: `POST /notes`, `PUT` / `DELETE /notes/{id}`): newest first with their author
 * and time; anyone who may edit contacts adds one; a note's author (or an administrator) edits or deletes it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { Note } from '@shared/api/contacts';
import { NOTE_ENDPOINTS } from '@shared/api/notes';
import { mayChangeNote } from '@shared/domain/permissions';
import { DATE_FORMATS } from '@shared/domain/time';
import type { Role } from '@shared/domain/users';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { RowActions } from '../../ui/RowActions';
import { ErrorAlert } from '../../ui/States';
import { useNoteMutations } from './contactsApi';

/** A note's text, as the contract checks it (adding a note sends the contact with it). */
const NoteBodySchema = NOTE_ENDPOINTS.update.body;
type NoteValues = z.input<typeof NoteBodySchema>;

const when = (iso: string) => dayjs(iso).format(`${DATE_FORMATS.monthDayYear} ${DATE_FORMATS.time}`);

export function ContactNotes({
  contactId,
  notes,
  userId,
  canWrite,
  role,
  addLabel = 'Add note',
  headingOrder = 2,
}: {
  contactId: number;
  notes: readonly Note[];
  userId: number;
  /** May add notes (contacts.manage). */
  canWrite: boolean;
  /** The viewer's role in the company: who may change which note is the shared rule `mayChangeNote`. */
  role: Role | null | undefined;
  /** The name of the field and button that add a note: unique on screens that show other notes too (the inbox). */
  addLabel?: string;
  headingOrder?: 2 | 3;
}) {
  const headingId = useId();
  const mutations = useNoteMutations(contactId);
  const open = useOpenNote();
  const sorted = [...notes].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} size="h3" id={headingId}>
        Notes
      </Title>
      {canWrite && <AddNoteForm add={mutations.add} label={addLabel} />}
      {sorted.length === 0 ? (
        <Text c="dimmed" size="sm">
          No notes yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sorted.map((note) => (
            <NoteCard
              key={note.id}
              note={note}
              mutations={mutations}
              open={open}
              mayChange={canWrite && mayChangeNote({ authorId: note.user?.id ?? null }, { userId, role })}
            />
          ))}
        </Stack>
      )}
      <NoteRemovalError remove={mutations.remove} />
    </Stack>
  );
}

type NoteMutations = ReturnType<typeof useNoteMutations>;

/** Which note of a list is being edited, and which asks to confirm its deletion: one at a time. */
export function useOpenNote() {
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  return { editing, setEditing, confirming, setConfirming };
}

/** The box that adds a note to the contact: cleared once the note is kept (or waits on this device offline). */
export function AddNoteForm({ add, label = 'Add note' }: { add: NoteMutations['add']; label?: string }) {
  const addForm = useForm<NoteValues>({ resolver: zodResolver(NoteBodySchema), defaultValues: { body: '' } });
  return (
    <form
      onSubmit={addForm.handleSubmit(({ body }) =>
        add.mutate(body, {
          onSuccess: () => {
            addForm.reset();
            flash('success', 'Note added.');
          },
          onError: (error) => addForm.setError('body', { type: 'server', message: failureSummary(error) }),
          // Offline, the note waits on this device (the person is told so): the box is free for the next.
          onQueued: () => addForm.reset(),
        }),
      )}
    >
      <Stack gap="xs">
        <Textarea
          label={label}
          placeholder="What happened, what was agreed…"
          autosize
          minRows={2}
          {...fieldProps(addForm, 'body')}
        />
        <Group>
          <Button
            type="submit"
            variant="light"
            loading={add.isPending}
            disabled={!addForm.watch('body').trim()}
          >
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * One note as a list item: its author and time, its text, and — for whoever may change it — Edit and Delete
 * (deletion asks first, in place).
 */
export function NoteCard({
  note,
  mutations: { edit, remove },
  open,
  mayChange,
}: {
  note: Note;
  mutations: NoteMutations;
  open: ReturnType<typeof useOpenNote>;
  /** Its author, or an administrator, who may edit contacts (`mayChangeNote`). */
  mayChange: boolean;
}) {
  const editing = open.editing === note.id;
  const confirming = open.confirming === note.id;
  const author = note.user?.name ?? 'A former user';
  return (
    <Paper component="li" withBorder p="sm" aria-label={`Note by ${author}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {author} · <time dateTime={note.created_at}>{when(note.created_at)}</time>
          {note.updated_at !== note.created_at && ' (edited)'}
        </Text>
        {mayChange && !editing && !confirming && (
          <RowActions
            compact
            name={`note from ${when(note.created_at)}`}
            editLabel="Edit"
            onEdit={() => open.setEditing(note.id)}
            onDelete={() => open.setConfirming(note.id)}
          />
        )}
      </Group>
      {confirming && (
        <Group gap="xs" mt="xs" role="group" aria-label="Confirm deletion">
          <Text size="sm">Delete this note?</Text>
          <Button
            size="compact-sm"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(note.id, {
                onSuccess: () => {
                  open.setConfirming(null);
                  flash('success', 'Note deleted.');
                },
                onQueued: () => open.setConfirming(null),
              })
            }
          >
            Delete note
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => open.setConfirming(null)}>
            Keep it
          </Button>
        </Group>
      )}
      {editing ? (
        <NoteEditor note={note} edit={edit} onClose={() => open.setEditing(null)} />
      ) : (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
          {note.body}
        </Text>
      )}
    </Paper>
  );
}

/** Why the last deletion of a note failed, under the notes. */
export function NoteRemovalError({ remove }: { remove: NoteMutations['remove'] }) {
  return <ErrorAlert message={remove.error && `The note was not deleted: ${failureSummary(remove.error)}`} />;
}

/** A note being changed: its text in place, Save or Cancel. */
function NoteEditor({
  note,
  edit,
  onClose,
}: {
  note: Note;
  edit: NoteMutations['edit'];
  onClose: () => void;
}) {
  const form = useForm<NoteValues>({
    resolver: zodResolver(NoteBodySchema),
    defaultValues: { body: note.body },
  });
  return (
    <form
      onSubmit={form.handleSubmit(({ body }) =>
        edit.mutate(
          { id: note.id, body },
          {
            onSuccess: onClose,
            onError: (error) => form.setError('body', { type: 'server', message: failureSummary(error) }),
            onQueued: onClose,
          },
        ),
      )}
    >
      <Stack gap="xs" mt="xs">
        <Textarea label="Edit note" autosize minRows={2} {...fieldProps(form, 'body')} data-autofocus />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={edit.isPending}>
            Save note
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
