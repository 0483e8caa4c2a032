/**
 * The frame of the signed-out screens: a centred card with the product name, and the one form most of them hold
 * (its fields, what went wrong, the action, then any links).
 */
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { ErrorAlert } from './States';

export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <Stack gap="md">
          <Text fw={700} c="var(--mantine-color-anchor)" size="sm">
            Switchboard
          </Text>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

export function PublicForm({
  children,
  error,
  submitLabel,
  submitting,
  disabled,
  links,
  onSubmit,
}: {
  children: ReactNode;
  /** What went wrong with the whole form (field messages sit beside their fields); nothing shows when empty. */
  error?: ReactNode;
  submitLabel: string;
  submitting: boolean;
  disabled?: boolean;
  /** Under the action, inside the form. */
  links?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
}) {
  // The screens check fields themselves (the contract's schemas), in words the browser's bubbles do not have.
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {children}
        <ErrorAlert message={error} />
        <Button type="submit" loading={submitting} disabled={disabled}>
          {submitLabel}
        </Button>
        {links}
      </Stack>
    </form>
  );
}
