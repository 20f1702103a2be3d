import type { QueryCreator } from 'kysely';
import {
  feedCandidates,
  followeeCandidates,
  likedByFolloweesCandidates,
  publishedCandidatesByIds,
  type FeedCandidateRow,
  type PostsDb,
} from '@myworld/projections';
import type { RecommendationCategory, VideoCategory } from '@myworld/schemas';

/** The newest published posts considered (split between the chosen categories when given). */
const WINDOW = 200;
/** From each favorite category, and from the network (followees' posts, posts they liked). */
const PER_SOURCE = 100;

export interface PoolRequest {
  readonly viewerId: string;
  readonly category: RecommendationCategory;
  /** Only videos of these categories (none: every post). */
  readonly categories: readonly VideoCategory[] | undefined;
  readonly favorites: readonly string[];
  /** The trending set, best first. */
  readonly trending: readonly string[];
}

/**
 * The posts a chip ranks, each once: For You blends the newest posts, the favorite categories'
 * newest, the network's activity and the trending set; Trending is the trending set; Following the
 * network's activity; Discover the For You sources minus the network. Never the viewer's own, only
 * published posts, and only the chosen categories' videos when `categories` is given. Discover's
 * "authors the viewer does not follow" is applied by the caller, who knows whom they follow.
 */
export async function candidatePool(db: QueryCreator<PostsDb>, request: PoolRequest): Promise<FeedCandidateRow[]> {
  const { viewerId, category, categories } = request;
  const wanted = (c: string) => !categories || categories.includes(c as VideoCategory);
  const newest = () =>
    categories
      ? Promise.all(
          categories.map((c) => feedCandidates(db, { category: c, limit: Math.ceil(WINDOW / categories.length) })),
        ).then((lists) => lists.flat())
      : feedCandidates(db, { limit: WINDOW });
  const favorites = () =>
    Promise.all(
      request.favorites.filter(wanted).map((c) => feedCandidates(db, { category: c, limit: PER_SOURCE })),
    ).then((lists) => lists.flat());
  const network = () =>
    Promise.all([
      followeeCandidates(db, viewerId, PER_SOURCE),
      likedByFolloweesCandidates(db, viewerId, PER_SOURCE),
    ]).then((lists) => lists.flat());
  const trending = () => publishedCandidatesByIds(db, request.trending);

  const sources = {
    'for-you': [newest, favorites, network, trending],
    trending: [trending],
    following: [network],
    discover: [newest, favorites, trending],
  }[category];
  const rows = (await Promise.all(sources.map((load) => load()))).flat();
  const unique = new Map<string, FeedCandidateRow>();
  for (const row of rows) {
    if (row.author_id === viewerId || unique.has(row.id)) continue;
    if (categories && !(row.kind === 'video' && wanted(row.category))) continue;
    unique.set(row.id, row);
  }
  return [...unique.values()];
}
