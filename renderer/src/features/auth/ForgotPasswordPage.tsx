/** Asks for a reset link (§7 POST /password/forgot). The answer is the same whether or not the account exists. */
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, api } from '../../api';
import { PublicLayout } from '../../ui/PublicLayout';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const { data } = await api.post<{ message: string }>('/password/forgot', { email }, { silent: true });
      setSent(data.message);
    } catch (caught) {
      setError(caught instanceof ApiError ? (caught.field('email') ?? caught.message) : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title="Reset your password">
      {sent ? (
        <Alert color="green" role="status">
          {sent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error || undefined}
            />
            <Button type="submit" loading={busy} disabled={!email.trim()}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/sign-in" size="sm">
        Back to sign in
      </Anchor>
    </PublicLayout>
  );
}
