import { sql } from 'kysely';
import { isPostContentType } from '@myworld/schemas';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { addHashtagUses, removeHashtagUses } from '../../read-model-parts/hashtag-uses.ts';
import { postPublicationHandlers, type PublishedPost } from '../../read-model-parts/post-publication.ts';
import { fold } from '../../read-model-parts/text-search.ts';
import { freshness } from './search-ranking.ts';
import { dropFollowsOf } from './people.handlers.ts';
import type { SearchDb } from './search.tables.ts';

type Ctx = ProjectionContext<SearchDb>;

/** A post's title: the first non-blank line of its text. */
export const firstLine = (text: string) =>
  text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

/** The stored document: folded text, English stemming; title A, the whole text B, a video's category C. */
const documentOf = (title: string, body: string, category: string) => sql`
  setweight(to_tsvector('english', ${fold(title)}), 'A') || setweight(to_tsvector('english', ${fold(body)}), 'B')
  || setweight(to_tsvector('english', ${fold(category)}), 'C')`;

async function published(ctx: Ctx, post: PublishedPost): Promise<void> {
  const { tx, schema } = ctx;
  const title = firstLine(post.text);
  const category = post.category && post.category !== 'none' ? post.category : '';
  const at = sql`${post.publishedAt}::timestamptz`;
  const style = post.textStyle;
  // A post of a user hidden by moderation (or suspended) starts hidden with them.
  const authorHidden = sql`coalesce((select hidden or suspended from ${sql.id(schema, 'search_users')} where id = ${post.authorId}), false)`;
  const inserted =
    await sql`insert into ${sql.id(schema, 'search_posts')} (id, author_id, kind, title, body, category, thumbnail_url, background_color, text_color, font_style, published_at, document, rank_key, author_hidden)
    values (${post.id}, ${post.authorId}, ${post.kind}, ${title}, ${post.text}, ${post.category}, ${post.thumbnailUrl}, ${style?.backgroundColor ?? null}, ${style?.textColor ?? null}, ${style?.fontStyle ?? null}, ${at}, ${documentOf(title, post.text, category)}, ${freshness(at)}, ${authorHidden})
    on conflict do nothing`.execute(tx);
  if (Number(inserted.numAffectedRows ?? 0) === 0) return;
  await addHashtagUses(ctx, post);
}

async function deleted(ctx: Ctx, postId: string): Promise<void> {
  await ctx.db.deleteFrom('search_posts').where('id', '=', postId).execute();
  await removeHashtagUses(ctx, postId);
}

/** A deleted user leaves search with every post of theirs. */
async function userRemoved(ctx: Ctx, userId: string): Promise<void> {
  const posts = await ctx.db
    .selectFrom('search_posts')
    .select('id')
    .where('author_id', '=', userId)
    .orderBy('id')
    .execute();
  for (const { id } of posts) await deleted(ctx, id);
  await ctx.db.deleteFrom('search_users').where('id', '=', userId).execute();
}

/** A hidden or suspended user, and every post of theirs (results and hashtag pages), leave search until restored or reinstated. */
async function setUserState(
  { db }: Ctx,
  userId: string,
  change: { hidden: boolean } | { suspended: boolean },
): Promise<void> {
  const user = await db
    .updateTable('search_users')
    .set(change)
    .where('id', '=', userId)
    .returning(['hidden', 'suspended'])
    .executeTakeFirst();
  const hidden = user ? user.hidden || user.suspended : 'hidden' in change ? change.hidden : change.suspended;
  await db.updateTable('search_posts').set({ author_hidden: hidden }).where('author_id', '=', userId).execute();
}

const setHidden =
  (hidden: boolean) =>
  async (ctx: Ctx, { data: d }: { data: { contentType: string; contentId: string } }) => {
    if (isPostContentType(d.contentType))
      await ctx.db.updateTable('search_posts').set({ post_hidden: hidden }).where('id', '=', d.contentId).execute();
    if (d.contentType === 'user') await setUserState(ctx, d.contentId, { hidden });
  };

/** A suspended user stays, flagged with their posts, so that a reinstatement shows them again. */
const suspension = {
  userSuspended: (ctx: Ctx, userId: string) => setUserState(ctx, userId, { suspended: true }),
  userReinstated: (ctx: Ctx, userId: string) => setUserState(ctx, userId, { suspended: false }),
};

/**
 * Published posts enter search with their document and hashtags; a deleted or removed one leaves
 * with its hashtag uses. A post or user hidden by moderation stays, flagged, out of every result until restored.
 */
export const contentHandlers: ProjectionHandlers<SearchDb> = {
  // A deleted account leaves with its posts and follows; a suspended user's stay, flagged (see suspension).
  ...postPublicationHandlers<SearchDb>({ published, deleted, userRemoved, accountDeleted: dropFollowsOf, suspension }),
  ContentHidden: setHidden(true),
  ContentRestored: setHidden(false),
};
