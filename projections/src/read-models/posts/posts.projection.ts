import { sql } from 'kysely';
import { defineProjection } from '../../projection.ts';

/**
 * The posts read model: one row per published post (text posts now, videos next). A deleted post
 * leaves it, so no listing, feed or detail page can show it.
 */
export interface PostsDb {
  posts: {
    id: string;
    author_id: string;
    kind: string;
    content: string;
    background_color: string;
    text_color: string;
    font_style: string;
    image_url: string | null;
    created_at: Date;
  };
}

export const postsProjection = defineProjection<PostsDb>({
  name: 'posts',
  version: 1,
  migrate: async (db, schema) => {
    await sql`
      create table ${sql.id(schema, 'posts')} (
        id text primary key,
        author_id text not null,
        kind text not null,
        content text not null,
        background_color text not null,
        text_color text not null,
        font_style text not null,
        image_url text,
        created_at timestamptz not null
      );
      create index on ${sql.id(schema, 'posts')} (author_id, created_at desc);
      create index on ${sql.id(schema, 'posts')} (created_at desc);
    `.execute(db);
  },
  handlers: {
    TextPostCreated: async ({ db }, { data: d }) => {
      await db
        .insertInto('posts')
        .values({ id: d.postId, author_id: d.authorId, kind: 'text', content: d.content, background_color: d.backgroundColor, text_color: d.textColor, font_style: d.fontStyle, image_url: d.imageUrl, created_at: new Date(d.createdAt) })
        .execute();
    },
    PostDeleted: async ({ db }, { data: d }) => {
      await db.deleteFrom('posts').where('id', '=', d.postId).execute();
    },
  },
});
