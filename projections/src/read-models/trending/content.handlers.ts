import { sql } from 'kysely';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { addHashtagUses, removeHashtagUses } from '../../read-model-parts/hashtag-uses.ts';
import { postRemovalHandlers, type PublishedPost } from '../../read-model-parts/post-publication.ts';
import { trendingContribution } from './trending-keys.ts';
import { TRENDING_WEIGHTS } from './trending-weights.ts';
import { dropCreatorFollows } from './creators.runs.ts';
import type { TrendingDb } from './trending.tables.ts';

type Ctx = ProjectionContext<TrendingDb>;
type Totals = Partial<Record<'videos' | 'text_posts' | 'creators' | 'hashtags', number>>;

async function moveTotals({ tx, schema }: Ctx, by: Totals): Promise<void> {
  await sql`update ${sql.id(schema, 'totals')} set videos = videos + ${by.videos ?? 0}, text_posts = text_posts + ${by.text_posts ?? 0},
              creators = creators + ${by.creators ?? 0}, hashtags = hashtags + ${by.hashtags ?? 0} where id = 1`.execute(
    tx,
  );
}

/** Moves the author's published-post count; answers +1 / -1 when they became / stopped being a creator. */
async function moveCreatorPosts({ tx, schema }: Ctx, authorId: string, by: 1 | -1): Promise<number> {
  const row = await sql<{ published_posts: number }>`
    update ${sql.id(schema, 'creators')} set published_posts = greatest(0, published_posts + ${by}) where user_id = ${authorId} returning published_posts`.execute(
    tx,
  );
  const now = row.rows[0]?.published_posts;
  if (now === undefined) return 0;
  return by === 1 && now === 1 ? 1 : by === -1 && now === 0 ? -1 : 0;
}

/**
 * Published posts enter trending (their velocity starts with the publication itself), move their
 * authors' published counts, the hashtag uses and the banner's totals, in a few statements for
 * all of them; answers the ids of those that entered (one already there stays as it is).
 */
export async function published(ctx: Ctx, posts: readonly PublishedPost[]): Promise<string[]> {
  const { tx, schema } = ctx;
  const t = (name: keyof TrendingDb) => sql.id(schema, name);
  // A suspended author's video may finish processing: it publishes suspended, as their other posts are.
  const entered = await sql<{ id: string; author_id: string; kind: 'text' | 'video'; suspended: boolean }>`
    insert into ${t('trending_posts')} (id, author_id, kind, published_at, velocity_key, suspended)
    select r.id, r.author_id, r.kind, r.published_at, ${trendingContribution(TRENDING_WEIGHTS.published, sql.ref('r.published_at'))},
           coalesce((select suspended from ${t('creators')} where user_id = r.author_id), false)
      from unnest(${posts.map((p) => p.id)}::text[], ${posts.map((p) => p.authorId)}::text[], ${posts.map((p) => p.kind)}::text[],
                  ${posts.map((p) => p.publishedAt)}::timestamptz[]) as r(id, author_id, kind, published_at)
    on conflict do nothing returning id, author_id, kind, suspended`.execute(tx);
  if (entered.rows.length === 0) return [];
  const perAuthor = new Map<string, number>();
  for (const p of entered.rows) perAuthor.set(p.author_id, (perAuthor.get(p.author_id) ?? 0) + 1);
  // An author whose count left 0 became a creator (not counted while suspended, as their posts are not).
  const creators = await sql<{ became: number }>`
    with moved as (
      update ${t('creators')} c set published_posts = c.published_posts + n.n
        from unnest(${[...perAuthor.keys()]}::text[], ${[...perAuthor.values()]}::int[]) n(user_id, n)
       where c.user_id = n.user_id returning c.published_posts - n.n as before, c.suspended)
    select count(*) filter (where before = 0 and not suspended)::int as became from moved`.execute(tx);
  const ids = new Set(entered.rows.map((p) => p.id));
  const hashtags = await addHashtagUses(
    ctx,
    posts.filter((p) => ids.has(p.id)),
  );
  // A suspended author's posts and themselves are not in the banner's counts (their hashtags are).
  const shown = entered.rows.filter((p) => !p.suspended);
  await moveTotals(ctx, {
    videos: shown.filter((p) => p.kind === 'video').length,
    text_posts: shown.filter((p) => p.kind === 'text').length,
    creators: creators.rows[0]?.became ?? 0,
    hashtags,
  });
  return [...ids];
}

