import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@myworld/schemas';
import { currentUserQueryKey } from '../lib/current-user.ts';
import { testUser } from './fixtures.ts';
import { AppProvider } from '../app/provider.tsx';
import { AppShell } from '../app/app-shell.tsx';
import { createQueryClient } from '../lib/query-client.ts';

interface RenderOptions {
  url?: string;
  queryClient?: QueryClient;
}

/** A query cache in which `user` is signed in, for a part of a page rendered without the app shell. */
export function signedInQueryClient(user: CurrentUser = testUser()): QueryClient {
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, user);
  return client;
}

/**
 * Renders `ui` as the app would (real query defaults, the features' slots, the toast outlet) on an
 * in-memory location that records every navigation, so a test can read where a page sent the user.
 */
export function renderWithApp(ui: ReactNode, { url = '/', queryClient }: RenderOptions = {}) {
  const location = memoryLocation({ path: url, record: true });
  const client = queryClient ?? createQueryClient();
  const result = render(
    <AppProvider queryClient={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProvider>,
  );
  return { ...result, location, queryClient: client };
}

/** The whole client (session check, every feature's routes, the bottom navigation) at `url`. */
export function renderApp(options: RenderOptions = {}) {
  return renderWithApp(<AppShell />, options);
}
