import { VideoIcon } from '../../../components/ui/icons.tsx';

/** What the feed area shows until it has posts (the feed itself arrives with its own issue). */
export function FeedEmptyState() {
  return (
    <section className="empty-state" data-testid="feed-empty" aria-label="Feed">
      <span className="empty-state__icon">
        <VideoIcon />
      </span>
      <h2 className="empty-state__title">No posts yet</h2>
      <p className="empty-state__text">Videos and posts from creators will show up here.</p>
    </section>
  );
}
