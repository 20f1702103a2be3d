import { sql, type QueryCreator, type RawBuilder, type Selectable } from 'kysely';
import { fontStyle, type HashtagSummary, type SearchResult, type TextPostStyle } from '@myworld/schemas';
import type { PageKey } from '../posts/posts.queries.ts';
import { fold } from '../../read-model-parts/text-search.ts';
import { hashtagTerm, postQueryText, startsWith } from './search-terms.ts';
import type { SearchDb } from './search.tables.ts';

type Db = QueryCreator<SearchDb>;
type UserRow = Selectable<SearchDb['search_users']>;

/**
 * How many results of one type a query ranks at most (ten pages). Posts are ranked among their
 * SEARCH_CANDIDATES matches with the best rank_key (popularity and freshness), so ranking costs
 * the same for a common word as for a rare one; finding them grows with the square root of the
 * history (see postCandidates).
 */
export const SEARCH_CANDIDATES = 200;
/** How close (trigram similarity, 0 to 1) a name or tag must be to count as a match: one typo in a username stays above it. */
const MIN_SIMILARITY = 0.3;

/** One page of one type's ranked results. */
export interface Window {
  readonly offset: number;
  readonly limit: number;
}

const noStats = { likes: 0, comments: 0, shares: 0, views: 0 };

function userOf(
  u: Pick<UserRow, 'id' | 'username' | 'first_name' | 'last_name' | 'profile_image_url' | 'follower_count'>,
): SearchResult['user'] & object {
  return {
    id: u.id,
    username: u.username,
    firstName: u.first_name,
    lastName: u.last_name,
    profileImageUrl: u.profile_image_url,
    isVerified: false,
    followerCount: u.follower_count,
  };
}

/** Posts with their counters and authors, as search results show them (none hidden by moderation). */
const postSelect = (db: Db) =>
  db
    .selectFrom('search_posts as p')
    .leftJoin('search_users as u', 'u.id', 'p.author_id')
    .where('p.hidden', '=', false)
    .select([
      'p.id',
      'p.author_id',
      'p.kind',
      'p.title',
      'p.body',
      'p.thumbnail_url',
      'p.background_color',
      'p.text_color',
      'p.font_style',
      'p.published_at',
      'p.like_count',
      'p.comment_count',
      'p.share_count',
      'p.view_count',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.profile_image_url',
      'u.follower_count',
      'u.hide_engagement',
    ]);

type PostResultRow = Awaited<ReturnType<ReturnType<typeof postSelect>['execute']>>[number];

/** A text post's card look as stored; null for a video. */
function textStyleOf(
  r: Pick<PostResultRow, 'kind' | 'background_color' | 'text_color' | 'font_style'>,
): TextPostStyle | null {
  if (r.kind !== 'text' || r.background_color === null || r.text_color === null) return null;
  const style = fontStyle.safeParse(r.font_style);
  return {
    backgroundColor: r.background_color,
    textColor: r.text_color,
    fontStyle: style.success ? style.data : 'normal',
  };
}

/** A post as a search result (trending: false; the caller marks the trending set). */
function toPostResult(r: PostResultRow): SearchResult {
  // Likes and views are left at 0 for an author who hides engagement (the hide-engagement privacy setting).
  const hidden = r.hide_engagement === true;
  return {
    type: r.kind === 'video' ? 'video' : 'text_post',
    id: r.id,
    user:
      r.username === null
        ? null
        : userOf({
            id: r.author_id,
            username: r.username,
            first_name: r.first_name ?? '',
            last_name: r.last_name ?? '',
            profile_image_url: r.profile_image_url,
            follower_count: r.follower_count ?? 0,
          }),
    title: r.title,
    content: r.body,
    thumbnailUrl: r.thumbnail_url,
    textStyle: textStyleOf(r),
    trending: false,
    createdAt: r.published_at.toISOString(),
    stats: {
      likes: hidden ? 0 : r.like_count,
      comments: r.comment_count,
      shares: r.share_count,
      views: hidden ? 0 : r.view_count,
    },
  };
}

/**
 * Posts matching `q` (every word, as a prefix; accents and case ignored), `kind` only if given,
 * ranked by ln(text relevance) + rank_key (search-ranking.ts): relevance blended with popularity
 * and freshness.
 */
export async function searchPosts(
  db: Db,
  q: string,
  kind: 'text' | 'video' | undefined,
  window: Window,
): Promise<SearchResult[]> {
  const text = postQueryText(q);
  if (!text || window.offset >= SEARCH_CANDIDATES) return [];
  const query = sql`to_tsquery('english', ${fold(text)})`;
  const candidates = await postCandidates(db, query, kind);
  if (candidates.length === 0) return [];
  const rows = await postSelect(db)
    .where(sql<boolean>`p.id = any(${candidates}::text[])`)
    .orderBy(sql`ln(greatest(ts_rank(p.document, ${query}), 1e-6)) + p.rank_key`, 'desc')
    .orderBy('p.id')
    .offset(window.offset)
    .limit(Math.min(window.limit, SEARCH_CANDIDATES - window.offset))
    .execute();
  return rows.map(toPostResult);
}

