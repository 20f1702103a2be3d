import type { QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProvider } from './provider.tsx';
import { AppShell } from './app-shell.tsx';
import { appRoutes } from './routes.tsx';
import { prefetchFirstScreen } from './first-screen-prefetch.ts';
import { awaitFirstPageCode } from './first-page-code.ts';

/**
 * The client's query cache with the first screen's reads and page code already started: created
 * before React renders, so reads the page carries (lib/first-reads.ts) are in the cache by the
 * first render, which then shows the screen rather than a spinner. `firstPageCode` resolves once
 * that screen's code is in.
 */
export function startClient(path: string): { queryClient: QueryClient; firstPageCode: Promise<void> } {
  const queryClient = createQueryClient();
  const firstPageCode = awaitFirstPageCode(prefetchFirstScreen(queryClient, appRoutes, path));
  return { queryClient, firstPageCode };
}

/** The whole client, on the browser's real location. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <Router>
        <AppShell />
      </Router>
    </AppProvider>
  );
}
