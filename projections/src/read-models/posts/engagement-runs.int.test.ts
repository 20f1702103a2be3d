import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Projection } from '../../projection.ts';
import { schemaDifferences } from '../../testing/compare-schemas.ts';
import { scriptedLog, watchedRuns, type ScriptedLog } from '../../testing/scripted-rebuilds.ts';
import { recommendationsProjection } from '../recommendations/recommendations.projection.ts';
import { engagementHistory, type EngagementHistory } from './engagement-history.testing.ts';
import { postsProjection } from './posts.projection.ts';

const POSTS_TABLES = [
  'posts',
  'post_media',
  'post_likes',
  'post_comments',
  'suspended_comments',
  'viewer_seen',
  'author_affinity',
  'authors',
  'follow_edges',
];
const RECOMMENDATIONS_TABLES = ['post_categories', 'category_interest', 'active_hours', 'interaction_mix'];

describe('the one path of posts and recommendations gives the same tables however a history is cut into runs', () => {
  let log: ScriptedLog;
  let db: Kysely<any>;
  let history: EngagementHistory;
  beforeAll(async () => {
    history = engagementHistory();
    log = await scriptedLog('posts_engagement_runs', history.events);
    db = log.db;
  });
  afterAll(async () => {
    await log.close();
  });
  const built = (projection: Projection, batchSize: number) => log.built(projection, batchSize);

  it.each([
    { projection: postsProjection, tables: POSTS_TABLES },
    { projection: recommendationsProjection, tables: RECOMMENDATIONS_TABLES },
  ])(
    '$projection.name: one large batch, small batches and one event per batch (runs of one) build the same tables',
    async ({ projection, tables }) => {
      const runs = { applied: 0, failures: [] as unknown[] };
      const inRuns = await built(watchedRuns(projection, runs), 10_000);
      expect(runs.failures).toEqual([]);
      // A run ends at a transaction's end (1,000 events in a rebuild) and at an event that does not
      // commute with engagement (a deletion; a processed video already engaged with in the run).
      expect(runs.applied).toBeGreaterThanOrEqual(2);
      const inSmallBatches = await built(watchedRuns(projection, runs), 7);
      expect(runs.failures).toEqual([]);
      expect(runs.applied).toBeGreaterThan(50);
      const oneByOne = await built(projection, 1);
      const same = Object.fromEntries(tables.map((t) => [t, 0]));
      expect(await schemaDifferences(db, inRuns, oneByOne, tables)).toEqual(same);
      expect(await schemaDifferences(db, inSmallBatches, oneByOne, tables)).toEqual(same);
    },
  );

  it('posts: a like taken back and given again inside a run counts once; a comment deleted and added again is there, by its new author', async () => {
    const schema = await built(postsProjection, 10_000);
    const post = await sql<{ likes: number; comments: number; scored: boolean }>`
      select like_count as likes, comment_count as comments, engagement_score > 0 as scored from ${sql.id(schema, 'posts')} where id = ${history.relikedPost}`.execute(
      db,
    );
    expect(post.rows).toEqual([{ likes: 1, comments: 1, scored: true }]);
    const comment = await sql<{
      author_id: string;
    }>`select author_id from ${sql.id(schema, 'post_comments')} where id = ${history.readdedComment}`.execute(db);
    expect(comment.rows).toEqual([{ author_id: history.readdedBy }]);
  });
});