/**
 * The SEARCH_CANDIDATES matches with the best rank_key, found the cheaper of two ways: walking
 * rank_key's index and testing each post (cost about SEARCH_CANDIDATES · posts / matches rows), or
 * reading every match through the GIN index and sorting (cost about matches rows). The planner's
 * row estimates (from ANALYZE's lexeme statistics, accurate for prefixes too) decide; the cost is
 * then at most about sqrt(SEARCH_CANDIDATES · posts) rows (4,500 at 100k posts, 14,000 at 1M),
 * whatever the word. Each way is bounded, so stale statistics make a query slower, never unbounded.
 */
async function postCandidates(
  db: Db,
  query: RawBuilder<unknown>,
  kind: 'text' | 'video' | undefined,
): Promise<string[]> {
  const posts = () =>
    (kind ? db.selectFrom('search_posts').where('kind', '=', kind) : db.selectFrom('search_posts')).where(
      'hidden',
      '=',
      false,
    );
  const matching = () => posts().where(sql<boolean>`document @@ ${query}`);
  const { matches, total } = await estimatedMatches(
    matching()
      .select(sql<number>`1`.as('one'))
      .unionAll(posts().select(sql<number>`1`.as('one'))),
  );
  if (matches > Math.sqrt(SEARCH_CANDIDATES * total)) {
    // A common word: its best matches are near the top of rank_key; give up (and read the matches) if they are not.
    const reach = Math.max(10_000, Math.ceil((10 * SEARCH_CANDIDATES * total) / matches));
    const walked = await db
      .selectFrom(
        posts().select(['id', 'rank_key', 'document']).orderBy('rank_key', 'desc').orderBy('id').limit(reach).as('w'),
      )
      .select('w.id')
      .where(sql<boolean>`w.document @@ ${query}`)
      .orderBy('w.rank_key', 'desc')
      .orderBy('w.id')
      .limit(SEARCH_CANDIDATES)
      .execute();
    if (walked.length === SEARCH_CANDIDATES) return walked.map((w) => w.id);
  }
  // A rarer word: all its matches (up to GIN_READ_CAP, a bound for wildly stale statistics), best rank_key first.
  const best = await db
    .selectFrom(matching().select(['id', 'rank_key']).limit(GIN_READ_CAP).as('m'))
    .select('m.id')
    .orderBy('m.rank_key', 'desc')
    .orderBy('m.id')
    .limit(SEARCH_CANDIDATES)
    .execute();
  return best.map((b) => b.id);
}

/** At most this many matches are read through the GIN index for one query. */
const GIN_READ_CAP = 50_000;

/** The planner's row estimates of the two branches of `union` (matches, then all posts of the kind): one planning round trip. */
async function estimatedMatches(union: {
  explain: (format: 'json') => Promise<Array<Record<string, unknown>>>;
}): Promise<{ matches: number; total: number }> {
  const [row] = await union.explain('json');
  const plan = (row?.['QUERY PLAN'] as Array<{ Plan: { Plans?: Array<{ 'Plan Rows': number }> } }> | undefined)?.[0]
    ?.Plan;
  const [matching, all] = plan?.Plans ?? [];
  return { matches: matching?.['Plan Rows'] ?? 0, total: all?.['Plan Rows'] ?? 0 };
}

