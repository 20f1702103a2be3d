import { sql } from 'kysely';
import { TRENDING_HALF_LIFE_HOURS, extractHashtags } from '@myworld/schemas';
import type { ProjectionContext } from '../projection.ts';
import { EMPTY_KEY, addToKey, contributionKey, subtractFromKey } from './forward-decay.ts';
import type { PublishedPost } from './post-publication.ts';

/**
 * The hashtags of published posts (`#tag` in a text post's content or a video's description): each
 * tag's number of live uses and its recent-use key (forward decay with the trending half-life, see
 * forward-decay.ts), and which post uses which tag since when. A deleted post takes its uses back
 * exactly (its contribution at the time it was published); a tag nobody uses any more is removed.
 */
export interface HashtagUsesDb {
  hashtags: { tag: string; use_count: number; recent_key: number };
  post_hashtags: { post_id: string; tag: string; published_at: Date };
}

/** What raw SQL needs of a handler's context, in any read model. */
type RawContext = Pick<ProjectionContext<any>, 'tx' | 'schema'>;

export const HASHTAG_HALF_LIFE_SECONDS = TRENDING_HALF_LIFE_HOURS * 3600;

/** The two tables, created in `schema` by the read model's migration. */
export const hashtagUsesTables = (schema: string) => sql`
  create table ${sql.id(schema, 'hashtags')} (
    tag text primary key,
    use_count integer not null,
    recent_key double precision not null
  );
  create index on ${sql.id(schema, 'hashtags')} (recent_key desc, tag);
  create table ${sql.id(schema, 'post_hashtags')} (
    post_id text not null,
    tag text not null,
    published_at timestamptz not null,
    primary key (tag, post_id)
  );
  create index on ${sql.id(schema, 'post_hashtags')} (tag, published_at desc, post_id desc);
  create index on ${sql.id(schema, 'post_hashtags')} (post_id)`;

/** Records the post's hashtags; answers how many tags came into use (had no live use before). */
export async function addHashtagUses({ tx, schema }: RawContext, post: PublishedPost): Promise<number> {
  let fresh = 0;
  for (const tag of extractHashtags(post.text)) {
    const use = contributionKey(1, post.publishedAt, HASHTAG_HALF_LIFE_SECONDS);
    const inserted =
      await sql`insert into ${sql.id(schema, 'post_hashtags')} (post_id, tag, published_at) values (${post.id}, ${tag}, ${post.publishedAt}::timestamptz) on conflict do nothing`.execute(
        tx,
      );
    if (Number(inserted.numAffectedRows ?? 0) === 0) continue;
    const row = await sql<{ use_count: number }>`
      insert into ${sql.id(schema, 'hashtags')} as h (tag, use_count, recent_key) values (${tag}, 1, ${use})
      on conflict (tag) do update set use_count = h.use_count + 1, recent_key = ${addToKey(sql`h.recent_key`, use)}
      returning use_count`.execute(tx);
    if (row.rows[0]?.use_count === 1) fresh++;
  }
  return fresh;
}

/** Takes back a post's hashtag uses; answers how many tags went out of use. */
export async function removeHashtagUses({ tx, schema }: RawContext, postId: string): Promise<number> {
  const uses = await sql<{
    tag: string;
    published_at: Date;
  }>`delete from ${sql.id(schema, 'post_hashtags')} where post_id = ${postId} returning tag, published_at`.execute(tx);
  let gone = 0;
  for (const use of uses.rows.sort((a, b) => a.tag.localeCompare(b.tag))) {
    const contribution = contributionKey(1, use.published_at.toISOString(), HASHTAG_HALF_LIFE_SECONDS);
    const row = await sql<{ use_count: number }>`
      update ${sql.id(schema, 'hashtags')} as h set use_count = h.use_count - 1,
        recent_key = case when h.use_count <= 1 then ${EMPTY_KEY}::float8 else ${subtractFromKey(sql`h.recent_key`, contribution)} end
      where tag = ${use.tag} returning use_count`.execute(tx);
    if ((row.rows[0]?.use_count ?? 1) <= 0) {
      await sql`delete from ${sql.id(schema, 'hashtags')} where tag = ${use.tag}`.execute(tx);
      gone++;
    }
  }
  return gone;
}
