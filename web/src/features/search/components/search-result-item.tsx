import type { SearchResult } from '@myworld/schemas';
import { formatCountOf } from '../../../lib/format-count.ts';
import { resultHref } from '../lib/result-link.ts';
import { HashtagPicture, ResultRow, TextPostPicture, ThumbnailPicture, UserPicture } from './result-row.tsx';

/** One search or trending result, as a link to what it is: a profile, a video, a post or a hashtag's page. */
export function SearchResultItem({ result }: { result: SearchResult }) {
  return (
    <ResultRow
      href={resultHref(result)}
      picture={pictureOf(result)}
      title={titleOf(result)}
      meta={metaOf(result)}
      trending={result.trending}
      testId={`search-result-${result.type}`}
      id={result.id}
    />
  );
}

function pictureOf(result: SearchResult) {
  if (result.type === 'user' && result.user) return <UserPicture user={result.user} />;
  if (result.type === 'hashtag') return <HashtagPicture />;
  if (result.type === 'text_post' && result.textStyle)
    return <TextPostPicture text={result.content} style={result.textStyle} imageUrl={result.thumbnailUrl} />;
  return <ThumbnailPicture url={result.thumbnailUrl} />;
}

/** A user's name, a video's title, a post's text, a hashtag's #tag. */
function titleOf(result: SearchResult): string {
  if (result.type === 'text_post') return result.content || result.title;
  return result.title || result.content;
}

function metaOf(result: SearchResult): string {
  const by = result.user ? `@${result.user.username}` : '';
  switch (result.type) {
    case 'user':
      return `${by} · ${formatCountOf(result.user?.followerCount ?? 0, 'follower')}`;
    case 'video':
      return `${by} · ${formatCountOf(result.stats.views, 'view')}`;
    case 'text_post':
      return `${by} · ${formatCountOf(result.stats.likes, 'like')}`;
    case 'hashtag':
      return formatCountOf(result.useCount ?? 0, 'post');
  }
}
