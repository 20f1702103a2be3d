import { Link } from 'wouter';
import type { RecommendationItem } from '@myworld/schemas';
import { TextPostTile } from '../../../components/ui/text-post-tile.tsx';
import { formatCountOf } from '../../../lib/format-count.ts';
import { ReasonBadges } from './reason-badges.tsx';

/** A video opens /video/{id}, a text post /post/{id}. */
export function recommendationHref(item: RecommendationItem): string {
  return `/${item.type === 'video' ? 'video' : 'post'}/${encodeURIComponent(item.id)}`;
}

/** One recommended post as a link: its picture, words, author, counts and why it is here. */
export function RecommendationCard({ item }: { item: RecommendationItem }) {
  return (
    <Link
      href={recommendationHref(item)}
      className="recommendation"
      data-testid="recommendation"
      data-type={item.type}
      data-id={item.id}
    >
      <span className="recommendation__thumb" aria-hidden="true">
        {item.type === 'post' && item.textStyle ? (
          <TextPostTile post={{ content: item.content, imageUrl: item.thumbnailUrl, ...item.textStyle }} />
        ) : (
          item.thumbnailUrl && <img src={item.thumbnailUrl} alt="" loading="lazy" />
        )}
      </span>
      <span className="recommendation__body">
        <span className="recommendation__title">{item.title || item.content}</span>
        <span className="recommendation__meta">{metaOf(item)}</span>
        <ReasonBadges reasons={item.recommendationReason} />
      </span>
    </Link>
  );
}

/** The author and the counts the author shows (views and likes are left out when they hide them). */
function metaOf({ user, stats }: RecommendationItem): string {
  const parts = [`@${user.username}`];
  if (stats.views !== undefined) parts.push(formatCountOf(stats.views, 'view'));
  if (stats.likes !== undefined) parts.push(formatCountOf(stats.likes, 'like'));
  return parts.join(' · ');
}
