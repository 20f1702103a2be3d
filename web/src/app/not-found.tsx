import { Link } from 'wouter';
import { CompassIcon } from '../components/ui/icons.tsx';

/** Any path outside the routes open to the session (signed in or not). */
export function NotFoundPage() {
  return (
    <main className="full-screen-center not-found">
      <span className="empty-state__icon" aria-hidden="true">
        <CompassIcon />
      </span>
      <h1 className="not-found__title">404 Page Not Found</h1>
      <p className="muted">The page you're looking for doesn't exist or has moved.</p>
      <Link href="/" className="btn btn--primary">
        Go home
      </Link>
    </main>
  );
}
