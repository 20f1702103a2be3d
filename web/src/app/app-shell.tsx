import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useCurrentUser } from '../lib/current-user.ts';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { appRoutes } from './routes.tsx';
import { useFirstPageCodeLoading } from './first-page-code.ts';
import { BottomNav } from './bottom-nav.tsx';
import { NotFoundPage } from './not-found.tsx';
import { SignInFirst } from './sign-in-first.tsx';
import { VisitorNav, showsVisitorNav } from './visitor-nav.tsx';

/**
 * Shows a spinner while the session is being checked (and the first screen's code loads), then the
 * routes open to it (signed in or not), and the bottom navigation: the six items for signed-in
 * users, the open pages and a call to join for visitors. A visitor at a signed-in page is sent to sign in and brought back; any other
 * path is not found.
 */
export function AppShell() {
  const { user, isLoading } = useCurrentUser();
  const firstPageCodeLoading = useFirstPageCodeLoading();
  const [path] = useLocation();
  if (isLoading || firstPageCodeLoading) return <FullScreenSpinner />;
  const session = user ? 'signed-in' : 'signed-out';
  const routes = appRoutes.filter((r) => r.access === 'everyone' || r.access === session);
  const signInFirst = user ? [] : appRoutes.filter((r) => r.access === 'signed-in');
  const visitorNav = !user && showsVisitorNav(path);
  return (
    <div className={`app ${user ? 'app--signed-in' : ''} ${visitorNav ? 'app--visitor' : ''}`}>
      <Suspense fallback={<FullScreenSpinner />}>
        <Switch>
          {routes.map((r) => (
            <Route key={r.path} path={r.path} component={r.component} />
          ))}
          {signInFirst.map((r) => (
            <Route key={`sign-in-first ${r.path}`} path={r.path} component={SignInFirst} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      {user && <BottomNav />}
      {visitorNav && <VisitorNav />}
    </div>
  );
}
