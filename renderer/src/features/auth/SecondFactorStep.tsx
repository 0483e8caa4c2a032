/** The second step of sign-in (§5 "one carrying a kind means a second factor is required"). */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { MfaBodySchema, type MfaChallenge } from '@shared/api/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { completeSecondFactor, resendSecondFactor } from './signIn';

type Values = z.input<typeof MfaBodySchema>;

export function SecondFactorStep({
  challenge,
  onDone,
  onCancel,
}: {
  challenge: MfaChallenge;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [notice, setNotice] = useState('');
  const form = useForm<Values>({
    resolver: zodResolver(MfaBodySchema),
    defaultValues: { mfa_token: challenge.mfa_token, code: '' },
  });

  const submit = form.handleSubmit(async ({ mfa_token, code }) => {
    try {
      await completeSecondFactor(mfa_token, code);
      onDone();
    } catch (caught) {
      // The form has one field: whatever went wrong is said beside it.
      const unplaced = applyServerErrors(caught, form.setError, ['code']);
      if (unplaced) form.setError('code', { type: 'server', message: unplaced });
      // A refused challenge (expired, too many tries) cannot be answered again: back to the first step.
      if (caught instanceof ApiError && caught.status === 401) setTimeout(onCancel, 2500);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {challenge.kind === 'email'
            ? `We emailed a 6-digit code to ${challenge.destination ?? 'you'}.`
            : 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'}
        </Text>
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          {...fieldProps(form, 'code')}
        />
        {notice && <Alert color="blue">{notice}</Alert>}
        <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.watch('code').trim()}>
          Verify
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            Use another account
          </Anchor>
          {challenge.kind === 'email' && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={async () => {
                await resendSecondFactor(challenge.mfa_token);
                setNotice('We sent a new code.');
              }}
            >
              Send a new code
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}
