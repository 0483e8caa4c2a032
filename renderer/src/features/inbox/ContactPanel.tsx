/**
 * The contact beside the open thread: who the agent is texting, editable in place without leaving the inbox.
 * A change is optimistic and rolled back with a message when the server refuses it (§4, through the contacts
 * area's `useUpdateContact`, which also carries it to conversations, contact lists and activity). A number that
 * is nobody's yet can be added as a contact from here; the full editor is one link away; notes sit below.
 */
import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ContactInputSchema } from '@shared/api/contacts';
import type { Conversation } from '@shared/api/conversations';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { flash } from '../../ui/flash';
import { ErrorState, LoadingState } from '../../ui/States';
import { ContactNotes } from '../contacts/ContactNotes';
import { ContactStatusBadges } from '../contacts/ContactStatusBadges';
import { failureSummary, useContact, useCreateContact, useUpdateContact } from '../contacts/contactsApi';

export function ContactPanel({ conversation }: { conversation: Conversation }) {
  const headingId = useId();
  const { company } = useShell();
  if (!roleCan(company?.role, 'contacts.view')) return null;
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby={headingId}
      h="100%"
      style={{ overflow: 'auto' }}
    >
      <Title order={2} size="h4" id={headingId} mb="xs">
        Contact
      </Title>
      {conversation.contact ? (
        <KnownContact key={conversation.contact.id} contactId={conversation.contact.id} />
      ) : (
        <NewContact
          key={conversation.recipient}
          number={conversation.recipient}
          companyId={company?.id ?? 0}
        />
      )}
    </Paper>
  );
}

/** The fields an agent most often fixes while texting someone; the rest are in the full editor. */
const QUICK_FIELDS = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'company_name', label: 'Company' },
] as const;
type QuickField = (typeof QUICK_FIELDS)[number]['key'];
type QuickValues = Record<QuickField, string>;

/** A field's message from the contract's own schema (the rule the server applies), or nothing when it is fine. */
function fieldError(key: QuickField, value: string): string | undefined {
  const checked = ContactInputSchema.shape[key].safeParse(value);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

function KnownContact({ contactId }: { contactId: number }) {
  const { company, user } = useShell();
  const contact = useContact(contactId);
  const update = useUpdateContact();
  const canManage = roleCan(company?.role, 'contacts.manage');
  const [draft, setDraft] = useState<QuickValues | null>(null);

  if (contact.isPending) return <LoadingState label="Loading the contact" />;
  if (!contact.data)
    return (
      <ErrorState
        title="Could not load the contact"
        error={contact.error}
        onRetry={() => contact.refetch()}
      />
    );
  const data = contact.data;
  const saved: QuickValues = {
    name: data.name,
    email: data.email ?? '',
    company_name: data.company_name ?? '',
  };
  const values = draft ?? saved;
  const changes = Object.fromEntries(
    QUICK_FIELDS.filter(({ key }) => values[key].trim() !== saved[key]).map(({ key }) => [
      key,
      values[key].trim(),
    ]),
  );
  const errors = Object.fromEntries(
    QUICK_FIELDS.map(({ key }) => [key, fieldError(key, values[key])]),
  ) as Record<QuickField, string | undefined>;
  const invalid = QUICK_FIELDS.some(({ key }) => errors[key]);

  const save = () => {
    if (invalid || Object.keys(changes).length === 0) return;
    // The fields show the cache, which the optimistic update has already changed (or put back on failure).
    setDraft(null);
    update.mutate(
      { id: data.id, changes, name: data.name },
      { onSuccess: (contactSaved) => flash('success', `Saved ${contactSaved.name}.`) },
    );
  };

  return (
    <Stack gap="sm">
      <div>
        <Text fw={600}>{data.name}</Text>
        <Text size="sm" c="dimmed">
          {formatPhone(data.number)}
        </Text>
        <Group gap={4} mt={4}>
          <ContactStatusBadges contact={data} />
          {data.labels.map((label) => (
            <Badge key={label.id} variant="outline" tt="none">
              {label.label}
            </Badge>
          ))}
        </Group>
        {data.groups.length > 0 && (
          <Text size="xs" c="dimmed" mt={4}>
            Groups: {data.groups.map((group) => group.name).join(', ')}
          </Text>
        )}
      </div>
      <form
        aria-label={`Quick edit ${data.name}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="xs">
          {QUICK_FIELDS.map(({ key, label }) => (
            <TextInput
              key={key}
              size="xs"
              label={label}
              type={key === 'email' ? 'email' : 'text'}
              value={values[key]}
              readOnly={!canManage}
              error={draft ? errors[key] : undefined}
              onChange={(event) => setDraft({ ...values, [key]: event.currentTarget.value })}
            />
          ))}
          {canManage && (
            <Group gap="xs">
              <Button
                type="submit"
                size="xs"
                disabled={invalid || Object.keys(changes).length === 0}
                loading={update.isPending}
              >
                Save contact
              </Button>
              {draft && (
                <Button size="xs" variant="default" onClick={() => setDraft(null)}>
                  Discard changes
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </form>
      <Anchor component={Link} to={`/contacts/${data.id}`} size="sm">
        Open the full contact
      </Anchor>
      <ContactNotes
        contactId={data.id}
        notes={data.note_records}
        userId={user.id}
        canWrite={canManage}
        role={company?.role}
        addLabel="Add contact note"
        headingOrder={3}
      />
    </Stack>
  );
}

/** A number nobody in the company has yet (a text sent to a new number, or a contact deleted meanwhile). */
function NewContact({ number, companyId }: { number: string; companyId: number }) {
  const { company } = useShell();
  const create = useCreateContact(companyId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const canManage = roleCan(company?.role, 'contacts.manage');

  const add = () => {
    const problem = fieldError('name', name);
    if (problem) return setError(problem);
    setError(undefined);
    create.mutate(
      { name: name.trim(), number },
      {
        onSuccess: (created) => flash('success', `Added ${created.name} to your contacts.`),
        onError: (failure) =>
          setError(
            failure instanceof ApiError
              ? (failure.field('name') ?? failureSummary(failure))
              : String(failure),
          ),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Text size="sm">{formatPhone(number)} is not in your contacts.</Text>
      {canManage && (
        <form
          aria-label="Add to contacts"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <Stack gap="xs">
            <TextInput
              size="xs"
              label="Name"
              value={name}
              error={error}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Button type="submit" size="xs" loading={create.isPending}>
              Add contact
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
