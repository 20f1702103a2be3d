import { Link, useParams } from 'wouter';
import { hashtagName, SEARCH_MESSAGES } from '@myworld/schemas';
import { hasStatus } from '../../../lib/api-client.ts';
import { formatCountOf } from '../../../lib/format-count.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSlots } from '../../../lib/slots.tsx';
import { useHashtag } from '../api/get-hashtag.ts';
import { PageBar } from './page-bar.tsx';
import './search.css';

/** /hashtag/{tag} (visitors too, like search): the tag, how many posts use it, and its posts as the feed shows them, newest first. */
export function HashtagPage() {
  const { tag: raw = '' } = useParams<{ tag: string }>();
  const parsed = hashtagName.safeParse(raw);
  if (!parsed.success) return <HashtagNotFound />;
  return <Hashtag key={parsed.data} tag={parsed.data} />;
}

function Hashtag({ tag }: { tag: string }) {
  const { PostFeed } = useSlots();
  const summary = useHashtag(tag);
  if (summary.isError && hasStatus(summary.error, 404)) return <HashtagNotFound />;
  return (
    <main className="feed-page" data-testid="hashtag-page">
      <PageBar
        title={`#${tag}`}
        back={{ href: '/search', label: 'Back to search' }}
        subtitle={
          summary.isSuccess && (
            <p className="page-bar__subtitle" data-testid="hashtag-use-count">
              {formatCountOf(summary.data.useCount, 'post')}
            </p>
          )
        }
      />
      <PostFeed
        source={{ kind: 'list', queryKey: queryKeys.hashtags.posts(tag) }}
        label={`Posts with #${tag}`}
        empty={<p className="feed-page__empty muted">No posts with #{tag} yet</p>}
      />
    </main>
  );
}

function HashtagNotFound() {
  return (
    <main className="full-screen-center" data-testid="hashtag-not-found">
      <h1 className="not-found__title">{SEARCH_MESSAGES.hashtagNotFound}</h1>
      <Link href="/search">Back to search</Link>
    </main>
  );
}
