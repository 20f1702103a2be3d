import type { RefCallback } from 'react';
import type { PostItem } from '@myworld/schemas';
import { useSlots } from '../../../lib/slots.tsx';
import { PostByline } from './post-byline.tsx';
import { PostVideo } from './post-video.tsx';
import { TextPostCard } from './text-post-card.tsx';

interface FeedItemProps {
  post: PostItem;
  active: boolean;
  /** Registers the item with the list's active-item watcher. */
  itemRef: RefCallback<HTMLElement>;
}

/** One screen of the feed: the post, its author over the foot, and the side actions on the right (a visitor's ask to sign in). */
export function FeedItem({ post, active, itemRef }: FeedItemProps) {
  const { PostActions } = useSlots();
  return (
    <article
      ref={itemRef}
      className="feed-item"
      data-testid="feed-item"
      data-post-id={post.id}
      data-kind={post.kind}
      data-active={active ? 'true' : 'false'}
    >
      {post.kind === 'video' ? <PostVideo post={post} active={active} /> : <TextPostCard post={post} />}
      <div className="feed-item__caption">
        <PostByline post={post} placement="overlay" />
      </div>
      <div className="feed-item__actions">
        <PostActions post={post} />
      </div>
    </article>
  );
}