/** Published posts as search results, in the order of `ids` (gone ones left out): the trending content. */
export async function postResultsByIds(db: Db, ids: readonly string[]): Promise<SearchResult[]> {
  if (ids.length === 0) return [];
  const rows = await postSelect(db)
    .where('p.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, toPostResult(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Users whose username or name is close to `q`: a username that starts with it, or trigram
 * similarity (one typo still matches). Candidates come from index walks (nearest usernames,
 * nearest names by word similarity, usernames with the prefix); ranked by closeness, then
 * followers.
 */
export async function searchUsers(db: Db, q: string, window: Window): Promise<SearchResult[]> {
  const term = fold(q);
  if (q.trim() === '' || window.offset >= SEARCH_CANDIDATES) return [];
  const prefix = fold(startsWith(q.trim()));
  // Each index walk reads as many as the page needs (the nearest by one measure are the best by the blend, give or take).
  const reach = Math.min(SEARCH_CANDIDATES, Math.max(20, window.offset + window.limit));
  const nearest = (order: ReturnType<typeof sql>) =>
    db.selectFrom('search_users').select('id').orderBy(order).limit(reach);
  // Each branch keeps its own ORDER BY and LIMIT inside a subquery (a bare UNION would apply them to the whole).
  const branch = (name: string, query: ReturnType<typeof nearest>) => db.selectFrom(query.as(name)).select('id');
  const candidates = branch('by_username', nearest(sql`username_key <-> ${term}`))
    .union(branch('by_name', nearest(sql`${term} <<-> name_key`)))
    .union(
      branch(
        'by_prefix',
        db
          .selectFrom('search_users')
          .select('id')
          .where(sql<boolean>`username_key like ${prefix}`)
          .orderBy('username_key')
          .limit(reach),
      ),
    );
  const closeness = sql<number>`greatest(similarity(u.username_key, ${term}), similarity(u.name_key, ${term}), word_similarity(${term}, u.name_key))
    + case when u.username_key like ${prefix} then 1 else 0 end`;
  const rows = await db
    .selectFrom(candidates.as('c'))
    .innerJoin('search_users as u', 'u.id', 'c.id')
    .selectAll('u')
    .select(closeness.as('closeness'))
    .where(closeness, '>=', MIN_SIMILARITY)
    .where('u.hidden', '=', false)
    .where('u.suspended', '=', false)
    .orderBy(sql`${closeness} + 0.05 * ln(1 + u.follower_count)`, 'desc')
    .orderBy('u.id')
    .offset(window.offset)
    .limit(Math.min(window.limit, SEARCH_CANDIDATES - window.offset))
    .execute();
  return rows.map((u) => ({
    type: 'user',
    id: u.id,
    user: userOf(u),
    title: `${u.first_name} ${u.last_name}`.trim(),
    content: u.username,
    thumbnailUrl: u.profile_image_url,
    textStyle: null,
    trending: false,
    createdAt: u.registered_at.toISOString(),
    stats: noStats,
  }));
}

/**
 * Hashtags in use that `q` names: the exact tag first, then tags starting with it, then close ones
 * (a typo), each group by recent use. createdAt is the tag's latest use.
 */
export async function searchHashtags(db: Db, q: string, window: Window): Promise<SearchResult[]> {
  const tag = hashtagTerm(q);
  if (!tag || window.offset >= SEARCH_CANDIDATES) return [];
  const term = fold(tag);
  const prefix = fold(startsWith(tag));
  const key = fold(sql.ref('tag'));
  const reach = Math.min(SEARCH_CANDIDATES, Math.max(20, window.offset + window.limit));
  const byPrefix = db
    .selectFrom('hashtags')
    .select('tag')
    .where(sql<boolean>`${key} like ${prefix}`)
    .orderBy('recent_key', 'desc')
    .limit(reach);
  const nearest = db
    .selectFrom('hashtags')
    .select('tag')
    .orderBy(sql`${key} <-> ${term}`)
    .limit(reach);
  const candidates = db
    .selectFrom(byPrefix.as('a'))
    .select('tag')
    .union(db.selectFrom(nearest.as('b')).select('tag'));
  const folded = fold(sql.ref('h.tag'));
  const closeness = sql<number>`case when ${folded} = ${term} then 3 when ${folded} like ${prefix} then 2 else similarity(${folded}, ${term}) end`;
  const rows = await db
    .selectFrom(candidates.as('c'))
    .innerJoin('hashtags as h', 'h.tag', 'c.tag')
    .select(['h.tag', 'h.use_count'])
    .select((eb) =>
      eb
        .selectFrom('post_hashtags as ph')
        .select('ph.published_at')
        .whereRef('ph.tag', '=', 'h.tag')
        .orderBy('ph.published_at', 'desc')
        .limit(1)
        .as('last_used_at'),
    )
    .where('h.use_count', '>', 0)
    .where(closeness, '>=', MIN_SIMILARITY)
    .orderBy(closeness, 'desc')
    .orderBy('h.recent_key', 'desc')
    .orderBy('h.tag')
    .offset(window.offset)
    .limit(Math.min(window.limit, SEARCH_CANDIDATES - window.offset))
    .execute();
  return rows.map((h) => ({
    type: 'hashtag',
    id: h.tag,
    user: null,
    title: `#${h.tag}`,
    content: '',
    thumbnailUrl: null,
    textStyle: null,
    trending: false,
    createdAt: (h.last_used_at ?? new Date(0)).toISOString(),
    stats: noStats,
    useCount: h.use_count,
  }));
}

/** A hashtag in use: its name and live use count; undefined when no published post uses it. */
export async function hashtagSummary(db: Db, tag: string): Promise<HashtagSummary | undefined> {
  const row = await db
    .selectFrom('hashtags')
    .select(['tag', 'use_count'])
    .where('tag', '=', tag)
    .where('use_count', '>', 0)
    .executeTakeFirst();
  return row && { name: row.tag, useCount: row.use_count };
}

/** The ids of the published posts using `tag`, newest first, strictly before `before`. */
export async function hashtagPostKeys(
  db: Db,
  tag: string,
  { before, limit }: { before?: PageKey; limit: number },
): Promise<PageKey[]> {
  let query = db.selectFrom('post_hashtags').select(['post_id', 'published_at']).where('tag', '=', tag);
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('published_at', '<', before.at),
        eb.and([eb('published_at', '=', before.at), eb('post_id', '<', before.id)]),
      ]),
    );
  const rows = await query.orderBy('published_at', 'desc').orderBy('post_id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ at: r.published_at, id: r.post_id }));
}
