import { Route, Switch } from 'wouter';
import { useCurrentUser } from '../lib/current-user.ts';
import { FullScreenSpinner } from '../components/spinner.tsx';
import { signedInRoutes, signedOutRoutes } from './routes.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

/** Picks the route set for the session (spinner while it is being checked) and adds the nav. */
export function AppShell() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenSpinner />;
  const routes = user ? signedInRoutes : signedOutRoutes;
  return (
    <div className={`app ${user ? 'app--signed-in' : ''}`}>
      <Switch>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} component={r.component} />
        ))}
        <Route component={NotFoundRoute} />
      </Switch>
      {user && <BottomNav />}
    </div>
  );
}
