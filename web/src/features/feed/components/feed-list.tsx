import { useMemo, useState } from 'react';
import type { PostItem } from '@myworld/schemas';
import type { PostFeedProps } from '../../../lib/slots.tsx';
import { usePostSource } from '../api/list-posts.ts';
import { useActiveItem } from '../hooks/use-active-item.ts';
import { useLoadMore } from '../hooks/use-load-more.ts';
import { useRecordView } from '../hooks/use-record-view.ts';
import { FeedItem } from './feed-item.tsx';
import './feed.css';

/**
 * The source's posts (Home's tab, a hashtag's posts, a category's videos) as a full-height list
 * that snaps one post per screen. The post on screen plays and counts as viewed after a second;
 * the next page loads as the end comes near. It fills the `PostFeed` slot for other features.
 * A `lead` sits at the top of the list and scrolls away with it (before the status when there is no list).
 */
export function FeedList({ source, label, empty, lead }: PostFeedProps) {
  const feed = usePostSource(source);
  const [list, setList] = useState<HTMLElement | null>(null);
  const { activeId, observe } = useActiveItem(list);
  const items = useMemo(() => uniqueById(feed.data?.pages.flatMap((p) => p.items) ?? []), [feed.data]);
  // Until the list reports which post is on screen, it is the first.
  const currentId = activeId ?? items[0]?.id ?? null;

  useRecordView(currentId);
  useLoadMore({
    activeIndex: items.findIndex((p) => p.id === currentId),
    itemCount: items.length,
    hasNextPage: feed.hasNextPage,
    isFetchingNextPage: feed.isFetchingNextPage,
    fetchNextPage: feed.fetchNextPage,
  });

  const leading = lead ? <div className="feed__lead">{lead}</div> : null;
  if (feed.isPending) {
    return (
      <>
        {leading}
        <div className="feed-status" aria-busy="true" data-testid="feed-loading">
          <span className="spinner" role="progressbar" aria-label="Loading the feed" />
        </div>
      </>
    );
  }
  if (feed.isError && items.length === 0) {
    return (
      <>
        {leading}
        <div className="feed-status" role="alert" data-testid="feed-error">
          <p>Couldn't load the feed.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void feed.refetch()}>
            Try again
          </button>
        </div>
      </>
    );
  }
  if (items.length === 0)
    return (
      <>
        {leading}
        {empty}
      </>
    );

  return (
    <div className="feed" ref={setList} data-testid="feed" aria-label={label}>
      {leading}
      {items.map((post) => (
        <FeedItem key={post.id} post={post} active={post.id === currentId} itemRef={observe} />
      ))}
      {feed.isFetchingNextPage && (
        <div className="feed__more" aria-busy="true">
          <span className="spinner" role="progressbar" aria-label="Loading more posts" />
        </div>
      )}
      {feed.isFetchNextPageError && !feed.isFetchingNextPage && (
        <div className="feed__more" role="alert">
          <button type="button" className="btn btn--secondary" onClick={() => void feed.fetchNextPage()}>
            Load more posts
          </button>
        </div>
      )}
    </div>
  );
}

/** A ranking that shifts between pages can repeat a post; show it once. */
function uniqueById(items: PostItem[]): PostItem[] {
  const seen = new Set<string>();
  return items.filter((p) => !seen.has(p.id) && seen.add(p.id));
}
