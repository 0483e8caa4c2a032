/**
 * The account's email on the signed-out forms. `username` tells the browser's password manager that it is the
 * account's name, so the manager fills it in, and saves it with the password.
 */
import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';

export function AccountEmailInput(
  props: Omit<ComponentProps<typeof TextInput>, 'label' | 'type' | 'autoComplete'>,
) {
  return <TextInput label="Email" type="email" autoComplete="username" {...props} />;
}
