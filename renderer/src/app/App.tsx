/** Providers: theme, flash messages, the persisted query cache, the session store, the router. */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Provider as JotaiProvider } from 'jotai';
import { RouterProvider } from 'react-router';
import { api, queryClient } from '../api';
import { createPersister, PERSIST_MAX_AGE_MS } from '../api/queryClient';
import { registerReplays } from '../api/replay';
import { appStore } from '../api/session';
import { platform } from '../platform';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

const persister = createPersister(platform());
// Changes that may be replayed after a restart (the contract's `replay` writes) find their function by key:
// registered before the cache is restored.
registerReplays(queryClient, api);

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
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
