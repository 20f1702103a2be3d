import { Router } from 'wouter';
import { AppProvider } from './provider.tsx';
import { AppShell } from './app-shell.tsx';

/** The whole client, on the browser's real location. */
export function App() {
  return (
    <AppProvider>
      <Router>
        <AppShell />
      </Router>
    </AppProvider>
  );
}
