import { Link } from 'wouter';
import { PROFILE_MESSAGES, postLink, type ProfileTextPost } from '@myworld/schemas';
import { TextPostTile } from '../../../components/ui/text-post-tile.tsx';
import { useProfilePosts } from '../api/list-profile-media.ts';
import { PagedProfileGrid } from './paged-profile-grid.tsx';
import { ProfileVideoCard } from './profile-video-card.tsx';

/**
 * The Posts tab: every post of the user in 3 columns, newest first, a page at a time; text posts as
 * their coloured card (or photo), videos as in the Videos tab. Fills the `ProfilePostGrid` slot
 * (the own profile) and the public profile's Posts tab.
 */
export function ProfilePostGrid({ userId }: { userId: string }) {
  return (
    <PagedProfileGrid
      query={useProfilePosts(userId)}
      noun="posts"
      testId="posts"
      emptyTestId="profile-posts-grid-empty"
      emptyText={PROFILE_MESSAGES.noPostsTitle}
      renderItem={(post) => (post.kind === 'video' ? <ProfileVideoCard video={post} /> : <TextPostCard post={post} />)}
    />
  );
}

function TextPostCard({ post }: { post: ProfileTextPost }) {
  return (
    <Link
      href={postLink({ id: post.id, kind: 'text' })}
      className="profile-grid__item"
      data-testid="profile-text-post-card"
      aria-label={post.content || 'Photo'}
    >
      <TextPostTile post={post} />
    </Link>
  );
}
