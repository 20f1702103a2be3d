import { sql } from 'kysely';
import { TRENDING_HALF_LIFE_HOURS, extractHashtags } from '@myworld/schemas';
import type { ProjectionContext } from '../projection.ts';
import { EMPTY_KEY, contributionKey, foldedKey, subtractFromKey } from './forward-decay.ts';
import type { PublishedPost } from './post-publication.ts';

/**
 * The hashtags of published posts (`#tag` in a text post's content or a video's description): each
 * tag's number of live uses and its recent-use key (forward decay with the trending half-life, see
 * forward-decay.ts), and which post uses which tag since when. A deleted post takes its uses back
 * exactly (its contribution at the time it was published); a tag nobody uses any more is removed.
 * The migration of a read model holding them runs ensureForwardDecay (foldedKey's aggregate).
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

/**
 * Records the hashtags of `posts` (published in this order), in one statement; answers how many
 * tags came into use (had no live use before). Each tag's recent-use key takes its new uses one
 * at a time in the posts' order, each post's tags in the order of its text, from the key it had
 * (foldedKey: addToKey's float arithmetic in the same order), so the keys are those of recording
 * the posts one by one, to the bit.
 */
export async function addHashtagUses({ tx, schema }: RawContext, posts: readonly PublishedPost[]): Promise<number> {
  const uses = posts.flatMap((post) =>
    extractHashtags(post.text).map((tag) => ({ postId: post.id, tag, at: post.publishedAt })),
  );
  if (uses.length === 0) return 0;
  const t = (name: keyof HashtagUsesDb) => sql.id(schema, name);
  const fresh = await sql<{ fresh: number }>`
    with uses as (
      select * from unnest(${uses.map((u) => u.postId)}::text[], ${uses.map((u) => u.tag)}::text[], ${uses.map((u) => u.at)}::timestamptz[])
             with ordinality as u(post_id, tag, published_at, seq)),
    recorded as (
      insert into ${t('post_hashtags')} (post_id, tag, published_at) select post_id, tag, published_at from uses
      on conflict do nothing returning post_id, tag),
    credited as (
      select u.tag, u.seq, ${contributionKey(1, sql.ref('u.published_at'), HASHTAG_HALF_LIFE_SECONDS)} as c
        from uses u join recorded r on r.post_id = u.post_id and r.tag = u.tag),
    before as (
      select tag, use_count, recent_key from ${t('hashtags')} where tag in (select tag from credited)),
    after as (
      select k.tag, coalesce(b.use_count, 0) + k.n as use_count, k.key, b.tag is null as fresh
        from (select tag, count(*) filter (where seq > 0) as n, ${foldedKey(sql.ref('c'), sql.ref('seq'))} as key
                from (select tag, recent_key as c, 0::bigint as seq from before union all select tag, c, seq from credited) keys
               group by tag) k
        left join before b on b.tag = k.tag),
    upserted as (
      insert into ${t('hashtags')} (tag, use_count, recent_key) select tag, use_count, key from after
      on conflict (tag) do update set use_count = excluded.use_count, recent_key = excluded.recent_key)
    select count(*) filter (where fresh)::int as fresh from after`.execute(tx);
  return fresh.rows[0]?.fresh ?? 0;
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
