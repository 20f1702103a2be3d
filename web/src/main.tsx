import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startClient } from './app/app.tsx';
import './styles/global.css';

// Before render: the reads started here settle (from the page's first reads) before React's first render.
const queryClient = startClient(window.location.pathname);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
