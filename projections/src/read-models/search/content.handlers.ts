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
export const firstLine = (text: string) => text.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';

/** The stored document: folded text, English stemming; title A, the whole text B, a video's category C. */
const documentOf = (title: string, body: string, category: string) => sql`
  setweight(to_tsvector('english', ${fold(title)}), 'A') || setweight(to_tsvector('english', ${fold(body)}), 'B')
  || setweight(to_tsvector('english', ${fold(category)}), 'C')`;

async function published(ctx: Ctx, post: PublishedPost): Promise<void> {
  const { tx, schema } = ctx;
  const title = firstLine(post.text);
  const category = post.category && post.category !== 'none' ? post.category : '';
  const at = sql`${post.publishedAt}::timestamptz`;
  const inserted = await sql`insert into ${sql.id(schema, 'search_posts')} (id, author_id, kind, title, body, category, thumbnail_url, published_at, document, rank_key)
    values (${post.id}, ${post.authorId}, ${post.kind}, ${title}, ${post.text}, ${post.category}, ${post.thumbnailUrl}, ${at}, ${documentOf(title, post.text, category)}, ${freshness(at)})
    on conflict do nothing`.execute(tx);
  if (Number(inserted.numAffectedRows ?? 0) === 0) return;
  await addHashtagUses(ctx, post);
}

async function deleted(ctx: Ctx, postId: string): Promise<void> {
  await ctx.db.deleteFrom('search_posts').where('id', '=', postId).execute();
  await removeHashtagUses(ctx, postId);
}

/** A removed (suspended) or deleted user leaves search with every post of theirs. */
async function userRemoved(ctx: Ctx, userId: string): Promise<void> {
  const posts = await ctx.db.selectFrom('search_posts').select('id').where('author_id', '=', userId).orderBy('id').execute();
  for (const { id } of posts) await deleted(ctx, id);
  await ctx.db.deleteFrom('search_users').where('id', '=', userId).execute();
}

const setHidden = (hidden: boolean) => async ({ db }: Ctx, { data: d }: { data: { contentType: string; contentId: string } }) => {
  if (isPostContentType(d.contentType)) await db.updateTable('search_posts').set({ hidden }).where('id', '=', d.contentId).execute();
  if (d.contentType === 'user') await db.updateTable('search_users').set({ hidden }).where('id', '=', d.contentId).execute();
};

/**
 * Published posts enter search with their document and hashtags; a deleted or removed one leaves
 * with its hashtag uses. A post or user hidden by moderation stays, flagged, out of every result until restored.
 */
export const contentHandlers: ProjectionHandlers<SearchDb> = {
  // A deleted account goes as a removed user does, and its follows with it (a suspended user's stay).
  ...postPublicationHandlers<SearchDb>({ published, deleted, userRemoved, accountDeleted: dropFollowsOf }),
  ContentHidden: setHidden(true),
  ContentRestored: setHidden(false),
};
