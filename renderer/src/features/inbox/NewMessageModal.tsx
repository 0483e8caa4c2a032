/**
 * A text to someone the inbox has no conversation with yet (§7 "POST /message": `numberId` and `to`), from the
 * inbox's New message button or an `sms:` link (`/inbox/new?number=…&body=…`, which the desktop app opens). The
 * reply lands in the conversation the server finds or starts, which opens.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { MESSAGING_ENDPOINTS } from '@shared/api/messaging';
import { TEXT_MAX_LENGTH } from '@shared/domain/limits';
import { formatPhone, normalizePhone } from '@shared/domain/phone';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { api } from '../../api';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { useInboxNumbers } from './inboxApi';

const NewMessageSchema = z.object({
  to: z
    .string()
    .trim()
    .min(1, 'Enter the number to send to.')
    .refine((value) => normalizePhone(value) !== null, 'Enter a valid phone number.'),
  numberId: z.string().min(1, 'Choose the number to send from.'),
  text: z
    .string()
    .trim()
    .min(1, 'Write a message.')
    .max(TEXT_MAX_LENGTH, `A message is at most ${TEXT_MAX_LENGTH} characters.`),
});
type Values = z.input<typeof NewMessageSchema>;

export function NewMessageModal({
  companyId,
  opened,
  initial,
  onClose,
  onSent,
}: {
  companyId: number;
  opened: boolean;
  /** Prefilled from an sms: link. */
  initial: { to: string; text: string };
  onClose(): void;
  onSent(conversationId: number): void;
}) {
  const numbers = useInboxNumbers(companyId);
  const senders = (numbers.data ?? []).filter((number) => number.sms_enabled);
  const [formError, setFormError] = useState('');
  const form = useForm<Values>({
    resolver: zodResolver(NewMessageSchema),
    defaultValues: { to: initial.to, numberId: '', text: initial.text },
  });

  // A link opened while the dialog is up fills it again; the only texting line is chosen for the user.
  useEffect(() => {
    if (opened) form.reset({ to: initial.to, numberId: form.getValues('numberId'), text: initial.text });
  }, [opened, initial.to, initial.text, form]);
  const onlySender = senders.length === 1 ? String(senders[0]?.id) : '';
  useEffect(() => {
    if (onlySender && !form.getValues('numberId')) form.setValue('numberId', onlySender);
  }, [onlySender, form]);

  const submit = form.handleSubmit(async (values) => {
    setFormError('');
    try {
      const data = await api.call(
        MESSAGING_ENDPOINTS.send,
        {
          query: { companyId },
          body: {
            numberId: Number(values.numberId),
            to: normalizePhone(values.to),
            text: values.text.trim(),
          },
        },
        { idempotencyKey: crypto.randomUUID(), silent: true },
      );
      form.reset({ to: '', numberId: values.numberId, text: '' });
      onSent(data.conversation_id);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['to', 'numberId', 'text']));
    }
  });

  const errors = form.formState.errors;
  const length = form.watch('text').length;
  return (
    <Modal opened={opened} onClose={onClose} title="New message">
      <form onSubmit={submit} noValidate>
        <Stack>
          {formError && (
            <Alert color="red" title="Not sent">
              {formError}
            </Alert>
          )}
          <TextInput
            label="To"
            placeholder="(312) 555-0123"
            autoComplete="off"
            data-autofocus
            {...fieldProps(form, 'to')}
          />
          <Controller
            control={form.control}
            name="numberId"
            render={({ field }) => (
              <Select
                label="From"
                placeholder={numbers.isPending ? 'Loading numbers…' : 'Choose a number'}
                data={senders.map((number) => ({
                  value: String(number.id),
                  label: `${number.label || 'Unlabelled'} · ${formatPhone(number.number)}`,
                }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                nothingFoundMessage="No number of this company can send texts."
                error={errors.numberId?.message}
              />
            )}
          />
          {numbers.isError ? (
            <Alert color="red" title="Numbers not loaded">
              The company’s numbers could not be loaded, so there is nothing to send from.{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void numbers.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            numbers.isSuccess &&
            senders.length === 0 && (
              <Text size="sm" c="dimmed">
                None of this company’s numbers can send texts yet.
              </Text>
            )
          )}
          <Textarea
            label="Message"
            autosize
            minRows={3}
            {...fieldProps(form, 'text')}
            description={`${length} / ${TEXT_MAX_LENGTH}`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
