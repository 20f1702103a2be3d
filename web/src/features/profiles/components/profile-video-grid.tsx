import { Link } from 'wouter';
import { PROFILE_PAGE_MESSAGES, postLink, type ProfileVideo } from '@myworld/schemas';
import { useProfileVideos } from '../../../lib/profile-reads.ts';
import { formatCount } from '../../../lib/format-count.ts';
import { LoadMore } from '../../../components/ui/load-more.tsx';
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
            <VideoCard video={video} />
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

/** The poster, the view count when shown, and (to its author) a video still processing or failed. */
function VideoCard({ video }: { video: ProfileVideo }) {
  const label = video.title || video.description || 'Video';
  return (
    <Link
      href={postLink({ id: video.id, kind: 'video' })}
      className="profile-grid__item"
      data-testid="profile-video-card"
      data-status={video.status}
      aria-label={label}
    >
      {video.thumbnailUrl ? (
        <img src={video.thumbnailUrl} alt="" loading="lazy" />
      ) : (
        <span className="profile-grid__placeholder" aria-hidden="true" />
      )}
      {video.status !== 'published' && (
        <span className="profile-grid__status">{video.status === 'processing' ? 'Processing' : 'Failed'}</span>
      )}
      {video.viewCount !== undefined && (
        <span className="profile-grid__views" data-testid="profile-video-views">
          ▶ {formatCount(video.viewCount)}
        </span>
      )}
    </Link>
  );
}
