/** Sets a new password from a reset link (§7 POST /password/reset; §8 the expired-link message). */
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { NEW_PASSWORD_HINT } from '@shared/domain/auth';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../../api';
import { PublicLayout } from '../../ui/PublicLayout';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await api.post(
        '/password/reset',
        {
          token: params.get('token') ?? '',
          email: params.get('email') ?? '',
          password,
          password_confirmation: confirmation,
        },
        { silent: true },
      );
      navigate('/sign-in?reset=1', { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError) {
        setErrors({
          password: caught.field('password') ?? '',
          password_confirmation: caught.field('password_confirmation') ?? '',
          form:
            caught.field('token') ?? caught.field('email') ?? (caught.status === 422 ? '' : caught.message),
        });
      } else setErrors({ form: String(caught) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title="Choose a new password">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            description={NEW_PASSWORD_HINT}
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password || undefined}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={errors.password_confirmation || undefined}
          />
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}{' '}
              <Anchor component={Link} to="/forgot-password">
                Send a new link
              </Anchor>
            </Alert>
          )}
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}
