/** The second step of sign-in (§5 "one carrying a kind means a second factor is required"). */
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { MfaChallenge } from '@shared/api/auth';
import { useState } from 'react';
import { ApiError } from '../../api';
import { completeSecondFactor, resendSecondFactor } from './signIn';

export function SecondFactorStep({
  challenge,
  onDone,
  onCancel,
}: {
  challenge: MfaChallenge;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await completeSecondFactor(challenge.mfa_token, code.trim());
      onDone();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) {
        setError(caught.message);
        setTimeout(onCancel, 2500);
      } else setError(caught instanceof ApiError ? (caught.field('code') ?? caught.message) : String(caught));
    } finally {
      setBusy(false);
    }
  };

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
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error || undefined}
        />
        {notice && <Alert color="blue">{notice}</Alert>}
        <Button type="submit" loading={busy} disabled={!code.trim()}>
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
