/**
 * Sign-up: creates a company whose creator is its owner (§6), then signs in. The address is verified by the link
 * the server mails (VerifyEmailPage); until then the shell's notice says what waits for it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { AUTH_ENDPOINTS, SignupBodySchema } from '@shared/api/auth';
import { NEW_PASSWORD_HINT } from '@shared/domain/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { api, queryClient } from '../../api';
import { keys } from '../../api/keys';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { PublicForm, PublicLayout } from '../../ui/PublicLayout';
import { AccountEmailInput } from './AccountEmailInput';
import { handOverTokens } from './signIn';
import { fetchCurrentUser } from './useCurrentUser';

type Values = z.input<typeof SignupBodySchema>;

export function SignUpPage() {
  const navigate = useNavigate();
  // A page that sent the person here to make an account (an invitation link) gets them back, as sign-in does.
  const [params] = useSearchParams();
  const [formError, setFormError] = useState('');
  const form = useForm<Values>({
    resolver: zodResolver(SignupBodySchema),
    defaultValues: { company_name: '', name: '', email: '', password: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError('');
    try {
      await api.call(AUTH_ENDPOINTS.csrfCookie, {}, { silent: true });
      // Sign-ups are limited per client address: past the limit, say so instead of waiting the hour out.
      const data = await api.call(
        AUTH_ENDPOINTS.signup,
        { body: values },
        { silent: true, retryWhenRateLimited: false },
      );
      if ('access_token' in data) await handOverTokens(data);
      queryClient.setQueryData(keys.currentUser(), await fetchCurrentUser());
      navigate(params.get('next') ?? '/', { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['company_name', 'name', 'email', 'password']));
    }
  });
  return (
    <PublicLayout title="Create your account">
      <PublicForm
        submitLabel="Create account"
        submitting={form.formState.isSubmitting}
        error={formError}
        onSubmit={submit}
      >
        <TextInput label="Company name" autoFocus {...fieldProps(form, 'company_name')} />
        <TextInput label="Your name" autoComplete="name" {...fieldProps(form, 'name')} />
        <AccountEmailInput {...fieldProps(form, 'email')} />
        <PasswordInput
          label="Password"
          description={NEW_PASSWORD_HINT}
          autoComplete="new-password"
          {...fieldProps(form, 'password')}
        />
      </PublicForm>
      <Anchor component={Link} to="/sign-in" size="sm">
        Already have an account? Sign in
      </Anchor>
    </PublicLayout>
  );
}
