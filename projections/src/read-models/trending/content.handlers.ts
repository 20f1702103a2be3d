import { sql } from 'kysely';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { addHashtagUses, removeHashtagUses } from '../../read-model-parts/hashtag-uses.ts';
import { postPublicationHandlers, type PublishedPost } from '../../read-model-parts/post-publication.ts';
import { trendingContribution } from './trending-keys.ts';
import { TRENDING_WEIGHTS } from './trending-weights.ts';
import { dropCreatorFollows } from './creators.handlers.ts';
import type { TrendingDb } from './trending.tables.ts';

type Ctx = ProjectionContext<TrendingDb>;
type Totals = Partial<Record<'videos' | 'text_posts' | 'creators' | 'hashtags', number>>;

async function moveTotals({ tx, schema }: Ctx, by: Totals): Promise<void> {
  await sql`update ${sql.id(schema, 'totals')} set videos = videos + ${by.videos ?? 0}, text_posts = text_posts + ${by.text_posts ?? 0},
              creators = creators + ${by.creators ?? 0}, hashtags = hashtags + ${by.hashtags ?? 0} where id = 1`.execute(tx);
}

/** Moves the author's published-post count; answers +1 / -1 when they became / stopped being a creator. */
async function moveCreatorPosts({ tx, schema }: Ctx, authorId: string, by: 1 | -1): Promise<number> {
  const row = await sql<{ published_posts: number }>`
    update ${sql.id(schema, 'creators')} set published_posts = greatest(0, published_posts + ${by}) where user_id = ${authorId} returning published_posts`.execute(tx);
  const now = row.rows[0]?.published_posts;
  if (now === undefined) return 0;
  return by === 1 && now === 1 ? 1 : by === -1 && now === 0 ? -1 : 0;
}

async function published(ctx: Ctx, post: PublishedPost): Promise<void> {
  const inserted = await sql`insert into ${sql.id(ctx.schema, 'trending_posts')} (id, author_id, kind, published_at, velocity_key)
    values (${post.id}, ${post.authorId}, ${post.kind}, ${post.publishedAt}::timestamptz, ${trendingContribution(TRENDING_WEIGHTS.published, post.publishedAt)})
    on conflict do nothing`.execute(ctx.tx);
  if (Number(inserted.numAffectedRows ?? 0) === 0) return;
  const creators = await moveCreatorPosts(ctx, post.authorId, 1);
  const hashtags = await addHashtagUses(ctx, post);
  await moveTotals(ctx, { [post.kind === 'video' ? 'videos' : 'text_posts']: 1, creators, hashtags });
}

async function deleted(ctx: Ctx, postId: string): Promise<void> {
  const { tx, schema } = ctx;
  const gone = await sql<{ author_id: string; kind: 'text' | 'video' }>`delete from ${sql.id(schema, 'trending_posts')} where id = ${postId} returning author_id, kind`.execute(tx);
  const post = gone.rows[0];
  if (!post) return;
  await sql`delete from ${sql.id(schema, 'trending_likes')} where post_id = ${postId}`.execute(tx);
  await sql`delete from ${sql.id(schema, 'trending_comments')} where post_id = ${postId}`.execute(tx);
  const creators = await moveCreatorPosts(ctx, post.author_id, -1);
  const hashtags = await removeHashtagUses(ctx, postId);
  await moveTotals(ctx, { [post.kind === 'video' ? 'videos' : 'text_posts']: -1, creators, hashtags: -hashtags });
}

/** A removed (suspended) or deleted user's posts go as deleted ones do, and they leave the creators. */
async function userRemoved(ctx: Ctx, userId: string): Promise<void> {
  const posts = await ctx.db.selectFrom('trending_posts').select('id').where('author_id', '=', userId).orderBy('id').execute();
  for (const { id } of posts) await deleted(ctx, id);
  await ctx.db.deleteFrom('creators').where('user_id', '=', userId).execute();
}

/**
 * Posts as they publish and go: a row per published post (its velocity starts with the
 * publication itself), the author's published count, the hashtag uses and the banner's totals.
 * A deleted or removed post leaves; the engagement its author received stays in their growth (it
 * happened). A post hidden by moderation keeps its row: trending content is shown through search's
 * results, which leave hidden posts out. A deleted account goes as a removed user does, and its
 * follows with it (a suspended user's stay).
 */
export const contentHandlers: ProjectionHandlers<TrendingDb> = postPublicationHandlers<TrendingDb>({ published, deleted, userRemoved, accountDeleted: dropCreatorFollows });
