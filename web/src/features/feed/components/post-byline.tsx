import { Link } from 'wouter';
import type { PostItem } from '@myworld/schemas';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useRenderClock } from '../../../lib/render-clock.ts';
import { HashtagText } from './hashtag-text.tsx';

interface PostBylineProps {
  post: PostItem;
  /** Over the post's media (white) in the feed, or on the page under it. */
  placement: 'overlay' | 'page';
}

/** Who posted it (linking to their profile), how long ago, and a video's description (its hashtags linked). */
export function PostByline({ post, placement }: PostBylineProps) {
  const name = post.user.firstName || post.user.username;
  // The server's page and the client's take-over of it must word the time alike.
  const now = useRenderClock();
  return (
    <div className={`post-byline post-byline--${placement}`}>
      <Link href={`/profile/${post.authorId}`} className="post-byline__author" data-testid="post-author">
        <span className="avatar post-byline__avatar" aria-hidden="true">
          {post.user.profileImageUrl ? (
            <img src={post.user.profileImageUrl} alt="" />
          ) : (
            post.user.username.charAt(0).toUpperCase()
          )}
        </span>
        <span className="post-byline__name">{name}</span>
        <span className="post-byline__handle">@{post.user.username}</span>
      </Link>
      <time className="post-byline__time" dateTime={post.createdAt} data-testid="post-time">
        {formatRelativeTime(post.createdAt, now)}
      </time>
      {post.kind === 'video' && post.description && (
        <p className="post-byline__description">
          <HashtagText text={post.description} />
        </p>
      )}
    </div>
  );
}