async function deleted(ctx: Ctx, postId: string): Promise<void> {
  const { tx, schema } = ctx;
  const gone = await sql<{ author_id: string; kind: 'text' | 'video'; suspended: boolean }>`
    delete from ${sql.id(schema, 'trending_posts')} where id = ${postId} returning author_id, kind, suspended`.execute(
    tx,
  );
  const post = gone.rows[0];
  if (!post) return;
  await sql`delete from ${sql.id(schema, 'trending_likes')} where post_id = ${postId}`.execute(tx);
  await sql`delete from ${sql.id(schema, 'trending_comments')} where post_id = ${postId}`.execute(tx);
  const creators = await moveCreatorPosts(ctx, post.author_id, -1);
  const hashtags = await removeHashtagUses(ctx, postId);
  // A suspended post (and author) already left the banner's counts when the suspension began.
  await moveTotals(
    ctx,
    post.suspended
      ? { hashtags: -hashtags }
      : { [post.kind === 'video' ? 'videos' : 'text_posts']: -1, creators, hashtags: -hashtags },
  );
}

/** A deleted user's posts go as deleted ones do, and they leave the creators. */
async function userRemoved(ctx: Ctx, userId: string): Promise<void> {
  const posts = await ctx.db
    .selectFrom('trending_posts')
    .select('id')
    .where('author_id', '=', userId)
    .orderBy('id')
    .execute();
  for (const { id } of posts) await deleted(ctx, id);
  await ctx.db.deleteFrom('creators').where('user_id', '=', userId).execute();
}

/**
 * A moderator suspended (true) or an admin reinstated (false) a user: their creator row and posts
 * are flagged, kept with their engagement, and leave (or rejoin) the banner's counts. Only a change
 * of the creator's flag moves anything, so a repeated event changes nothing.
 */
async function setSuspended(ctx: Ctx, userId: string, suspended: boolean): Promise<void> {
  const { tx, schema } = ctx;
  const creator = await sql<{
    published_posts: number;
  }>`update ${sql.id(schema, 'creators')} set suspended = ${suspended}
    where user_id = ${userId} and suspended <> ${suspended} returning published_posts`.execute(tx);
  const row = creator.rows[0];
  if (!row) return;
  const posts = await sql<{
    kind: 'text' | 'video';
  }>`update ${sql.id(schema, 'trending_posts')} set suspended = ${suspended} where author_id = ${userId} returning kind`.execute(
    tx,
  );
  const by = suspended ? -1 : 1;
  const count = (kind: 'text' | 'video') => posts.rows.filter((p) => p.kind === kind).length * by;
  await moveTotals(ctx, {
    videos: count('video'),
    text_posts: count('text'),
    creators: row.published_posts > 0 ? by : 0,
  });
}

const suspension = {
  userSuspended: (ctx: Ctx, userId: string) => setSuspended(ctx, userId, true),
  userReinstated: (ctx: Ctx, userId: string) => setSuspended(ctx, userId, false),
};

/**
 * Posts as they go (they publish in runs: trending.runs.ts, `published` here). A deleted or
 * removed post leaves; the engagement its author received stays in their growth (it
 * happened). A post hidden by moderation keeps its row: trending content is shown through search's
 * results, which leave hidden posts out. A suspended user's posts and creator row stay, flagged
 * and left out of the reads, until an admin reinstates them. A deleted account goes with its posts,
 * and its follows with it (a suspended user's stay).
 */
export const contentHandlers: ProjectionHandlers<TrendingDb> = postRemovalHandlers<TrendingDb>({
  deleted,
  userRemoved,
  accountDeleted: dropCreatorFollows,
  suspension,
});
