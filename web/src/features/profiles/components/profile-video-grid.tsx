import { PROFILE_PAGE_MESSAGES } from '@myworld/schemas';
import { useProfileVideos } from '../../../lib/profile-reads.ts';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { ProfileVideoCard } from './profile-video-card.tsx';
import './profiles.css';

/**
 * A user's videos in 3 columns, newest first, a page at a time. Fills the `ProfileVideoGrid` slot
 * (the own profile) and the public profile's Videos tab.
 */
export function ProfileVideoGrid({ userId }: { userId: string }) {
  const videos = useProfileVideos(userId);
  if (videos.isPending)
    return <span className="spinner profile-grid__spinner" role="progressbar" aria-label="Loading videos" />;
  if (videos.isError) return <p className="profile-grid__empty">Could not load videos.</p>;
  const items = videos.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <p className="profile-grid__empty" data-testid="profile-videos-empty">
        {PROFILE_PAGE_MESSAGES.noVideos}
      </p>
    );
  return (
    <>
      <ul className="profile-grid" data-testid="profile-videos-grid">
        {items.map((video) => (
          <li key={video.id}>
            <ProfileVideoCard video={video} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={videos.hasNextPage}
        loading={videos.isFetchingNextPage}
        onLoadMore={() => void videos.fetchNextPage()}
        testId="profile-videos-load-more"
        className="profile-grid__more"
      />
    </>
  );
}
