import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, startClient } from './app/app.tsx';
import { readsSettled } from './app/first-screen-prefetch.ts';
import './styles/global.css';

// Before render: the reads started here settle (from the page's first reads) before React's first render.
const queryClient = startClient(window.location.pathname);
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// The server rendered the first screen (entry-server.tsx) from the same reads: once they are in
// the cache, the first render matches it and React takes over its markup.
if (root.hasChildNodes()) void readsSettled(queryClient).then(() => hydrateRoot(root, app));
else createRoot(root).render(app);
