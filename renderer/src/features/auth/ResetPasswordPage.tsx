/** Sets a new password from a reset link (§7 POST /password/reset; §8 the expired-link message). */
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, PasswordInput } from '@mantine/core';
import { AUTH_ENDPOINTS } from '@shared/api/auth';
import { NEW_PASSWORD_HINT } from '@shared/domain/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { api } from '../../api';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { PublicForm, PublicLayout } from '../../ui/PublicLayout';

const ResetSchema = AUTH_ENDPOINTS.passwordReset.body;
type Values = z.input<typeof ResetSchema>;
const FIELDS = ['password', 'password_confirmation', 'token', 'email'] as const;

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The link's token and address travel with the form, so the contract's schema checks the whole body.
  const form = useForm<Values>({
    resolver: zodResolver(ResetSchema),
    defaultValues: {
      token: params.get('token') ?? '',
      email: params.get('email') ?? '',
      password: '',
      password_confirmation: '',
    },
  });
  const [formError, setFormError] = useState('');

  const submit = form.handleSubmit(async (body) => {
    setFormError('');
    try {
      await api.call(AUTH_ENDPOINTS.passwordReset, { body }, { silent: true });
      navigate('/sign-in?reset=1', { replace: true });
    } catch (caught) {
      setFormError(applyServerErrors(caught, form.setError, FIELDS));
    }
  });
  const errors = form.formState.errors;
  // A bad token or address is the link's fault: said above "Send a new link", not beside a field.
  const linkError = errors.token?.message ?? errors.email?.message ?? formError;

  return (
    <PublicLayout title="Choose a new password">
      <PublicForm
        submitLabel="Change password"
        submitting={form.formState.isSubmitting}
        error={
          linkError && (
            <>
              {linkError}{' '}
              <Anchor component={Link} to="/forgot-password">
                Send a new link
              </Anchor>
            </>
          )
        }
        onSubmit={submit}
      >
        <PasswordInput
          label="New password"
          description={NEW_PASSWORD_HINT}
          autoComplete="new-password"
          autoFocus
          {...fieldProps(form, 'password')}
        />
        <PasswordInput
          label="Repeat the new password"
          autoComplete="new-password"
          {...fieldProps(form, 'password_confirmation')}
        />
      </PublicForm>
    </PublicLayout>
  );
}
