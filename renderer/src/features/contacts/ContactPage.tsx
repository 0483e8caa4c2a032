/**
 * One contact (`/contacts/:id`) or a new one (`/contacts/new`): the editor of every §3 field, saved optimistically
 * and rolled back with a message when the server refuses (§4), its Save kept in view at the bottom while the form
 * scrolls; deletion with a confirmation; Call and Text for the people who take calls and texts; and the person's
 * timeline (calls, texts, voicemails and notes).
 */
import { Alert, Anchor, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { ContactDetail, ContactInput } from '@shared/api/contacts';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { usePhoneDock } from '../../app/workspaceLayout';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { flash } from '../../ui/flash';
import { applyServerErrors, failureSummary } from '../../ui/formErrors';
import { EmptyState, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { customValueErrors, useCustomFields } from '../customFields/CustomValueInputs';
import { dialRequestAtom } from '../softphone/dialRequest';
import { ContactForm, contactFormResolver } from './ContactForm';
import { ContactStatusBadges } from './ContactStatusBadges';
import {
  CONTACT_FORM_FIELDS,
  type ContactFormValues,
  changedFields,
  formFieldOf,
  toFormValues,
  toInput,
} from './contactForm';
import {
  useContact,
  useCreateContact,
  useDeleteContact,
  useGroupOptions,
  useLabelOptions,
  useUpdateContact,
} from './contactsApi';
import { ContactTimeline } from './timeline/ContactTimeline';

/** Where "Back to contacts" goes: the list as it was left (its filters and page), else the plain list. */
function useListAddress(): string {
  const state = useLocation().state as { list?: unknown } | null;
  return typeof state?.list === 'string' && state.list.startsWith('?')
    ? `/contacts${state.list}`
    : '/contacts';
}

export function ContactPage() {
  const { contactId } = useParams();
  const { company } = useShell();
  const isNew = contactId === 'new';
  const id = Number(contactId);
  const validId = !isNew && Number.isSafeInteger(id) && id > 0;
  const contact = useContact(validId ? id : null);
  const listAddress = useListAddress();

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!roleCan(company.role, 'contacts.view'))
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its contacts." />;
  if (isNew) {
    if (!roleCan(company.role, 'contacts.manage'))
      return <ErrorState title="Not allowed" error="Your role in this company cannot add contacts." />;
    return <ContactEditor key="new" contact={null} listAddress={listAddress} />;
  }
  if (!validId || (contact.error instanceof ApiError && contact.error.status === 404))
    return (
      <Stack align="flex-start">
        <EmptyState title="This contact does not exist">It may have been deleted.</EmptyState>
        <Anchor component={Link} to={listAddress}>
          Back to contacts
        </Anchor>
      </Stack>
    );
  if (contact.isPending) return <LoadingState label="Loading the contact" />;
  if (!contact.data) return <QueryErrorState title="Could not load the contact" query={contact} />;
  return <ContactEditor key={contact.data.id} contact={contact.data} listAddress={listAddress} />;
}

function ContactEditor({ contact, listAddress }: { contact: ContactDetail | null; listAddress: string }) {
  const { company, user } = useShell();
  const navigate = useNavigate();
  const companyId = company?.id ?? 0;
  const canManage = roleCan(company?.role, 'contacts.manage');
  const labels = useLabelOptions(companyId);
  const groups = useGroupOptions(companyId);
  const customFields = useCustomFields(CONTACT_ENTITY_TYPE, companyId);
  const update = useUpdateContact();
  const create = useCreateContact(companyId);
  const remove = useDeleteContact();

  const baseline = useRef<ContactFormValues>(toFormValues(contact));
  const form = useForm<ContactFormValues>({
    defaultValues: baseline.current,
    resolver: contactFormResolver,
  });
  const [formError, setFormError] = useState('');
  const [customErrors, setCustomErrors] = useState<Record<string, string>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);

  /** A refusal's per-field messages go on the fields; what fits no field shows above the buttons. */
  const showErrors = (error: unknown, sent: Partial<ContactInput>) => {
    if (!(error instanceof ApiError)) return setFormError(failureSummary(error));
    const onFields: Record<string, unknown> = {};
    for (const [key, messages] of Object.entries(error.errors)) {
      const field = formFieldOf(key);
      if (field === 'eavAttributeValues' || key.startsWith('eavAttributeValues')) continue;
      onFields[field ?? key] = messages;
    }
    const custom = customValueErrors(error.errors, sent.eavAttributeValues ?? []);
    setCustomErrors(custom);
    const unplaced = applyServerErrors(
      new ApiError(error.status, onFields, error.message),
      form.setError,
      CONTACT_FORM_FIELDS,
    );
    setFormError(
      unplaced ||
        (Object.keys(onFields).length === 0 && Object.keys(custom).length === 0 ? failureSummary(error) : ''),
    );
  };

  const submit = form.handleSubmit((values) => {
    setFormError('');
    setCustomErrors({});
    if (!contact) {
      const input = toInput(values);
      create.mutate(input, {
        onSuccess: (created) => {
          flash('success', `Added ${created.name}.`);
          navigate(`/contacts/${created.id}`, { replace: true, state: { list: listAddress.slice(9) } });
        },
        onError: (error) => showErrors(error, input),
        // Offline, the new contact waits on this device (the person is told so); it joins the list once sent.
        onQueued: () => navigate(listAddress),
      });
      return;
    }
    const changes = changedFields(toInput(baseline.current), toInput(values));
    if (Object.keys(changes).length === 0) {
      flash('neutral', 'Nothing to save: no field has changed.');
      return;
    }
    update.mutate(
      { id: contact.id, changes, name: baseline.current.name || contact.name },
      {
        onSuccess: (saved) => {
          baseline.current = toFormValues(saved);
          form.reset(baseline.current);
          flash('success', `Saved ${saved.name}.`);
        },
        onError: (error) => showErrors(error, changes),
        // Offline, the change waits on this device: the form holds it as saved, and may take the next one.
        onQueued: () => {
          baseline.current = values;
          form.reset(values);
        },
      },
    );
  });

  // A change waiting for the connection is not "saving": the form stays usable meanwhile.
  const saving = (update.isPending && !update.isPaused) || (create.isPending && !create.isPaused);
  const name = contact?.name || 'New contact';

  return (
    <Stack>
      <Anchor component={Link} to={listAddress} size="sm">
        ← Back to contacts
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {name}
          </Title>
          {contact && (
            <Group gap="xs">
              <Text c="dimmed">{formatPhone(contact.number)}</Text>
              <ContactStatusBadges contact={contact} />
            </Group>
          )}
        </Stack>
        <Group gap="xs">
          {contact && <ReachOut contact={contact} />}
          {contact && canManage && (
            <Button variant="light" color="red" onClick={() => setConfirmDelete(true)}>
              Delete contact
            </Button>
          )}
        </Group>
      </Group>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: contact ? 7 : 12 }}>
          <form onSubmit={submit} noValidate aria-label={contact ? `Edit ${contact.name}` : 'New contact'}>
            <Stack>
              <ContactForm
                form={form}
                labels={labels.data ?? []}
                groups={groups.data ?? []}
                customFields={customFields.data ?? []}
                customErrors={customErrors}
                disabled={!canManage}
              />
              {formError && (
                <Alert color="red" role="alert" title="Not saved">
                  {formError}
                </Alert>
              )}
              {canManage && (
                <Group
                  py="sm"
                  style={{
                    // Save stays in view at the bottom while the form scrolls past.
                    position: 'sticky',
                    bottom: 0,
                    zIndex: 1,
                    background: 'var(--mantine-color-body)',
                    borderTop: '1px solid var(--mantine-color-default-border)',
                  }}
                >
                  <Button type="submit" loading={saving}>
                    Save contact
                  </Button>
                  {contact && form.formState.isDirty && (
                    <Button
                      variant="default"
                      onClick={() => {
                        form.reset(baseline.current);
                        setFormError('');
                        setCustomErrors({});
                      }}
                    >
                      Discard changes
                    </Button>
                  )}
                  {!contact && (
                    <Button variant="default" component={Link} to={listAddress}>
                      Cancel
                    </Button>
                  )}
                  {contact && form.formState.isDirty && (
                    <Text size="sm" c="dimmed">
                      Unsaved changes
                    </Text>
                  )}
                </Group>
              )}
            </Stack>
          </form>
        </Grid.Col>
        {contact && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <ContactTimeline contact={contact} companyId={companyId} userId={user.id} role={company?.role} />
          </Grid.Col>
        )}
      </Grid>

      {contact && confirmDelete && (
        <ConfirmModal
          opened
          title="Delete contact"
          confirmLabel="Delete contact"
          focusCancel
          loading={remove.isPending}
          error={remove.error ? failureSummary(remove.error) : null}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(
              { id: contact.id, name: contact.name },
              {
                onSuccess: () => {
                  flash('success', `Deleted ${contact.name}.`);
                  navigate(listAddress);
                },
              },
            )
          }
        >
          Delete {contact.name}? This cannot be undone. Their conversations stay, without the contact.
        </ConfirmModal>
      )}
    </Stack>
  );
}

/**
 * Call and Text, for the roles that take calls (calls.handle) or texts (inbox.use) when the contact has a number:
 * Call hands the number to the phone dock's dialer (opening the dock), Text opens the new-message dialog addressed
 * to them (the server sends into the conversation they already have with that line, if any).
 */
function ReachOut({ contact }: { contact: ContactDetail }) {
  const { company, user } = useShell();
  const navigate = useNavigate();
  const requestDial = useSetAtom(dialRequestAtom);
  const dock = usePhoneDock(user.id);
  if (!contact.number) return null;
  return (
    <>
      {roleCan(company?.role, 'calls.handle') && (
        <Button
          variant="light"
          aria-label={`Call ${contact.name}`}
          onClick={() => {
            requestDial({ number: contact.number, at: Date.now() });
            dock.choose(true);
          }}
        >
          Call
        </Button>
      )}
      {roleCan(company?.role, 'inbox.use') && (
        <Button
          variant="light"
          aria-label={`Text ${contact.name}`}
          onClick={() => navigate(`/inbox/new?number=${encodeURIComponent(contact.number)}`)}
        >
          Text
        </Button>
      )}
    </>
  );
}
