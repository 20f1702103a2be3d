import { Link } from 'wouter';
import { PROFILE_MESSAGES, postLink, type ProfileTextPost } from '@myworld/schemas';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { TextPostTile } from '../../../components/ui/text-post-tile.tsx';
import { useProfilePosts } from '../api/list-profile-media.ts';
import { ProfileVideoCard } from './profile-video-card.tsx';
import './profiles.css';

/**
 * The Posts tab: every post of the user in 3 columns, newest first, a page at a time; text posts as
 * their coloured card (or photo), videos as in the Videos tab. Fills the `ProfilePostGrid` slot
 * (the own profile) and the public profile's Posts tab.
 */
export function ProfilePostGrid({ userId }: { userId: string }) {
  const posts = useProfilePosts(userId);
  if (posts.isPending)
    return <span className="spinner profile-grid__spinner" role="progressbar" aria-label="Loading posts" />;
  if (posts.isError) return <p className="profile-grid__empty">Could not load posts.</p>;
  const items = posts.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <p className="profile-grid__empty" data-testid="profile-posts-grid-empty">
        {PROFILE_MESSAGES.noPostsTitle}
      </p>
    );
  return (
    <>
      <ul className="profile-grid" data-testid="profile-posts-grid">
        {items.map((post) => (
          <li key={post.id}>
            {post.kind === 'video' ? <ProfileVideoCard video={post} /> : <TextPostCard post={post} />}
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={posts.hasNextPage}
        loading={posts.isFetchingNextPage}
        onLoadMore={() => void posts.fetchNextPage()}
        testId="profile-posts-load-more"
        className="profile-grid__more"
      />
    </>
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
