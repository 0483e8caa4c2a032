/**
 * Sign-in (§4 Login outcomes): Email, Password, Sign in; a second-factor step when the answer carries a kind;
 * "Link expired. Please log in." when a link brought the user here after it expired.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Checkbox, Group, PasswordInput, Text } from '@mantine/core';
import type { MfaChallenge } from '@shared/api/auth';
import { LoginBodySchema } from '@shared/api/auth';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { PublicForm, PublicLayout } from '../../ui/PublicLayout';
import { AccountEmailInput } from './AccountEmailInput';
import { SecondFactorStep } from './SecondFactorStep';
import { signIn } from './signIn';

type Values = z.input<typeof LoginBodySchema>;

export function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [formError, setFormError] = useState('');
  const form = useForm<Values>({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { email: '', password: '', remember: false },
  });
  const goOn = () => navigate(params.get('next') ?? '/', { replace: true });

  const submit = form.handleSubmit(async (values) => {
    setFormError('');
    try {
      const result = await signIn(values.email, values.password, values.remember ?? false);
      if (result.outcome === 'mfa-required') setChallenge(result.challenge);
      else goOn();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email', 'password']) || 'Sign-in failed.');
    }
  });

  if (challenge) {
    return (
      <PublicLayout title="Two-step sign-in">
        <SecondFactorStep challenge={challenge} onDone={goOn} onCancel={() => setChallenge(null)} />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title="Sign in">
      {params.get('expired') && <Alert color="yellow">{ERROR_MESSAGES.linkExpired}</Alert>}
      {params.get('reset') && (
        <Alert color="green">Your password was changed. Sign in with the new one.</Alert>
      )}
      <PublicForm
        submitLabel="Sign in"
        submitting={form.formState.isSubmitting}
        error={formError}
        onSubmit={submit}
        links={
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot your password?
            </Anchor>
            <Text size="sm">
              New here?{' '}
              <Anchor component={Link} to="/sign-up">
                Create an account
              </Anchor>
            </Text>
          </Group>
        }
      >
        <AccountEmailInput autoFocus {...fieldProps(form, 'email')} />
        <PasswordInput label="Password" autoComplete="current-password" {...fieldProps(form, 'password')} />
        <Checkbox label="Keep me signed in on this computer" {...form.register('remember')} />
      </PublicForm>
    </PublicLayout>
  );
}
