import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { REDACTED_TEXT, expect as expected, PostgresEventStore } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { createDatabase } from '../../database.ts';
import { ensureRegistry } from '../../generations.ts';
import type { Projection } from '../../projection.ts';
import { rebuild } from '../../rebuild.ts';
import { schemaDifferences, rowCount } from '../../testing/compare-schemas.ts';
import { timelinesProjection } from './timelines.projection.ts';

describe('timelines read model: the set-based batch path and the per-event handler agree', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let kysely: Kysely<any>;
  beforeAll(async () => {
    db = await createTestDatabase('timelines');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.migrate();
    kysely = createDatabase(db.url, { max: 3 });
    await ensureRegistry(kysely);
  });
  afterAll(async () => {
    await kysely?.destroy();
    await store?.close();
    await db?.drop();
  });

  it('on posts, likes, views, comments, reports, removals and an account deletion, batches of any size build what one event at a time builds', async () => {
    const event = (type: string, data: Record<string, unknown>) => ({
      id: randomUUID(),
      type,
      data,
      metadata: { ...testMetadata(), actorId: String(data.userId ?? data.authorId ?? data.reporterId ?? 'system') },
    });
    const now = new Date().toISOString();
    let last: Awaited<ReturnType<typeof store.append>> | undefined;
    for (let p = 0; p < 6; p++) {
      const postId = randomUUID();
      await store.append(`post-${postId}`, expected.noStream, [
        event('TextPostCreated', {
          postId,
          authorId: `a${p % 2}`,
          content: 'secret text',
          backgroundColor: '#fff',
          textColor: '#000',
          fontStyle: 'normal',
          imageUrl: null,
          imageMediaId: null,
          createdAt: now,
        }),
      ]);
      for (let u = 0; u < 20; u++) {
        await store.append(`like-${postId}-u${u}`, expected.any, [
          event('PostLiked', { postId, userId: `u${u}`, authorId: `a${p % 2}`, likedAt: now }),
        ]);
        await store.append(`view-${postId}-u${u}`, expected.any, [
          event('PostViewed', { postId, viewerId: `u${u}`, authorId: `a${p % 2}`, viewedAt: now }),
        ]);
      }
      const commentId = randomUUID();
      await store.append(`comment-${commentId}`, expected.noStream, [
        event('CommentAdded', {
          commentId,
          postId,
          postAuthorId: `a${p % 2}`,
          authorId: 'u1',
          content: 'nice',
          createdAt: now,
        }),
      ]);
      const reportId = randomUUID();
      await store.append(`report-${reportId}`, expected.noStream, [
        event('ReportFiled', {
          reportId,
          reporterId: 'u2',
          contentType: 'text_post',
          contentId: postId,
          reportReason: 'spam',
          description: 'Spam',
          filedAt: now,
        }),
        event('ReportResolved', {
          reportId,
          moderatorId: 'mod',
          note: 'Removed',
          contentRemoved: true,
          resolvedAt: now,
        }),
      ]);
      last = await store.append(`post-${postId}`, expected.any, [
        event('ContentRemoved', {
          contentType: 'text_post',
          contentId: postId,
          authorId: `a${p % 2}`,
          moderatorId: 'mod',
          reportIds: [reportId],
          note: 'Removed',
          removedAt: now,
        }),
      ]);
      // The reporter deletes their account half-way: the descriptions they wrote so far read as deleted.
      if (p === 3)
        await store.append('user-u2', expected.any, [event('AccountDeleted', { userId: 'u2', deletedAt: now })]);
    }
    // Up to the last append's own position (the store's head may not show it yet).
    const head = last!.position;
    const perEvent: Projection = { ...timelinesProjection, name: 'timelines_one_by_one', batchStatements: undefined };
    const tables = ['timeline_entries', 'stream_summaries', 'engagement_hours'];
    const reference = await rebuild({
      store,
      db: kysely,
      projection: perEvent,
      until: { position: head },
      batchSize: 50,
    });
    for (const batchSize of [7, 500]) {
      const batched = await rebuild({
        store,
        db: kysely,
        projection: timelinesProjection,
        until: { position: head },
        batchSize,
      });
      expect(
        await schemaDifferences(kysely, batched.generation.schemaName, reference.generation.schemaName, tables),
      ).toEqual({ timeline_entries: 0, stream_summaries: 0, engagement_hours: 0 });
    }
    expect(await rowCount(kysely, reference.generation.schemaName, 'timeline_entries')).toBe(6 * 45 + 1);
    const notes = await sql<{
      note: string;
    }>`select note from ${sql.id(reference.generation.schemaName, 'timeline_entries')} where type = 'ReportFiled'`.execute(
      kysely,
    );
    expect(notes.rows.map((r) => r.note).sort()).toEqual([...Array(4).fill(REDACTED_TEXT), 'Spam', 'Spam'].sort());
    // Likes and views: one row per post, hour and kind (all of this test's fall in one or two hours).
    expect(await rowCount(kysely, reference.generation.schemaName, 'engagement_hours')).toBeLessThanOrEqual(6 * 3 * 2);
  });
});
