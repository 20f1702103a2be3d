import { Link } from 'wouter';
import { postLink, type ProfileVideo } from '@myworld/schemas';
import { formatCount } from '../../../lib/format-count.ts';

/** The poster, the view count when shown, and (to its author) a video still processing or failed. */
export function ProfileVideoCard({ video }: { video: ProfileVideo }) {
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
