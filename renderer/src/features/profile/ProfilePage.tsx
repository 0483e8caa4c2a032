/**
 * Profile: name, email and time zone (about 400 IANA zones with labels; only a known zone is used), the password,
 * two-step sign-in, and the what's-new read marker. Messages of §8: 'Successfully updated user info',
 * 'Your password was successfully changed'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
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
import { AUTH_ENDPOINTS } from '@shared/api/auth';
import { USER_ENDPOINTS } from '@shared/api/users';
import { NEW_PASSWORD_HINT } from '@shared/domain/auth';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { timeZoneOptions } from '@shared/domain/time';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type ApiError, api } from '../../api';
import { useConnection } from '../../api/connection';
import { keys } from '../../api/keys';
import { useShell } from '../../app/context';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { ErrorAlert } from '../../ui/States';
import { AppearanceSection } from './AppearanceSection';
import { DesktopSettingsSection } from './DesktopSettingsSection';
import { MfaSection } from './MfaSection';
import { PROFILE_UPDATE, useProfileUpdate } from './profileMutation';

const DetailsSchema = USER_ENDPOINTS.updateProfile.body;
type DetailsValues = z.input<typeof DetailsSchema>;
const DETAILS_FIELDS = ['name', 'email', 'timezone'] as const;

const PasswordSchema = USER_ENDPOINTS.updatePassword.body;
type PasswordValues = z.input<typeof PasswordSchema>;
const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const NO_PASSWORDS: PasswordValues = { current_password: '', password: '', password_confirmation: '' };

export function ProfilePage() {
  const { user } = useShell();
  const queryClient = useQueryClient();
  const connection = useConnection();
  const zones = useMemo(
    () => timeZoneOptions().map((zone) => ({ value: zone.value, label: zone.label })),
    [],
  );
  const detailsForm = useForm<DetailsValues>({
    resolver: zodResolver(DetailsSchema),
    defaultValues: { name: user.name, email: user.email, timezone: user.timezone },
  });
  const [detailsError, setDetailsError] = useState('');
  const save = useProfileUpdate();
  const queued = useMutationState({ filters: { mutationKey: PROFILE_UPDATE, status: 'pending' } }).length;
  // Not awaited: offline, the edit waits in the queue (see ./profileMutation.ts) while the form stays usable.
  const saveDetails = detailsForm.handleSubmit((changes) => {
    setDetailsError('');
    save.mutate(changes, {
      onSuccess: () => flash('success', SUCCESS_MESSAGES.userInfoUpdated),
      onError: (error) => setDetailsError(applyServerErrors(error, detailsForm.setError, DETAILS_FIELDS)),
    });
  });

  const passwordForm = useForm<PasswordValues>({
    resolver: zodResolver(PasswordSchema),
    defaultValues: NO_PASSWORDS,
  });
  const changePassword = useMutation<unknown, ApiError, PasswordValues>({
    mutationFn: (body) => api.call(USER_ENDPOINTS.updatePassword, { body }, { silent: true }),
    onSuccess: () => {
      flash('success', SUCCESS_MESSAGES.passwordChanged);
      passwordForm.reset(NO_PASSWORDS);
    },
    onError: (error) => applyServerErrors(error, passwordForm.setError, PASSWORD_FIELDS),
  });
  const whatsNew = useMutation({
    mutationFn: () => api.call(AUTH_ENDPOINTS.whatsNewRead),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.currentUser() }),
  });

  return (
    <Stack maw={560}>
      <Title order={1} size="h2">
        Profile
      </Title>
      <form onSubmit={saveDetails}>
        <Stack gap="sm">
          <TextInput label="Name" autoComplete="name" {...fieldProps(detailsForm, 'name')} />
          <TextInput label="Email" type="email" autoComplete="email" {...fieldProps(detailsForm, 'email')} />
          <Controller
            control={detailsForm.control}
            name="timezone"
            render={({ field, fieldState }) => (
              <Select
                label="Time zone"
                data={zones}
                searchable
                ref={field.ref}
                value={field.value ?? null}
                allowDeselect={false}
                onChange={(timezone) => timezone && field.onChange(timezone)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          {queued > 0 && !connection.online && (
            <Alert color="yellow" role="status">
              Saved on this device. It will be sent when the connection is back.
            </Alert>
          )}
          <ErrorAlert message={detailsError} />
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
      <form onSubmit={passwordForm.handleSubmit((values) => changePassword.mutate(values))}>
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...fieldProps(passwordForm, 'current_password')}
          />
          <PasswordInput
            label="New password"
            description={NEW_PASSWORD_HINT}
            autoComplete="new-password"
            {...fieldProps(passwordForm, 'password')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            {...fieldProps(passwordForm, 'password_confirmation')}
          />
          <Group>
            <Button type="submit" loading={changePassword.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>

      <Divider />
      <AppearanceSection />

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
