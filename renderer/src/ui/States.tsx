/** Loading, empty, error and not-found states, so every screen says what is going on. */
import { Alert, Button, Center, Loader, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="xs">
      <Text fw={600}>{title}</Text>
      {children && <Text c="dimmed">{children}</Text>}
    </Stack>
  );
}

export function ErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" title={title} role="alert" m="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** A query that failed, in place of what it loads, with "Try again" to load it again. */
export function QueryErrorState({
  title,
  query,
}: {
  title: string;
  query: { error: unknown; refetch: () => unknown };
}) {
  return <ErrorState title={title} error={query.error} onRetry={() => query.refetch()} />;
}

/** What went wrong with a form or an action, read out at once; nothing while there is nothing to say. */
export function ErrorAlert({ message, mt }: { message: ReactNode; mt?: MantineSpacing }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" mt={mt}>
      {message}
    </Alert>
  );
}

export function NotFoundPage() {
  return (
    <Stack py="xl" align="flex-start">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text>There is nothing at this address.</Text>
      <Button component={Link} to="/">
        Go to the start
      </Button>
    </Stack>
  );
}
