/** Providers: theme, flash messages, the persisted query cache, the session store, the router. */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Provider as JotaiProvider } from 'jotai';
import { RouterProvider } from 'react-router';
import { queryClient } from '../api';
import { createPersister, PERSIST_MAX_AGE_MS } from '../api/queryClient';
import { appStore } from '../api/session';
import { registerProfileMutation } from '../features/profile/profileMutation';
import { platform } from '../platform';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

const persister = createPersister(platform());
// Mutations that may be replayed after a restart are registered before the cache is restored.
registerProfileMutation(queryClient);

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-center" limit={4} />
      <ErrorBoundary>
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={{ persister, maxAge: PERSIST_MAX_AGE_MS, buster: 'v1' }}
          onSuccess={() => queryClient.resumePausedMutations()}
        >
          <JotaiProvider store={appStore}>
            <RouterProvider router={router} />
          </JotaiProvider>
        </PersistQueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
