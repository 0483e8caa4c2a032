/**
 * Adding or changing a forwarding number in a dialog: name, number, the international flag (§3 Forward entry
 * `usingIntNumber`) and a note. The contract's schema checks the form before it is sent, so the messages beside the
 * fields are the server's; its refusals (a duplicate, §5's check) show beside their fields too. §8's message when
 * saved.
 */
import { Checkbox, Textarea, TextInput } from '@mantine/core';
import type { ForwardContact } from '@shared/api/forwardContacts';
import { FORWARD_CONTACT_NAME_MAX, FORWARD_CONTACT_NOTE_MAX } from '@shared/domain/forwardContacts';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { FormDialog } from '../../ui/FormDialog';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { useSaveForwardContact } from './forwardingApi';
import { bodyOf, FORM_FIELDS, type ForwardContactForm, formErrors, formOf } from './forwardingModel';

export function ForwardContactDialog({
  companyId,
  entry,
  onClose,
}: {
  companyId: number;
  /** The entry changed; null for a new one. */
  entry: ForwardContact | null;
  onClose: () => void;
}) {
  const form = useForm<ForwardContactForm>({ defaultValues: formOf(entry) });
  const [formError, setFormError] = useState('');
  const save = useSaveForwardContact();
  const international = form.watch('usingIntNumber');

  const submit = form.handleSubmit((values) => {
    setFormError('');
    const errors = formErrors(values);
    const fields = Object.keys(errors) as (keyof ForwardContactForm)[];
    if (fields.length) {
      for (const field of fields) form.setError(field, { type: 'schema', message: errors[field] });
      form.setFocus(fields[0] as Path<ForwardContactForm>);
      return;
    }
    const options = {
      onSuccess: (answer: { message: string }) => {
        flash('success', answer.message);
        onClose();
      },
      onError: (error: unknown) =>
        setFormError(
          applyServerErrors(error, form.setError, (field) =>
            (FORM_FIELDS as readonly string[]).includes(field),
          ),
        ),
    };
    const body = bodyOf(values);
    if (entry) save.update.mutate({ companyId, id: entry.id, body }, options);
    else save.create.mutate({ companyId, body }, options);
  });

  return (
    <FormDialog
      title={entry ? `Edit ${entry.name}` : 'Add a forwarding number'}
      submitLabel={entry ? 'Save' : 'Add'}
      pending={save.isPending}
      error={formError}
      gap="sm"
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        description="Who or what answers: a person, a desk, a branch."
        withAsterisk
        data-autofocus
        maxLength={FORWARD_CONTACT_NAME_MAX}
        {...fieldProps(form, 'name')}
      />
      <TextInput
        label="Phone number"
        withAsterisk
        autoComplete="off"
        placeholder={international ? '+44 20 7946 0958' : '(312) 555-0100'}
        {...fieldProps(form, 'number')}
      />
      <Checkbox
        label="International number"
        description="Outside the US, Canada and the Caribbean (+1): enter it with its country code."
        {...fieldProps(form, 'usingIntNumber')}
      />
      <Textarea
        label="Note"
        autosize
        minRows={2}
        maxLength={FORWARD_CONTACT_NOTE_MAX}
        {...fieldProps(form, 'note')}
      />
    </FormDialog>
  );
}
