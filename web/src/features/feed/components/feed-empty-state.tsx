import { Link } from 'wouter';
import { VideoIcon } from '../../../components/ui/icons.tsx';

/** The feed with nothing in it yet (a new account): what to do to fill it. */
export function FeedEmptyState() {
  return (
    <section className="empty-state" data-testid="feed-empty" aria-label="Feed">
      <span className="empty-state__icon">
        <VideoIcon />
      </span>
      <h2 className="empty-state__title">No posts yet</h2>
      <p className="empty-state__text">Videos and posts from creators will show up here.</p>
      <p className="empty-state__text">Follow creators to see their posts in Following, or share your first video.</p>
      <Link href="/upload" className="btn btn--primary" data-testid="feed-empty-upload">
        Upload a video
      </Link>
    </section>
  );
}
