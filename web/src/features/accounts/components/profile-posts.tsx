import { useState } from 'react';
import { Link } from 'wouter';
import { VideoIcon } from '../../../components/ui/icons.tsx';
import { PROFILE_MESSAGES } from '@myworld/schemas';

type PostsTab = 'posts' | 'videos' | 'tagged';

const TABS: { id: PostsTab; label: string }[] = [
  { id: 'posts', label: 'Posts' },
  { id: 'videos', label: 'Videos' },
  { id: 'tagged', label: 'Tagged' },
];

/**
 * Posts, Videos and Tagged over one grid of the user's videos (the choice is local only). There
 * are no posts to list yet, so the grid is its empty state, inviting the first post.
 */
export function ProfilePosts() {
  const [tab, setTab] = useState<PostsTab>('posts');
  return (
    <section className="profile-posts" aria-label="Posts">
      <div className="profile-posts__tabs" role="tablist" aria-label="Profile content">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={`profile-posts__tab ${tab === t.id ? 'is-active' : ''}`}
            data-testid={`profile-tab-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="empty-state profile-posts__empty" role="tabpanel" data-testid="profile-posts-empty">
        <span className="empty-state__icon">
          <VideoIcon />
        </span>
        <h3 className="empty-state__title">{PROFILE_MESSAGES.noPostsTitle}</h3>
        <p className="profile-posts__text">{PROFILE_MESSAGES.noPostsText}</p>
        <Link href="/upload" className="btn btn--primary" data-testid="create-post-button">
          Create Post
        </Link>
      </div>
    </section>
  );
}
