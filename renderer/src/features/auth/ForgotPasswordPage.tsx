/** Asks for a reset link (§7 POST /password/forgot). The answer is the same whether or not the account exists. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor } from '@mantine/core';
import { AUTH_ENDPOINTS } from '@shared/api/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { api } from '../../api';
import { applyServerErrorsToField } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { PublicForm, PublicLayout } from '../../ui/PublicLayout';
import { AccountEmailInput } from './AccountEmailInput';

const ForgotSchema = AUTH_ENDPOINTS.passwordForgot.body;
type Values = z.input<typeof ForgotSchema>;

export function ForgotPasswordPage() {
  const [sent, setSent] = useState('');
  const form = useForm<Values>({ resolver: zodResolver(ForgotSchema), defaultValues: { email: '' } });

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const data = await api.call(AUTH_ENDPOINTS.passwordForgot, { body: { email } }, { silent: true });
      setSent(data.message);
    } catch (caught) {
      applyServerErrorsToField(caught, form.setError, 'email');
    }
  });

  return (
    <PublicLayout title="Reset your password">
      {sent ? (
        <Alert color="green" role="status">
          {sent}
        </Alert>
      ) : (
        <PublicForm
          submitLabel="Send reset link"
          submitting={form.formState.isSubmitting}
          disabled={!form.watch('email').trim()}
          onSubmit={submit}
        >
          <AccountEmailInput autoFocus {...fieldProps(form, 'email')} />
        </PublicForm>
      )}
      <Anchor component={Link} to="/sign-in" size="sm">
        Back to sign in
      </Anchor>
    </PublicLayout>
  );
}
