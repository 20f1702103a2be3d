import { Link } from 'wouter';
import { PROFILE_PAGE_MESSAGES, postLink } from '@myworld/schemas';
import { useProfilePhotos } from '../api/list-profile-media.ts';
import { PagedProfileGrid } from './paged-profile-grid.tsx';

/** The Photos tab: the user's text posts with a photo, 3 columns, each opening its post. */
export function ProfilePhotoGrid({ userId }: { userId: string }) {
  return (
    <PagedProfileGrid
      query={useProfilePhotos(userId)}
      noun="photos"
      testId="photos"
      emptyText={PROFILE_PAGE_MESSAGES.noPhotos}
      renderItem={(photo) => (
        <Link
          href={postLink({ id: photo.id, kind: 'text' })}
          className="profile-grid__item"
          data-testid="profile-photo-card"
          aria-label={photo.content || 'Photo'}
        >
          <img src={photo.imageUrl} alt="" loading="lazy" />
        </Link>
      )}
    />
  );
}
