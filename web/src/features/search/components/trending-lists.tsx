import type { ReactNode } from 'react';
import type { HashtagSummary, SearchResult, TrendingCreator } from '@myworld/schemas';
import { formatCountOf } from '../../../lib/format-count.ts';
import { hashtagHref, profileHref } from '../lib/result-link.ts';
import { HashtagPicture, ResultRow, UserPicture } from './result-row.tsx';
import { SearchResultItem } from './search-result-item.tsx';

/** A trending list, best first, or a line saying it is empty. */
function TrendingList<T>({ items, empty, render }: { items: T[]; empty: string; render: (item: T) => ReactNode }) {
  if (items.length === 0) return <p className="muted trending__empty">{empty}</p>;
  return <ol className="search-list">{items.map(render)}</ol>;
}

export function TrendingHashtags({ hashtags }: { hashtags: HashtagSummary[] }) {
  return (
    <TrendingList
      items={hashtags}
      empty="No trending hashtags yet"
      render={(h) => (
        <li key={h.name}>
          <ResultRow
            href={hashtagHref(h.name)}
            picture={<HashtagPicture />}
            title={`#${h.name}`}
            meta={formatCountOf(h.useCount, 'post')}
            testId="trending-hashtag"
          />
        </li>
      )}
    />
  );
}

export function TrendingCreators({ creators }: { creators: TrendingCreator[] }) {
  return (
    <TrendingList
      items={creators}
      empty="No popular creators yet"
      render={(c) => (
        <li key={c.id}>
          <ResultRow
            href={profileHref(c.username)}
            picture={<UserPicture user={c} />}
            title={c.firstName || c.username}
            meta={`@${c.username} · ${formatCountOf(c.followerCount, 'follower')}`}
            testId="trending-creator"
          />
        </li>
      )}
    />
  );
}

export function TrendingContent({ content }: { content: SearchResult[] }) {
  return (
    <TrendingList
      items={content}
      empty="Nothing trending yet"
      render={(r) => (
        <li key={`${r.type}:${r.id}`}>
          <SearchResultItem result={r} />
        </li>
      )}
    />
  );
}
