import { sql } from 'kysely';
import type { ProjectionContext, TypedRecordedEventOf } from '../../projection.ts';
import { foldedKey } from '../../read-model-parts/forward-decay.ts';
import { trendingContribution } from './trending-keys.ts';
import { TRENDING_WEIGHTS } from './trending-weights.ts';
import type { TrendingDb } from './trending.tables.ts';

/**
 * The engagement that only adds to keys. An unlike or a deleted comment takes back a contribution
 * of its own time: those are engagement.handlers.ts, one event at a time, and end a run.
 */
const CREDIT_WEIGHTS = {
  PostLiked: TRENDING_WEIGHTS.like,
  CommentAdded: TRENDING_WEIGHTS.comment,
  PostShared: TRENDING_WEIGHTS.share,
  PostViewed: TRENDING_WEIGHTS.view,
} as const;
type CreditType = keyof typeof CREDIT_WEIGHTS;
export const CREDIT_TYPES = Object.keys(CREDIT_WEIGHTS) as CreditType[];
export type CreditEvent = TypedRecordedEventOf<CreditType>;
export const isCredit = (event: { type: string }): event is CreditEvent => event.type in CREDIT_WEIGHTS;

/** An event of the run as a row: its post, the like's user or the comment's id, and its time. */
function rowOf(event: TypedRecordedEventOf<CreditType>) {
  switch (event.type) {
    case 'PostLiked':
      return { post: event.data.postId, user: event.data.userId, comment: null, at: event.data.likedAt };
    case 'CommentAdded':
      return { post: event.data.postId, user: null, comment: event.data.commentId, at: event.data.createdAt };
    case 'PostShared':
      return { post: event.data.postId, user: null, comment: null, at: event.data.sharedAt };
    case 'PostViewed':
      return { post: event.data.postId, user: null, comment: null, at: event.data.viewedAt };
  }
}

/**
 * Engagement velocity: each like, comment, share and view adds to its post's key and its author's
 * at the event's time. A run of them in one statement, leaving what one event at a time would:
 * the new likes and comments are recorded (the first of a run's repeats, and only on published
 * posts), then every post's velocity and every author's growth take their credited events'
 * contributions one at a time in the run's order, from the key they had (foldedKey: the float
 * arithmetic of addToKey in the same order, so the same keys to the bit). A like or comment
 * already recorded credits nothing; a share or view on a published post always does.
 */
export async function creditEngagement(
  { tx, schema }: ProjectionContext<TrendingDb>,
  events: readonly CreditEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(rowOf);
  const t = (name: keyof TrendingDb) => sql.id(schema, name);
  const contribution = sql`case e.type ${sql.join(
    Object.entries(CREDIT_WEIGHTS).map(
      ([type, weight]) => sql`when ${type} then ${trendingContribution(weight, sql.ref('e.happened_at'))}`,
    ),
    sql` `,
  )} end`;
  await sql`
    with run as (
      select * from unnest(${events.map((e) => e.type)}::text[], ${rows.map((r) => r.post)}::text[], ${rows.map((r) => r.user)}::text[],
                           ${rows.map((r) => r.comment)}::text[], ${rows.map((r) => r.at)}::timestamptz[])
             with ordinality as r(type, post_id, user_id, comment_id, happened_at, seq)),
    on_published as (
      select run.*, p.author_id from run join ${t('trending_posts')} p on p.id = run.post_id),
    first_likes as (
      select distinct on (post_id, user_id) * from on_published where type = 'PostLiked' order by post_id, user_id, seq),
    new_likes as (
      insert into ${t('trending_likes')} (post_id, user_id, liked_at) select post_id, user_id, happened_at from first_likes
      on conflict do nothing returning post_id, user_id),
    first_comments as (
      select distinct on (comment_id) * from on_published where type = 'CommentAdded' order by comment_id, seq),
    new_comments as (
      insert into ${t('trending_comments')} (comment_id, post_id, created_at) select comment_id, post_id, happened_at from first_comments
      on conflict do nothing returning comment_id),
    credited as (
      select * from on_published where type in ('PostShared', 'PostViewed')
      union all select f.* from first_likes f join new_likes n on n.post_id = f.post_id and n.user_id = f.user_id
      union all select f.* from first_comments f join new_comments n on n.comment_id = f.comment_id),
    contributions as (
      select e.seq, e.post_id, e.author_id, ${contribution} as c from credited e),
    moved_posts as (
      update ${t('trending_posts')} p set velocity_key = k.key
        from (select post_id, ${foldedKey(sql.ref('c'), sql.ref('seq'))} as key
                from (select id as post_id, velocity_key as c, 0::bigint as seq from ${t('trending_posts')} where id in (select post_id from contributions)
                      union all select post_id, c, seq from contributions) keys
               group by post_id) k
       where p.id = k.post_id)
    update ${t('creators')} cr set growth_key = k.key
      from (select author_id, ${foldedKey(sql.ref('c'), sql.ref('seq'))} as key
              from (select user_id as author_id, growth_key as c, 0::bigint as seq from ${t('creators')} where user_id in (select author_id from contributions)
                    union all select author_id, c, seq from contributions) keys
             group by author_id) k
     where cr.user_id = k.author_id`.execute(tx);
}
