import type { QueryCreator } from 'kysely';
import {
  searchHashtags,
  searchPosts,
  searchUsers,
  trendingPostIds,
  type ReadModels,
  type SearchDb,
  type TrendingDb,
  type Window,
} from '@myworld/projections';
import { SEARCH_PAGE_SIZE, type SearchFilter, type SearchResult } from '@myworld/schemas';

/**
 * "All" leads with the few hashtags and people that match (exact or prefix tags first, the
 * closest names), as a search box's suggestions do, then the posts by their blended rank. The
 * Users and Hashtags chips list every match; posts have no cap here beyond the read model's.
 */
export const ALL_LEADING_HASHTAGS = 3;
export const ALL_LEADING_USERS = 5;

type Db = QueryCreator<SearchDb>;

/** One type's results from `offset`, one more than a page to tell whether another follows. */
function ofType(db: Db, q: string, filter: Exclude<SearchFilter, 'all'>, window: Window): Promise<SearchResult[]> {
  switch (filter) {
    case 'users':
      return searchUsers(db, q, window);
    case 'hashtags':
      return searchHashtags(db, q, window);
    case 'videos':
      return searchPosts(db, q, 'video', window);
    case 'posts':
      return searchPosts(db, q, 'text', window);
  }
}

async function allPage(db: Db, q: string, offset: number): Promise<SearchResult[]> {
  // The three queries run at once: posts are read from as early as the lead could end, and cut once its length is known.
  const maxLead = ALL_LEADING_HASHTAGS + ALL_LEADING_USERS;
  const postsFrom = Math.max(0, offset - maxLead);
  const [hashtags, users, posts] = await Promise.all([
    searchHashtags(db, q, { offset: 0, limit: ALL_LEADING_HASHTAGS }),
    searchUsers(db, q, { offset: 0, limit: ALL_LEADING_USERS }),
    searchPosts(db, q, undefined, { offset: postsFrom, limit: SEARCH_PAGE_SIZE + 1 + maxLead }),
  ]);
  const lead = [...hashtags, ...users];
  const postOffset = Math.max(0, offset - lead.length);
  return [...lead.slice(offset), ...posts.slice(postOffset - postsFrom)].slice(0, SEARCH_PAGE_SIZE + 1);
}

/**
 * A page of search results for a non-blank `q`, each marked when it really trends (trendingPostIds), and
 * the offset of the next page (null on the last).
 */
export async function searchPage(
  readModels: ReadModels,
  q: string,
  filter: SearchFilter,
  offset: number,
): Promise<{ items: SearchResult[]; next: number | null }> {
  const [db, trending] = await Promise.all([
    readModels.query<SearchDb>('search'),
    readModels.query<TrendingDb>('trending').then((t) => trendingPostIds(t)),
  ]);
  const window = { offset, limit: SEARCH_PAGE_SIZE + 1 };
  const found = filter === 'all' ? await allPage(db, q, offset) : await ofType(db, q, filter, window);
  const inTrending = trending;
  const items = found
    .slice(0, SEARCH_PAGE_SIZE)
    .map((r) => ({ ...r, trending: r.type !== 'user' && r.type !== 'hashtag' && inTrending.has(r.id) }));
  return { items, next: found.length > SEARCH_PAGE_SIZE ? offset + SEARCH_PAGE_SIZE : null };
}
