import { Link } from 'wouter';
import { POST_MESSAGES } from '@myworld/schemas';
import { CompassIcon } from '../../../components/ui/icons.tsx';

/** A detail page whose post does not exist (or was deleted). */
export function PostNotFound() {
  return (
    <main className="full-screen-center" data-testid="post-not-found">
      <span className="empty-state__icon" aria-hidden="true">
        <CompassIcon />
      </span>
      <h1 className="not-found__title">{POST_MESSAGES.notFound}</h1>
      <Link href="/" className="btn btn--primary">
        Go home
      </Link>
    </main>
  );
}
