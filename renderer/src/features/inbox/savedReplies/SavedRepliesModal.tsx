/**
 * Managing saved replies: the list (shared ones and the user's own), and a form to create or edit one (title,
 * text with `%%First Name%%`, `%%Last Name%%`, `%%Phone%%`, `%%Email%%` fields, and — for owners and
 * administrators — "Shared with the company"); a reply the user may change has Edit and Delete.
 *
 * Props: `opened`, `onClose`, `companyId`, `canManageShared` (owner/administrator).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type SavedReply, SavedReplyBodySchema } from '@shared/api/savedReplies';
import { DEFAULT_DYNAMIC_FIELDS } from '@shared/domain/campaigns';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { flash } from '../../../ui/flash';
import { failureSummary } from '../../../ui/formErrors';
import { fieldProps } from '../../../ui/formFields';
import { SavedReplySummary } from './SavedReplySummary';
import { useSavedReplies, useSavedReplyMutations } from './savedRepliesApi';

export interface SavedRepliesModalProps {
  opened: boolean;
  onClose: () => void;
  companyId: number;
  canManageShared: boolean;
}

type ReplyValues = z.input<typeof SavedReplyBodySchema>;
const BLANK: ReplyValues = { title: '', body: '', shared: false };

const FIELDS_HINT = `Fields: ${DEFAULT_DYNAMIC_FIELDS.map((field) => `%%${field.name}%%`).join(', ')}`;

export function SavedRepliesModal({ opened, onClose, companyId, canManageShared }: SavedRepliesModalProps) {
  const replies = useSavedReplies(companyId, opened);
  const { save, remove } = useSavedReplyMutations(companyId);
  /** The reply being written: a new one (id null) or one being changed; none while the list shows. */
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const form = useForm<ReplyValues>({ resolver: zodResolver(SavedReplyBodySchema), defaultValues: BLANK });

  const edit = (reply: SavedReply | null) => {
    save.reset();
    form.reset(reply ? { title: reply.title, body: reply.body, shared: reply.shared } : BLANK);
    setEditing({ id: reply?.id ?? null });
  };
  const [title, body] = form.watch(['title', 'body']);

  return (
    <Modal opened={opened} onClose={onClose} title="Saved replies" size="lg">
      {editing ? (
        <form
          onSubmit={form.handleSubmit((input) =>
            save.mutate(
              { id: editing.id, input },
              {
                onSuccess: () => {
                  flash('success', editing.id === null ? 'Saved reply added.' : 'Saved reply changed.');
                  setEditing(null);
                },
              },
            ),
          )}
        >
          <Stack gap="sm">
            <TextInput label="Title" required maxLength={100} {...fieldProps(form, 'title')} />
            <Textarea
              label="Text"
              required
              autosize
              minRows={3}
              maxLength={1000}
              description={FIELDS_HINT}
              {...fieldProps(form, 'body')}
            />
            {canManageShared && <Checkbox label="Shared with the company" {...form.register('shared')} />}
            {/* The server's refusal, every message of it, above the buttons. */}
            {save.error && <Alert color="red">{failureSummary(save.error)}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!title?.trim() || !body?.trim()}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button onClick={() => edit(null)}>New saved reply</Button>
          </Group>
          {replies.isPending ? (
            <Text c="dimmed">Loading…</Text>
          ) : replies.isError ? (
            <Alert color="red">Saved replies could not be loaded.</Alert>
          ) : replies.data.length === 0 ? (
            <Text c="dimmed">No saved replies yet.</Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {replies.data.map((reply) => (
                <li key={reply.id}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <SavedReplySummary reply={reply} />
                    </div>
                    {reply.editable && (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="subtle" onClick={() => edit(reply)}>
                          Edit
                        </Button>
                        {confirming === reply.id ? (
                          <Button
                            size="xs"
                            color="red"
                            loading={remove.isPending}
                            onClick={() =>
                              remove.mutate(reply.id, {
                                onSuccess: () => {
                                  setConfirming(null);
                                  flash('success', 'Saved reply deleted.');
                                },
                              })
                            }
                          >
                            Confirm delete
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setConfirming(reply.id)}
                          >
                            Delete
                          </Button>
                        )}
                      </Group>
                    )}
                  </Group>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
