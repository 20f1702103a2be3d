import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useCurrentUser } from '../lib/current-user.ts';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { appRoutes } from './routes.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { NotFoundPage } from './not-found.tsx';

/**
 * Shows a spinner while the session is being checked, then the routes open to it (signed in or
 * not; any other path is not found), and the bottom navigation for signed-in users.
 */
export function AppShell() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenSpinner />;
  const session = user ? 'signed-in' : 'signed-out';
  const routes = appRoutes.filter((r) => r.access === 'everyone' || r.access === session);
  return (
    <div className={`app ${user ? 'app--signed-in' : ''}`}>
      <Suspense fallback={<FullScreenSpinner />}>
        <Switch>
          {routes.map((r) => (
            <Route key={r.path} path={r.path} component={r.component} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      {user && <BottomNav />}
    </div>
  );
}
