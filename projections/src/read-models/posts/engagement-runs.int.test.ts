import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { PostgresEventStore, expect as expected } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing';
import { createDatabase } from '../../database.ts';
import { ensureRegistry } from '../../generations.ts';
import type { Projection, RunHandler } from '../../projection.ts';
import { rebuild } from '../../rebuild.ts';
import { schemaDifferences } from '../../testing/compare-schemas.ts';
import { recommendationsProjection } from '../recommendations/recommendations.projection.ts';
import { engagementHistory, type EngagementHistory } from './engagement-history.testing.ts';
import { postsProjection } from './posts.projection.ts';

const POSTS_TABLES = ['posts', 'post_media', 'post_likes', 'post_comments', 'viewer_seen', 'author_affinity', 'authors', 'follow_edges'];
const RECOMMENDATIONS_TABLES = ['post_categories', 'category_interest', 'active_hours', 'interaction_mix'];

describe('engagement applied in runs gives the read models of one event at a time (posts and recommendations)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  let history: EngagementHistory;
  beforeAll(async () => {
    database = await createTestDatabase('posts_engagement_runs');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 3 });
    await ensureRegistry(db);
    history = engagementHistory();
    for (let i = 0; i < history.events.length; i += 50) await store.append(`script-${randomUUID()}`, expected.noStream, history.events.slice(i, i + 50));
  });
  afterAll(async () => {
    await db.destroy();
    await store.close();
    await database.drop();
  });

  /** The projection with its run handlers counted, and their errors kept (a failed run is retried one event at a time, which would hide it). */
  function watched(projection: Projection, runs: { applied: number; failures: unknown[] }): Projection {
    const watch = (run: RunHandler<any>): RunHandler<any> => ({
      types: run.types,
      apply: async (ctx, events) => {
        try {
          await run.apply(ctx, events);
          runs.applied++;
        } catch (error) {
          runs.failures.push(error);
          throw error;
        }
      },
    });
    return { ...projection, runHandlers: projection.runHandlers?.map(watch) };
  }

  /** Builds `projection` from the whole history in batches of `batchSize`; answers its schema. */
  async function built(projection: Projection, batchSize: number): Promise<string> {
    const head = await store.headPosition();
    const { generation } = await rebuild({ store, db, projection, until: { position: head }, batchSize });
    return generation.schemaName;
  }

  it.each([
    { projection: postsProjection, tables: POSTS_TABLES },
    { projection: recommendationsProjection, tables: RECOMMENDATIONS_TABLES },
  ])('$projection.name: one large batch, small batches and one event per batch build the same tables', async ({ projection, tables }) => {
    const runs = { applied: 0, failures: [] as unknown[] };
    const inRuns = await built(watched(projection, runs), 10_000);
    expect(runs.failures).toEqual([]);
    // A run ends at a transaction's end (1,000 events in a rebuild) and at an event that does not
    // commute with engagement (a deletion; a processed video already engaged with in the run).
    expect(runs.applied).toBeGreaterThanOrEqual(2);
    const inSmallBatches = await built(watched(projection, runs), 7);
    expect(runs.failures).toEqual([]);
    expect(runs.applied).toBeGreaterThan(50);
    const oneByOne = await built(projection, 1);
    const same = Object.fromEntries(tables.map((t) => [t, 0]));
    expect(await schemaDifferences(db, inRuns, oneByOne, tables)).toEqual(same);
    expect(await schemaDifferences(db, inSmallBatches, oneByOne, tables)).toEqual(same);
  });

  it('posts: a like taken back and given again inside a run counts once; a comment deleted and added again is there, by its new author', async () => {
    const schema = await built(postsProjection, 10_000);
    const post = await sql<{ likes: number; comments: number; scored: boolean }>`
      select like_count as likes, comment_count as comments, engagement_score > 0 as scored from ${sql.id(schema, 'posts')} where id = ${history.relikedPost}`.execute(db);
    expect(post.rows).toEqual([{ likes: 1, comments: 1, scored: true }]);
    const comment = await sql<{ author_id: string }>`select author_id from ${sql.id(schema, 'post_comments')} where id = ${history.readdedComment}`.execute(db);
    expect(comment.rows).toEqual([{ author_id: history.readdedBy }]);
  });
});
