/**
 * Profile: name, email and time zone (about 400 IANA zones with labels; only a known zone is used), the password,
 * two-step sign-in, and the what's-new read marker. Messages of §8: 'Successfully updated user info',
 * 'Your password was successfully changed'.
 */
import {
  Alert,
  Button,
  Divider,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { NEW_PASSWORD_HINT } from '@shared/domain/auth';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { timeZoneOptions } from '@shared/domain/time';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type ApiError, api } from '../../api';
import { useConnection } from '../../api/connection';
import { keys } from '../../api/keys';
import { useShell } from '../../app/context';
import { flash } from '../../ui/flash';
import { DesktopSettingsSection } from './DesktopSettingsSection';
import { MfaSection } from './MfaSection';
import { PROFILE_UPDATE, type ProfileUpdate } from './profileMutation';

export function ProfilePage() {
  const { user } = useShell();
  const queryClient = useQueryClient();
  const connection = useConnection();
  const zones = useMemo(
    () => timeZoneOptions().map((zone) => ({ value: zone.value, label: zone.label })),
    [],
  );
  const [details, setDetails] = useState({ name: user.name, email: user.email, timezone: user.timezone });
  const save = useMutation<{ message: string }, ApiError, ProfileUpdate>({ mutationKey: PROFILE_UPDATE });
  const queued = useMutationState({ filters: { mutationKey: PROFILE_UPDATE, status: 'pending' } }).length;

  const [passwords, setPasswords] = useState({
    current_password: '',
    password: '',
    password_confirmation: '',
  });
  const changePassword = useMutation<unknown, ApiError, typeof passwords>({
    mutationFn: (body) => api.post('/users/update-password', body, { silent: true }),
    onSuccess: () => {
      flash('success', SUCCESS_MESSAGES.passwordChanged);
      setPasswords({ current_password: '', password: '', password_confirmation: '' });
    },
  });
  const whatsNew = useMutation({
    mutationFn: () => api.post('/user/whats_new_read'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.currentUser() }),
  });

  return (
    <Stack maw={560}>
      <Title order={1} size="h2">
        Profile
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { idempotencyKey: crypto.randomUUID(), changes: details },
            { onSuccess: () => flash('success', SUCCESS_MESSAGES.userInfoUpdated) },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            autoComplete="name"
            value={details.name}
            onChange={(e) => setDetails({ ...details, name: e.currentTarget.value })}
            error={save.error?.field('name')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={details.email}
            onChange={(e) => setDetails({ ...details, email: e.currentTarget.value })}
            error={save.error?.field('email')}
          />
          <Select
            label="Time zone"
            data={zones}
            searchable
            value={details.timezone}
            allowDeselect={false}
            onChange={(timezone) => timezone && setDetails({ ...details, timezone })}
            error={save.error?.field('timezone')}
          />
          {queued > 0 && !connection.online && (
            <Alert color="yellow" role="status">
              Saved on this device. It will be sent when the connection is back.
            </Alert>
          )}
          {save.error &&
            !save.error.field('name') &&
            !save.error.field('email') &&
            !save.error.field('timezone') && (
              <Alert color="red" role="alert">
                {save.error.message}
              </Alert>
            )}
          <Group>
            <Button type="submit" loading={save.isPending && connection.online}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>

      <Divider />
      <Title order={2} size="h3">
        Password
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          changePassword.mutate(passwords);
        }}
      >
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={passwords.current_password}
            onChange={(e) => setPasswords({ ...passwords, current_password: e.currentTarget.value })}
            error={changePassword.error?.field('current_password')}
          />
          <PasswordInput
            label="New password"
            description={NEW_PASSWORD_HINT}
            autoComplete="new-password"
            value={passwords.password}
            onChange={(e) => setPasswords({ ...passwords, password: e.currentTarget.value })}
            error={changePassword.error?.field('password')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            value={passwords.password_confirmation}
            onChange={(e) => setPasswords({ ...passwords, password_confirmation: e.currentTarget.value })}
            error={changePassword.error?.field('password_confirmation')}
          />
          <Group>
            <Button type="submit" loading={changePassword.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>

      <Divider />
      <MfaSection enabled={user.mfa_enabled} />

      <DesktopSettingsSection />

      <Divider />
      <Group justify="space-between">
        <Text size="sm">
          {user.read_whats_new_at
            ? `You read what’s new on ${user.read_whats_new_at}.`
            : 'You have not read what’s new yet.'}
        </Text>
        <Button variant="light" size="xs" loading={whatsNew.isPending} onClick={() => whatsNew.mutate()}>
          Mark what’s new as read
        </Button>
      </Group>
    </Stack>
  );
}
