import { hydratePostItems, likedByFollowees, postRowsByIds, viewerSignals, type PostsDb } from '@myworld/projections';
import type { RecommendationCategory, RecommendationItem, VideoCategory } from '@myworld/schemas';
import type { QueryCreator } from 'kysely';
import { candidateOf, scorePost, sortUnseenFirst } from '../../platform/ranking/score-post.ts';
import { candidatePool } from './candidate-pool.ts';
import type { InterestProfile } from './preferences.ts';
import { reasonsFor } from './reasons.ts';
import { toRecommendationItem } from './recommendation-item.ts';

export interface RecommendRequest {
  readonly viewerId: string;
  readonly category: RecommendationCategory;
  readonly categories: readonly VideoCategory[] | undefined;
  readonly limit: number;
  readonly now: Date;
}

/** What the other read models say: the viewer's interest profile and the trending set (best first). */
export interface RecommendSignals {
  readonly profile: InterestProfile;
  /** The trending set, best first: the Trending chip's candidates. */
  readonly trending: readonly string[];
  /** Those of it that really trend (trendingPostIds): only these score, and read, as trending. */
  readonly trendingNow: ReadonlySet<string>;
}

/**
 * Recommendations for one viewer: the chip's candidates scored by the shared scorer (with the
 * viewer's interest in each category, the trending set and their followees' likes), unseen before
 * seen, best first, each with the reasons that hold for it.
 */
export async function recommend(
  db: QueryCreator<PostsDb>,
  request: RecommendRequest,
  signals: RecommendSignals,
): Promise<RecommendationItem[]> {
  const { viewerId, category, now } = request;
  const favorites = signals.profile.preferences.favoriteCategories;
  const pool = await candidatePool(db, {
    viewerId,
    category,
    categories: request.categories,
    favorites,
    trending: signals.trending,
  });
  const [network, followeeLiked] = await Promise.all([
    viewerSignals(db, viewerId, pool, now),
    likedByFollowees(
      db,
      viewerId,
      pool.map((c) => c.id),
    ),
  ]);
  const viewer = { id: viewerId, ...network };
  const trending = signals.trendingNow;
  // Discover is the authors the viewer does not follow.
  const candidates = category === 'discover' ? pool.filter((c) => !network.followed.has(c.author_id)) : pool;

  const scored = candidates.map((row) => {
    const isTrending = trending.has(row.id);
    const likedByFollowee = followeeLiked.has(row.id);
    const inCategory = row.kind === 'video' ? row.category : undefined;
    const s = scorePost(candidateOf(row), viewer, now, {
      interest: inCategory ? (signals.profile.interest.get(inCategory) ?? 0) : 0,
      trending: isTrending,
      likedByFollowee,
    });
    const reasons = reasonsFor({
      followsAuthor: network.followed.has(row.author_id),
      likedByFollowee,
      likedAuthor: s.likedAuthor,
      favoriteCategory: inCategory !== undefined && (favorites as readonly string[]).includes(inCategory),
      trending: isTrending,
      highEngagement: s.highEngagement,
    });
    return { id: row.id, score: s.score, seen: s.seen, reasons, trending: isTrending };
  });
  const chosen = sortUnseenFirst(scored).slice(0, request.limit);
  const byId = new Map(chosen.map((c) => [c.id, c]));
  const items = await hydratePostItems(
    db,
    await postRowsByIds(
      db,
      chosen.map((c) => c.id),
    ),
    viewerId,
  );
  return items.map((item) => toRecommendationItem(item, byId.get(item.id)!));
}
