import { sql } from 'kysely';
import { isPostContentType } from '@myworld/schemas';
import { REDACTED_DATE, redactedText } from '../../read-model-parts/account-deletion.ts';
import type { ProjectionContext, RunHandler } from '../../projection.ts';
import { activityBuckets } from './activity-buckets.ts';
import { ANALYTICS_TYPES, type AnalyticsEvent, type AnalyticsType } from './analytics-events.ts';
import { AGE_COLUMNS, CREATOR_HOUR_COUNTS, type AnalyticsDb } from './analytics.tables.ts';

type PostRow = {
  id: string;
  author: string;
  kind: 'text' | 'video';
  content: string | null;
  title: string | null;
  category: string | null;
  at: string;
};

/** The first deletion of each post (a later one changes nothing, however the run is grouped). */
function firstPerPost(deletions: ReadonlyArray<{ postId: string; at: string }>) {
  const first = new Map<string, { postId: string; at: string }>();
  for (const d of deletions) if (!first.has(d.postId)) first.set(d.postId, d);
  return [...first.values()];
}

/**
 * Applies events of the analytics types in log order. Everything it keeps is a sum per bucket or
 * a first write, so applying a run at once leaves exactly what applying its events one by one
 * does. It is the read model's only implementation: a single event is a run of one.
 */
async function applyAnalyticsEvents(
  { tx, schema }: ProjectionContext<AnalyticsDb>,
  events: readonly AnalyticsEvent[],
): Promise<void> {
  const t = (name: keyof AnalyticsDb) => sql.id(schema, name);
  const users = events.flatMap((e) => (e.type === 'UserRegistered' ? [e.data] : []));
  if (users.length > 0) {
    await sql`insert into ${t('analytics_users')} (user_id, birth_date)
      select * from unnest(${users.map((u) => u.userId)}::text[], ${users.map((u) => u.birthDate)}::text[])
      on conflict do nothing`.execute(tx);
  }

  const posts = events.flatMap((e): PostRow[] => {
    if (e.type === 'TextPostCreated')
      return [
        {
          id: e.data.postId,
          author: e.data.authorId,
          kind: 'text',
          content: e.data.content,
          title: null,
          category: null,
          at: e.data.createdAt,
        },
      ];
    if (e.type === 'VideoPostSubmitted')
      return [
        {
          id: e.data.postId,
          author: e.data.authorId,
          kind: 'video',
          content: null,
          title: e.data.description,
          category: e.data.category,
          at: e.data.createdAt,
        },
      ];
    return [];
  });
  if (posts.length > 0) {
    await sql`insert into ${t('analytics_posts')} (post_id, author_id, kind, content, title, category, created_at)
      select * from unnest(${posts.map((p) => p.id)}::text[], ${posts.map((p) => p.author)}::text[], ${posts.map((p) => p.kind)}::text[],
                           ${posts.map((p) => p.content)}::text[], ${posts.map((p) => p.title)}::text[], ${posts.map((p) => p.category)}::text[],
                           ${posts.map((p) => p.at)}::timestamptz[])
      on conflict do nothing`.execute(tx);
  }
  // A post its author deleted or a moderator removed leaves topContent from then on (what it earned before still counts).
  const deletions = firstPerPost(
    events.flatMap((e) => {
      if (e.type === 'PostDeleted') return [{ postId: e.data.postId, at: e.data.deletedAt }];
      if (e.type === 'ContentRemoved' && isPostContentType(e.data.contentType))
        return [{ postId: e.data.contentId, at: e.data.removedAt }];
      return [];
    }),
  );
  if (deletions.length > 0) {
    await sql`update ${t('analytics_posts')} p set deleted_at = coalesce(p.deleted_at, d.at)
      from unnest(${deletions.map((d) => d.postId)}::text[], ${deletions.map((d) => d.at)}::timestamptz[]) as d(post_id, at)
      where p.post_id = d.post_id`.execute(tx);
  }

  const viewers = [...new Set(events.flatMap((e) => (e.type === 'PostViewed' ? [e.data.viewerId] : [])))];
  const birthDates = new Map(
    viewers.length === 0
      ? []
      : (
          await sql<{
            user_id: string;
            birth_date: string;
          }>`select user_id, birth_date from ${t('analytics_users')} where user_id = any(${viewers}::text[])`.execute(
            tx,
          )
        ).rows.map((r) => [r.user_id, r.birth_date] as const),
  );
  // A deleted comment names its post but not the post's author: the post says.
  const commentPosts = [...new Set(events.flatMap((e) => (e.type === 'CommentDeleted' ? [e.data.postId] : [])))];
  const postAuthors = new Map(
    commentPosts.length === 0
      ? []
      : (
          await sql<{
            post_id: string;
            author_id: string;
          }>`select post_id, author_id from ${t('analytics_posts')} where post_id = any(${commentPosts}::text[])`.execute(
            tx,
          )
        ).rows.map((r) => [r.post_id, r.author_id] as const),
  );

  const { creatorHours, postHours, countries, viewerAges } = activityBuckets(events, birthDates, postAuthors);

  if (creatorHours.size > 0) {
    const keys = [...creatorHours.keys()].map((k) => k.split('|'));
    const rows = [...creatorHours.values()];
    const columns = sql.join(CREATOR_HOUR_COUNTS.map((c) => sql.id(c)));
    const values = sql.join(CREATOR_HOUR_COUNTS.map((c) => sql`${rows.map((r) => r[c])}::int[]`));
    const sums = sql.join(CREATOR_HOUR_COUNTS.map((c) => sql`${sql.id(c)} = h.${sql.id(c)} + excluded.${sql.id(c)}`));
    await sql`insert into ${t('analytics_creator_hours')} as h (creator_id, hour, ${columns})
      select * from unnest(${keys.map((k) => k[0])}::text[], ${keys.map((k) => k[1])}::timestamptz[], ${values})
      on conflict (creator_id, hour) do update set ${sums}`.execute(tx);
  }
  if (postHours.size > 0) {
    const keys = [...postHours.keys()].map((k) => k.split('|'));
    const rows = [...postHours.values()];
    await sql`insert into ${t('analytics_post_hours')} as h (post_id, author_id, hour, views, likes, comments)
      select * from unnest(${keys.map((k) => k[0])}::text[], ${rows.map((r) => r.author)}::text[], ${keys.map((k) => k[1])}::timestamptz[],
                           ${rows.map((r) => r.views)}::int[], ${rows.map((r) => r.likes)}::int[], ${rows.map((r) => r.comments)}::int[])
      on conflict (post_id, hour) do update set views = h.views + excluded.views, likes = h.likes + excluded.likes, comments = h.comments + excluded.comments`.execute(
      tx,
    );
  }
  if (countries.size > 0) {
    const keys = [...countries.keys()].map((k) => k.split('|'));
    await sql`insert into ${t('analytics_country_hours')} as h (creator_id, hour, country, views)
      select * from unnest(${keys.map((k) => k[0])}::text[], ${keys.map((k) => k[1])}::timestamptz[], ${keys.map((k) => k.slice(2).join('|'))}::text[],
                           ${[...countries.values()].map((r) => r.views)}::int[])
      on conflict (creator_id, hour, country) do update set views = h.views + excluded.views`.execute(tx);
  }

  if (viewerAges.size > 0) {
    const keys = [...viewerAges.keys()].map((k) => k.split('|'));
    await sql`insert into ${t('analytics_viewer_ages')} as v (viewer_id, creator_id, hour, age_group, views)
      select * from unnest(${keys.map((k) => k[0])}::text[], ${keys.map((k) => k[1])}::text[], ${keys.map((k) => k[2])}::timestamptz[], ${keys.map((k) => k[3])}::text[],
                           ${[...viewerAges.values()].map((r) => r.views)}::int[])
      on conflict (viewer_id, creator_id, hour, age_group) do update set views = v.views + excluded.views`.execute(tx);
  }

  const accesses = events.flatMap((e) => (e.type === 'AnalyticsViewed' ? [{ id: e.id, ...e.data }] : []));
  if (accesses.length > 0) {
    await sql`insert into ${t('analytics_accesses')} (event_id, viewer_id, creator_id, timeframe, as_of, viewed_at)
      select * from unnest(${accesses.map((a) => a.id)}::text[], ${accesses.map((a) => a.viewerId)}::text[], ${accesses.map((a) => a.creatorId)}::text[],
                           ${accesses.map((a) => a.timeframe)}::text[], ${accesses.map((a) => a.asOf)}::text[], ${accesses.map((a) => a.viewedAt)}::timestamptz[])
      on conflict do nothing`.execute(tx);
  }

  // Last: whatever the run counted of a deleted user before their deletion is taken back with the rest.
  const deletedAccounts = events.flatMap((e) => (e.type === 'AccountDeleted' ? [e.data] : []));
  if (deletedAccounts.length > 0) await forgetDeletedAccounts({ tx, schema }, deletedAccounts);
}

