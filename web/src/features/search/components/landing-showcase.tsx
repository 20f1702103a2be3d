import { Link } from 'wouter';
import { postLink, type SearchResult, type TrendingCreator } from '@myworld/schemas';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { TextPostTile } from '../../../components/ui/text-post-tile.tsx';
import { formatCount } from '../../../lib/format-count.ts';
import { useTrending } from '../api/get-trending.ts';
import './landing-showcase.css';

const SHOWN_POSTS = 6;
const SHOWN_FACES = 4;

/**
 * The landing page's real content (the `LandingShowcase` slot): the posts trending now, each
 * opening its public page, and the creators strip with trending creators' faces and the real
 * number of creators. Nothing is invented: with nothing published yet, it invites the first.
 */
export function LandingShowcase() {
  const trending = useTrending();
  if (!trending.data) return null;
  const { content, users, totals } = trending.data;
  const posts = content.filter((c) => c.type === 'video' || c.type === 'text_post').slice(0, SHOWN_POSTS);
  return (
    <>
      {posts.length > 0 && (
        <section className="showcase" aria-labelledby="showcase-trending">
          <h2 id="showcase-trending" className="showcase__title">
            Trending now
          </h2>
          <ul className="showcase__row" data-testid="landing-trending">
            {posts.map((post) => (
              <li key={post.id}>
                <TrendingTile post={post} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <CreatorsStrip creators={users.slice(0, SHOWN_FACES)} total={totals.creators} />
    </>
  );
}

function TrendingTile({ post }: { post: SearchResult }) {
  const kind = post.type === 'video' ? 'video' : 'text';
  const text = post.title || post.content;
  return (
    <Link href={postLink({ id: post.id, kind })} className="showcase__tile" data-testid="landing-trending-post">
      {post.type === 'text_post' && post.textStyle ? (
        <TextPostTile post={{ content: post.content, imageUrl: post.thumbnailUrl, ...post.textStyle }} />
      ) : post.thumbnailUrl ? (
        <img src={post.thumbnailUrl} alt="" loading="lazy" />
      ) : (
        <span className="showcase__text">{text}</span>
      )}
      <span className="showcase__meta">
        {post.user && <span className="showcase__author">@{post.user.username}</span>}
        <span aria-label={`${post.stats.views} views`}>▶ {formatCount(post.stats.views)}</span>
      </span>
      <span className="visually-hidden">{text}</span>
    </Link>
  );
}

/** Trending creators' faces, then how many more there are; the sentence counts every creator. */
function CreatorsStrip({ creators, total }: { creators: readonly TrendingCreator[]; total: number }) {
  const more = total - creators.length;
  return (
    <section className="creators" aria-label="Creators" data-testid="landing-creators">
      {creators.length > 0 && (
        <div className="creators__faces">
          {creators.map((c) => (
            <Link key={c.id} href={`/profile/${c.username}`} aria-label={`@${c.username}`}>
              <Avatar user={c} className="creators__face" />
            </Link>
          ))}
          {more > 0 && (
            <span className="creators__face creators__face--more" aria-hidden="true">
              +{formatCount(more)}
            </span>
          )}
        </div>
      )}
      <p className="creators__text" data-testid="landing-creators-text">
        {total > 0
          ? `Join ${formatCount(total)} ${total === 1 ? 'creator' : 'creators'} already sharing their world.`
          : 'Be one of the first creators to share your world.'}
      </p>
    </section>
  );
}
