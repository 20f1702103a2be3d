import type { QueryCreator } from 'kysely';
import type { FontStyle, TextPost } from '@myworld/schemas';
import type { PostsDb } from './posts.projection.ts';

type Db = QueryCreator<PostsDb>;
type Row = PostsDb['posts'];

const toTextPost = (row: Row): TextPost => ({
  id: row.id,
  authorId: row.author_id,
  content: row.content,
  backgroundColor: row.background_color,
  textColor: row.text_color,
  fontStyle: row.font_style as FontStyle,
  imageUrl: row.image_url,
  createdAt: row.created_at.toISOString(),
});

/** One published post (a deleted one is gone). */
export async function postById(db: Db, id: string): Promise<TextPost | undefined> {
  const row = await db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toTextPost(row);
}

/** An author's posts, newest first, one page at a time (`before`: the last page's oldest time). */
export async function postsByAuthor(db: Db, authorId: string, { limit = 30, before }: { limit?: number; before?: Date } = {}): Promise<TextPost[]> {
  let query = db.selectFrom('posts').selectAll().where('author_id', '=', authorId);
  if (before) query = query.where('created_at', '<', before);
  return (await query.orderBy('created_at', 'desc').limit(limit).execute()).map(toTextPost);
}
