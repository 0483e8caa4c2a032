/** Loading, empty, error and not-found states, so every screen says what is going on. */
import { Alert, Button, Center, Loader, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import { NOT_AVAILABLE_OFFLINE } from '@shared/domain/messages';
import { onlineManager } from '@tanstack/react-query';
import { type ReactNode, useSyncExternalStore } from 'react';
import { Link } from 'react-router';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Whether the platform can be reached (api/connection.ts keeps TanStack's online state). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline);
}

/** What a screen or its data that was never loaded says while offline, instead of spinning. */
export function NotAvailableOffline({ title = NOT_AVAILABLE_OFFLINE.title }: { title?: string }) {
  return (
    <Stack align="center" py="xl" gap="xs" role="status">
      <Text fw={600}>{title}</Text>
      <Text c="dimmed">{NOT_AVAILABLE_OFFLINE.text}</Text>
    </Stack>
  );
}

/** Loading: a spinner while online; offline, what is loading was never here, and the screen says so. */
export function LoadingState({ label = 'Loading' }: { label?: string }) {
  const online = useOnline();
  if (!online) return <NotAvailableOffline />;
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
