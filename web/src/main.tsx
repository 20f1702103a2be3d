import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, startClient } from './app/app.tsx';
import { readsSettled } from './app/first-screen-prefetch.ts';
import './styles/global.css';

// Before render: the reads started here settle (from the page's first reads) before React's first render.
const { queryClient, firstPageCode } = startClient(window.location.pathname);
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// The server rendered the first screen (entry-server.tsx) from the same reads: once they and the
// page's code are in, the first render matches it and React takes over its markup.
if (root.hasChildNodes())
  void Promise.all([readsSettled(queryClient), firstPageCode]).then(() => hydrateRoot(root, app));
else createRoot(root).render(app);
