import { sql } from 'kysely';
import { isPostContentType } from '@myworld/schemas';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { addHashtagUses, removeHashtagUses } from '../../read-model-parts/hashtag-uses.ts';
import { postRemovalHandlers, type PublishedPost } from '../../read-model-parts/post-publication.ts';
import { fold } from '../../read-model-parts/text-search.ts';
import { freshness } from './search-ranking.ts';
import { dropFollowsOf } from './people.runs.ts';
import type { SearchDb } from './search.tables.ts';

type Ctx = ProjectionContext<SearchDb>;

/** A post's title: the first non-blank line of its text. */
export const firstLine = (text: string) =>
  text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

/** The stored document: folded text, English stemming; title A, the whole text B, a video's category C. */
const documentOf = (title: unknown, body: unknown, category: unknown) => sql`
  setweight(to_tsvector('english', ${fold(title)}), 'A') || setweight(to_tsvector('english', ${fold(body)}), 'B')
  || setweight(to_tsvector('english', ${fold(category)}), 'C')`;

/**
 * Published posts enter search with their document and hashtags, in one statement and the
 * hashtags' one; answers the ids of those that entered (one already there stays as it is).
 */
export async function published(ctx: Ctx, posts: readonly PublishedPost[]): Promise<string[]> {
  const { tx, schema } = ctx;
  const column = <T>(value: (post: PublishedPost) => T) => posts.map(value);
  const style = (post: PublishedPost) => post.textStyle;
  const r = (name: string) => sql.ref(`r.${name}`);
  const entered = await sql<{ id: string }>`
    insert into ${sql.id(schema, 'search_posts')} (id, author_id, kind, title, body, category, thumbnail_url, background_color, text_color, font_style, published_at, document, rank_key, author_hidden)
    select r.id, r.author_id, r.kind, r.title, r.body, r.category, r.thumbnail_url, r.background_color, r.text_color, r.font_style, r.published_at,
           ${documentOf(r('title'), r('body'), r('document_category'))}, ${freshness(r('published_at'))},
           -- A post of a user hidden by moderation (or suspended) starts hidden with them.
           coalesce((select hidden or suspended from ${sql.id(schema, 'search_users')} where id = r.author_id), false)
      from unnest(${column((p) => p.id)}::text[], ${column((p) => p.authorId)}::text[], ${column((p) => p.kind)}::text[], ${column((p) => firstLine(p.text))}::text[],
                  ${column((p) => p.text)}::text[], ${column((p) => p.category)}::text[], ${column((p) => (p.category && p.category !== 'none' ? p.category : ''))}::text[],
                  ${column((p) => p.thumbnailUrl)}::text[], ${column((p) => style(p)?.backgroundColor ?? null)}::text[], ${column((p) => style(p)?.textColor ?? null)}::text[],
                  ${column((p) => style(p)?.fontStyle ?? null)}::text[], ${column((p) => p.publishedAt)}::timestamptz[])
           with ordinality as r(id, author_id, kind, title, body, category, document_category, thumbnail_url, background_color, text_color, font_style, published_at, seq)
    on conflict do nothing returning id`.execute(tx);
  const ids = new Set(entered.rows.map((row) => row.id));
  await addHashtagUses(
    ctx,
    posts.filter((p) => ids.has(p.id)),
  );
  return [...ids];
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
 * A deleted or removed post leaves with its hashtag uses (posts enter in runs: search.runs.ts). A
 * post or user hidden by moderation stays, flagged, out of every result until restored.
 */
export const contentHandlers: ProjectionHandlers<SearchDb> = {
  // A deleted account leaves with its posts and follows; a suspended user's stay, flagged (see suspension).
  ...postRemovalHandlers<SearchDb>({ deleted, userRemoved, accountDeleted: dropFollowsOf, suspension }),
  ContentHidden: setHidden(true),
  ContentRestored: setHidden(false),
};
