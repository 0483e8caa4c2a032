/**
 * The contact beside the open thread: who the agent is texting, editable in place without leaving the inbox.
 * A change is optimistic and rolled back with a message when the server refuses it (§4, through the contacts
 * area's `useUpdateContact`, which also carries it to conversations, contact lists and activity). A number that
 * is nobody's yet can be added as a contact from here; the full editor is one link away; notes sit below.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ContactDetail, ContactInputSchema } from '@shared/api/contacts';
import type { Conversation } from '@shared/api/conversations';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { LoadingState, QueryErrorState } from '../../ui/States';
import { ContactNotes } from '../contacts/ContactNotes';
import { ContactStatusBadges } from '../contacts/ContactStatusBadges';
import { useContact, useCreateContact, useUpdateContact } from '../contacts/contactsApi';

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

/** The quick fields as the contract checks them (the rule the server applies). */
const QuickSchema = z.object({
  name: ContactInputSchema.shape.name,
  email: ContactInputSchema.shape.email,
  company_name: ContactInputSchema.shape.company_name,
});
const NewContactSchema = QuickSchema.pick({ name: true });

const savedOf = (contact: ContactDetail): QuickValues => ({
  name: contact.name,
  email: contact.email ?? '',
  company_name: contact.company_name ?? '',
});

function KnownContact({ contactId }: { contactId: number }) {
  const { company, user } = useShell();
  const contact = useContact(contactId);
  const update = useUpdateContact();
  const canManage = roleCan(company?.role, 'contacts.manage');
  // Until edited, the fields show the cache: a save's optimistic change, or the value put back when refused.
  const form = useForm<z.input<typeof QuickSchema>>({
    resolver: zodResolver(QuickSchema),
    mode: 'onChange',
    values: contact.data ? savedOf(contact.data) : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const values = form.watch();

  if (contact.isPending) return <LoadingState label="Loading the contact" />;
  if (!contact.data) return <QueryErrorState title="Could not load the contact" query={contact} />;
  const data = contact.data;
  const saved = savedOf(data);
  const changes = Object.fromEntries(
    QUICK_FIELDS.filter(({ key }) => (values[key] ?? '').trim() !== saved[key]).map(({ key }) => [
      key,
      (values[key] ?? '').trim(),
    ]),
  );
  const invalid = !form.formState.isValid;

  const save = form.handleSubmit(() => {
    if (Object.keys(changes).length === 0) return;
    // The fields show the cache, which the optimistic update has already changed (or put back on failure).
    form.reset();
    update.mutate(
      { id: data.id, changes, name: data.name },
      { onSuccess: (contactSaved) => flash('success', `Saved ${contactSaved.name}.`) },
    );
  });

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
      <form aria-label={`Quick edit ${data.name}`} noValidate onSubmit={save}>
        <Stack gap="xs">
          {QUICK_FIELDS.map(({ key, label }) => (
            <TextInput
              key={key}
              size="xs"
              label={label}
              type={key === 'email' ? 'email' : 'text'}
              {...fieldProps(form, key)}
              readOnly={!canManage}
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
              {form.formState.isDirty && (
                <Button size="xs" variant="default" onClick={() => form.reset()}>
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
  const form = useForm<z.input<typeof NewContactSchema>>({
    resolver: zodResolver(NewContactSchema),
    defaultValues: { name: '' },
  });
  const canManage = roleCan(company?.role, 'contacts.manage');

  const add = form.handleSubmit(() => {
    const name = form.getValues('name') ?? '';
    create.mutate(
      { name: name.trim(), number },
      {
        onSuccess: (created) => flash('success', `Added ${created.name} to your contacts.`),
        // The form has one field: whatever went wrong is said beside it.
        onError: (failure) =>
          form.setError('name', {
            type: 'server',
            message:
              failure instanceof ApiError
                ? (failure.field('name') ?? failureSummary(failure))
                : String(failure),
          }),
      },
    );
  });

  return (
    <Stack gap="xs">
      <Text size="sm">{formatPhone(number)} is not in your contacts.</Text>
      {canManage && (
        <form aria-label="Add to contacts" noValidate onSubmit={add}>
          <Stack gap="xs">
            <TextInput size="xs" label="Name" {...fieldProps(form, 'name')} />
            <Button type="submit" size="xs" loading={create.isPending}>
              Add contact
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
