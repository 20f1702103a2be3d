import { Link } from 'wouter';
import { PROFILE_PAGE_MESSAGES, postLink } from '@myworld/schemas';
import { useProfilePhotos } from '../api/list-profile-media.ts';
import { LoadMore } from '../../../components/ui/load-more.tsx';

/** The Photos tab: the user's text posts with a photo, 3 columns, each opening its post. */
export function ProfilePhotoGrid({ userId }: { userId: string }) {
  const photos = useProfilePhotos(userId);
  if (photos.isPending)
    return <span className="spinner profile-grid__spinner" role="progressbar" aria-label="Loading photos" />;
  if (photos.isError) return <p className="profile-grid__empty">Could not load photos.</p>;
  const items = photos.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <p className="profile-grid__empty" data-testid="profile-photos-empty">
        {PROFILE_PAGE_MESSAGES.noPhotos}
      </p>
    );
  return (
    <>
      <ul className="profile-grid" data-testid="profile-photos-grid">
        {items.map((photo) => (
          <li key={photo.id}>
            <Link
              href={postLink({ id: photo.id, kind: 'text' })}
              className="profile-grid__item"
              data-testid="profile-photo-card"
              aria-label={photo.content || 'Photo'}
            >
              <img src={photo.imageUrl} alt="" loading="lazy" />
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={photos.hasNextPage}
        loading={photos.isFetchingNextPage}
        onLoadMore={() => void photos.fetchNextPage()}
        testId="profile-photos-load-more"
        className="profile-grid__more"
      />
    </>
  );
}
