import { sql, type RawBuilder } from 'kysely';
import { DECAY_EPOCH } from '../../read-model-parts/forward-decay.ts';
import { ENGAGEMENT_WEIGHTS } from '../posts/post-scores.ts';

/**
 * How search ranks posts, in log space: score = ln(text relevance) + rank_key, where
 * rank_key = POPULARITY · ln(1 + engagement) + FRESHNESS_PER_DAY · (days since the epoch at
 * publication). Freshness is "newer is better by a constant per day", so the ranking at any moment
 * is the same ordering and rank_key can be stored and indexed: no clock at query time, stable
 * pages. With these weights a post ten days older needs about 7 times the engagement (1 + e) to
 * rank level, and a title match (ts_rank weight A) outranks a body match (B) by ln 2.5.
 */
export const SEARCH_RANKING = { popularity: 0.5, freshnessPerDay: 0.1, viewWeight: 0.1 } as const;

/** How a post's counters move (negative for an unlike or a deleted comment; counters never go below 0). */
export interface StatsChange {
  readonly likes?: number;
  readonly comments?: number;
  readonly shares?: number;
  readonly views?: number;
}

/** A post's counters after an update, as SQL expressions over the row being updated. */
export interface NewCounters {
  readonly likes: RawBuilder<unknown>;
  readonly comments: RawBuilder<unknown>;
  readonly shares: RawBuilder<unknown>;
  readonly views: RawBuilder<unknown>;
}

/**
 * The SET list of an UPDATE of search_posts that stores `counters` and the rank_key computed
 * from them (SET expressions see the old row, so rank_key uses the same new values).
 */
export function countersUpdate(counters: NewCounters): RawBuilder<unknown> {
  const { likes, comments, shares, views } = counters;
  const engagement = sql`(${likes} * ${ENGAGEMENT_WEIGHTS.like}::float8 + ${comments} * ${ENGAGEMENT_WEIGHTS.comment}::float8
    + ${shares} * ${ENGAGEMENT_WEIGHTS.share}::float8 + ${views} * ${SEARCH_RANKING.viewWeight}::float8)`;
  return sql`like_count = ${likes}, comment_count = ${comments}, share_count = ${shares}, view_count = ${views},
    rank_key = ${SEARCH_RANKING.popularity}::float8 * ln(1 + ${engagement}) + ${freshness(sql.ref('published_at'))}`;
}

/** A new post's rank_key (no engagement yet): its freshness alone. */
export const freshness = (publishedAt: RawBuilder<unknown>) =>
  sql<number>`${SEARCH_RANKING.freshnessPerDay}::float8 * extract(epoch from (${publishedAt} - ${DECAY_EPOCH}::timestamptz))::float8 / 86400`;
