import { useState } from 'react';
import { Router } from 'wouter';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProvider } from './provider.tsx';
import { AppShell } from './app-shell.tsx';
import { appRoutes } from './routes.tsx';
import { prefetchFirstScreen } from './first-screen-prefetch.ts';

/** The whole client, on the browser's real location. */
export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchFirstScreen(client, appRoutes, window.location.pathname);
    return client;
  });
  return (
    <AppProvider queryClient={queryClient}>
      <Router>
        <AppShell />
      </Router>
    </AppProvider>
  );
}
