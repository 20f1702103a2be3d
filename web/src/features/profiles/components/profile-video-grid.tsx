import { PROFILE_PAGE_MESSAGES } from '@myworld/schemas';
import { useProfileVideos } from '../../../lib/profile-reads.ts';
import { PagedProfileGrid } from './paged-profile-grid.tsx';
import { ProfileVideoCard } from './profile-video-card.tsx';

/**
 * A user's videos in 3 columns, newest first, a page at a time. Fills the `ProfileVideoGrid` slot
 * (the own profile) and the public profile's Videos tab.
 */
export function ProfileVideoGrid({ userId }: { userId: string }) {
  return (
    <PagedProfileGrid
      query={useProfileVideos(userId)}
      noun="videos"
      testId="videos"
      emptyText={PROFILE_PAGE_MESSAGES.noVideos}
      renderItem={(video) => <ProfileVideoCard video={video} />}
    />
  );
}
