import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { FirstRead } from '@myworld/schemas';
import { Router } from 'wouter';
import { AppProvider } from './app/provider.tsx';
import { AppShell } from './app/app-shell.tsx';
import { appRoutes } from './app/routes.tsx';
import { readsSettled } from './app/first-screen-prefetch.ts';
import { currentUserQueryOptions } from './lib/current-user.ts';
import { dropFirstReads, serveFirstReads } from './lib/first-reads.ts';
import { createQueryClient } from './lib/query-client.ts';
import { renderingAt } from './lib/render-clock.ts';

/** The first reads are one module-wide store: one render at a time reads from it. */
let queue: Promise<void> = Promise.resolve();

/** The paths rendered here: the first screens of most visits. */
const RENDERED_PATHS = new Set(['/']);

/**
 * The server's render of a first screen (built by `vite build --ssr` into dist-ssr/, loaded by the
 * API's web-client.ts): the app at `path` with the page's first reads in its cache, so the HTML
 * already shows the landing page or the home feed before any JavaScript arrives; main.tsx then
 * hydrates it. Only the screens whose every read the page carries are rendered (a visitor's
 * landing, a signed-in home): any other page, or a read that failed, gets null and the client
 * renders it as before. Relative times are counted from `now`, which the page carries for the
 * client's hydration (lib/render-clock.ts).
 */
export async function renderFirstScreen(path: string, reads: readonly FirstRead[], now: Date): Promise<string | null> {
  if (!RENDERED_PATHS.has(path)) return null;
  const previous = queue;
  let done = () => {};
  queue = new Promise((resolve) => (done = resolve));
  await previous;
  try {
    renderingAt(now);
    return await render(path, reads);
  } finally {
    renderingAt(null);
    dropFirstReads();
    done();
  }
}

async function render(path: string, reads: readonly FirstRead[]): Promise<string | null> {
  serveFirstReads(reads);
  const queryClient = createQueryClient();
  const user = await queryClient.fetchQuery(currentUserQueryOptions).catch(() => undefined);
  if (user === undefined) return null;
  const access = user ? 'signed-in' : 'signed-out';
  for (const route of appRoutes)
    if (route.path === path && route.access === access && route.prefetch) route.prefetch(queryClient);
  await readsSettled(queryClient);
  // A read the page did not carry would show its error here and its data in the browser.
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
  )
    return null;
  return renderToString(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <Router ssrPath={path}>
          <AppShell />
        </Router>
      </AppProvider>
    </StrictMode>,
  );
}