/**
 * Leaves what a replay builds once the accounts are deleted: their birth date and their posts'
 * texts as the redaction, their posts out of topContent, and their views in no age group.
 */
async function forgetDeletedAccounts(
  { tx, schema }: Pick<ProjectionContext<AnalyticsDb>, 'tx' | 'schema'>,
  deletions: ReadonlyArray<{ userId: string; deletedAt: string }>,
): Promise<void> {
  const t = (name: keyof AnalyticsDb) => sql.id(schema, name);
  const ids = deletions.map((d) => d.userId);
  await sql`update ${t('analytics_users')} set birth_date = ${REDACTED_DATE} where user_id = any(${ids}::text[])`.execute(
    tx,
  );
  await sql`update ${t('analytics_posts')} p set content = ${redactedText('p.content')}, title = ${redactedText('p.title')}, deleted_at = coalesce(p.deleted_at, d.at)
    from unnest(${ids}::text[], ${deletions.map((d) => d.deletedAt)}::timestamptz[]) as d(user_id, at) where p.author_id = d.user_id`.execute(
    tx,
  );
  const columns = Object.entries(AGE_COLUMNS);
  await sql`with gone as (delete from ${t('analytics_viewer_ages')} where viewer_id = any(${ids}::text[]) returning creator_id, hour, age_group, views),
    per_hour as (select creator_id, hour, ${sql.join(columns.map(([group, column]) => sql`coalesce(sum(views) filter (where age_group = ${group}), 0) as ${sql.id(column)}`))}
                 from gone group by creator_id, hour)
    update ${t('analytics_creator_hours')} h set ${sql.join(columns.map(([, column]) => sql`${sql.id(column)} = h.${sql.id(column)} - g.${sql.id(column)}`))}
      from per_hour g where h.creator_id = g.creator_id and h.hour = g.hour`.execute(tx);
}

/** Runs of consecutive analytics events are applied at once (a rebuild of the log mostly sees such runs). */
export const analyticsRuns: RunHandler<AnalyticsDb, AnalyticsType> = {
  types: ANALYTICS_TYPES,
  apply: applyAnalyticsEvents,
};
