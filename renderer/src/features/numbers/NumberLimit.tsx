/**
 * The company's number limit ("12 of 25 numbers") and the way to ask for more: a dialog with how many numbers
 * and why (optional); the answer is §8's message. While a request waits, "Increase requested" says so.
 */
import { Badge, Button, Group, NumberInput, Text, Textarea } from '@mantine/core';
import type { NumberLimit as Limit } from '@shared/api/numberPurchase';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../ui/FormDialog';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { useRequestIncrease } from './numbersApi';

interface IncreaseForm {
  requested: number | string;
  reason: string;
}

export function RequestIncreaseDialog({
  companyId,
  limit,
  opened,
  onClose,
}: {
  companyId: number;
  limit: Limit | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const request = useRequestIncrease();
  const form = useForm<IncreaseForm>({ defaultValues: { requested: '', reason: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const { reset } = form;
  const suggested = limit ? limit.limit + 10 : 10;

  useEffect(() => {
    if (!opened) return;
    reset({ requested: suggested, reason: '' });
    setFormError(null);
    request.reset();
  }, [opened, suggested, reset, request.reset]);

  const submit = form.handleSubmit(({ requested, reason }) => {
    setFormError(null);
    request.mutate(
      { companyId, requested: Number(requested), reason },
      {
        onSuccess: ({ message }) => {
          flash('success', message);
          onClose();
        },
        onError: (error) =>
          setFormError(applyServerErrors(error, form.setError, ['requested', 'reason']) || null),
      },
    );
  });

  return (
    <FormDialog
      opened={opened}
      title="Request more numbers"
      submitLabel="Send request"
      pending={request.isPending}
      error={formError}
      onClose={onClose}
      onSubmit={submit}
    >
      {limit && (
        <Text size="sm" c="dimmed">
          The company may have {limit.limit} numbers and has {limit.used}.
        </Text>
      )}
      <Controller
        control={form.control}
        name="requested"
        rules={{
          validate: (value) =>
            (Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 10_000) ||
            'Enter how many numbers the company needs in all (1 to 10,000).',
        }}
        render={({ field, fieldState }) => (
          <NumberInput
            label="Numbers needed"
            description="The limit you would like, in all"
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            min={1}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
            data-autofocus
            withAsterisk
          />
        )}
      />
      <Textarea
        label="Reason"
        description="Optional: what the numbers are for"
        autosize
        minRows={2}
        maxLength={1000}
        {...fieldProps(form, 'reason')}
      />
    </FormDialog>
  );
}

/** "12 of 25 numbers", with the request action (for who may buy) or "Increase requested". */
export function NumberLimitBar({
  limit,
  canManage,
  onRequest,
}: {
  limit: Limit | undefined;
  canManage: boolean;
  onRequest: () => void;
}) {
  if (!limit) return null;
  return (
    <Group gap="sm" aria-label="Number limit" role="group">
      <Text size="sm">
        {limit.used} of {limit.limit} numbers
      </Text>
      {limit.increase_requested ? (
        <Badge variant="light" color="blue">
          Increase requested
        </Badge>
      ) : (
        canManage && (
          <Button size="compact-sm" variant="light" onClick={onRequest}>
            Request more numbers
          </Button>
        )
      )}
    </Group>
  );
}
