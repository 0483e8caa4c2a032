/** Two-step sign-in for oneself (§7 MFA): authenticator app with a QR code, or emailed codes; recovery codes once. */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AUTH_ENDPOINTS } from '@shared/api/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, api } from '../../api';
import { keys } from '../../api/keys';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';

/** The code of the verify body; its kind is the step the person chose. */
const VerifySchema = AUTH_ENDPOINTS.mfaVerify.body.pick({ code: true });
type VerifyValues = z.input<typeof VerifySchema>;

type Step =
  | { kind: 'idle' }
  | { kind: 'totp'; qr: string; secret: string }
  | { kind: 'email' }
  | { kind: 'codes'; codes: string[] };

export function MfaSection({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const verifyForm = useForm<VerifyValues>({
    resolver: zodResolver(VerifySchema),
    defaultValues: { code: '' },
  });
  const [error, setError] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.currentUser() });
  const run = async (action: () => Promise<void>) => {
    setError('');
    try {
      await action();
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? (caught.field('code') ?? caught.field('password') ?? caught.message)
          : String(caught),
      );
    }
  };

  if (step.kind === 'codes') {
    return (
      <Stack>
        <Title order={2} size="h3">
          Recovery codes
        </Title>
        <Alert color="yellow">
          Keep these somewhere safe. Each works once if you lose your phone. They are not shown again.
        </Alert>
        <SimpleGrid cols={2}>
          {step.codes.map((c) => (
            <Code key={c}>{c}</Code>
          ))}
        </SimpleGrid>
        <Button onClick={() => setStep({ kind: 'idle' })}>I saved them</Button>
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={2} size="h3">
        Two-step sign-in
      </Title>
      {enabled ? (
        <>
          <Text size="sm">Two-step sign-in is on. To turn it off, confirm your password.</Text>
          <PasswordInput
            label="Password to turn off two-step sign-in"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error || undefined}
          />
          <Group>
            <Button
              color="red"
              variant="light"
              onClick={() =>
                run(async () => {
                  await api.call(AUTH_ENDPOINTS.mfaDisable, { body: { password } }, { silent: true });
                  setPassword('');
                  flash('success', 'Two-step sign-in is off.');
                  await refresh();
                })
              }
            >
              Turn off two-step sign-in
            </Button>
          </Group>
        </>
      ) : step.kind === 'idle' ? (
        <>
          <Text size="sm">Ask for a code as well as your password when you sign in.</Text>
          <Group>
            <Button
              onClick={() =>
                run(async () => {
                  const data = await api.call(AUTH_ENDPOINTS.mfaQr);
                  setStep({ kind: 'totp', qr: data.qr, secret: data.secret });
                })
              }
            >
              Use an authenticator app
            </Button>
            <Button
              variant="light"
              onClick={() =>
                run(async () => {
                  await api.call(AUTH_ENDPOINTS.mfaSendCode, { body: { kind: 'email' } }, { silent: true });
                  setStep({ kind: 'email' });
                })
              }
            >
              Use codes by email
            </Button>
          </Group>
        </>
      ) : (
        <form
          onSubmit={verifyForm.handleSubmit(async ({ code }) => {
            try {
              const data = await api.call(
                AUTH_ENDPOINTS.mfaVerify,
                { body: { kind: step.kind, code } },
                { silent: true },
              );
              verifyForm.reset();
              setStep({ kind: 'codes', codes: data.recovery_codes });
              await refresh();
            } catch (caught) {
              // The form has one field: whatever went wrong is said beside it.
              const unplaced = applyServerErrors(caught, verifyForm.setError, ['code']);
              if (unplaced) verifyForm.setError('code', { type: 'server', message: unplaced });
            }
          })}
        >
          <Stack gap="sm">
            {step.kind === 'totp' ? (
              <>
                <Text size="sm">Scan this with your authenticator app, then enter the code it shows.</Text>
                <Image src={step.qr} alt="QR code for your authenticator app" w={200} h={200} />
                <Text size="xs">
                  Or type this key: <Code data-testid="mfa-secret">{step.secret}</Code>
                </Text>
              </>
            ) : (
              <Text size="sm">We emailed you a 6-digit code.</Text>
            )}
            <TextInput
              label="Code"
              autoComplete="one-time-code"
              inputMode="numeric"
              {...fieldProps(verifyForm, 'code')}
            />
            <Group>
              <Button type="submit" disabled={!verifyForm.watch('code').trim()}>
                Turn on two-step sign-in
              </Button>
              <Button variant="subtle" onClick={() => setStep({ kind: 'idle' })}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
