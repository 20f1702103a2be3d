import { TabList } from '../../../components/ui/tab-list.tsx';
import { useState } from 'react';
import { Link } from 'wouter';
import { VideoIcon } from '../../../components/ui/icons.tsx';
import { PROFILE_MESSAGES } from '@myworld/schemas';
import { useSlots } from '../../../lib/slots.tsx';

type PostsTab = 'posts' | 'videos';

const TABS: { id: PostsTab; label: string }[] = [
  { id: 'posts', label: 'Posts' },
  { id: 'videos', label: 'Videos' },
];

interface ProfilePostsProps {
  userId: string;
  /** How many posts the user has; null while it is being read. */
  postCount: number | null;
}

/**
 * Posts (every post, text cards included) and Videos, the profiles feature's grids (slots); with no
 * posts, the empty state inviting the first post. No Tagged tab: posts do not record whom they mention.
 */
export function ProfilePosts({ userId, postCount }: ProfilePostsProps) {
  const { ProfilePostGrid, ProfileVideoGrid } = useSlots();
  const [tab, setTab] = useState<PostsTab>('posts');
  return (
    <section className="profile-posts" aria-label="Posts">
      <TabList
        label="Profile content"
        tabs={TABS}
        value={tab}
        onChange={setTab}
        className="profile-posts__tabs"
        tabClassName="profile-posts__tab"
        testId={(id) => `profile-tab-${id}`}
      />
      <div role="tabpanel">
        {postCount === null ? null : postCount === 0 ? (
          <NoPostsYet />
        ) : tab === 'posts' ? (
          <ProfilePostGrid userId={userId} />
        ) : (
          <ProfileVideoGrid userId={userId} />
        )}
      </div>
    </section>
  );
}

/** The empty state: "No posts yet", with Create Post to the hub. */
function NoPostsYet() {
  return (
    <div className="empty-state profile-posts__empty" data-testid="profile-posts-empty">
      <span className="empty-state__icon">
        <VideoIcon />
      </span>
      <h3 className="empty-state__title">{PROFILE_MESSAGES.noPostsTitle}</h3>
      <p className="profile-posts__text">{PROFILE_MESSAGES.noPostsText}</p>
      <Link href="/upload" className="btn btn--primary" data-testid="create-post-button">
        Create Post
      </Link>
    </div>
  );
}
