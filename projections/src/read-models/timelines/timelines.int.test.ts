import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { REDACTED_TEXT, expect as expected, PostgresEventStore } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { createDatabase } from '../../database.ts';
import { ensureRegistry } from '../../generations.ts';
import { rebuild } from '../../rebuild.ts';
import { schemaDifferences, rowCount } from '../../testing/compare-schemas.ts';
import { timelinesProjection } from './timelines.projection.ts';

describe('timelines read model', () => {
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

  it('on posts, likes, views, comments, reports, removals and an account deletion, builds the tables the script works out to, whatever the batch size', async () => {
    const event = (type: string, data: Record<string, unknown>) => ({
      id: randomUUID(),
      type,
      data,
      metadata: { ...testMetadata(), actorId: String(data.userId ?? data.authorId ?? data.reporterId ?? 'system') },
    });
    const now = new Date().toISOString();
    /** Per stream, its events' types in order: what the summaries must say. */
    const streams = new Map<string, string[]>();
    const append = (
      stream: string,
      version: Parameters<typeof store.append>[1],
      events: ReturnType<typeof event>[],
    ) => {
      streams.set(stream, [...(streams.get(stream) ?? []), ...events.map((e) => e.type)]);
      return store.append(stream, version, events);
    };
    let last: Awaited<ReturnType<typeof store.append>> | undefined;
    for (let p = 0; p < 6; p++) {
      const postId = randomUUID();
      await append(`post-${postId}`, expected.noStream, [
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
        await append(`like-${postId}-u${u}`, expected.any, [
          event('PostLiked', { postId, userId: `u${u}`, authorId: `a${p % 2}`, likedAt: now }),
        ]);
        await append(`view-${postId}-u${u}`, expected.any, [
          event('PostViewed', { postId, viewerId: `u${u}`, authorId: `a${p % 2}`, viewedAt: now }),
        ]);
      }
      const commentId = randomUUID();
      await append(`comment-${commentId}`, expected.noStream, [
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
      await append(`report-${reportId}`, expected.noStream, [
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
      last = await append(`post-${postId}`, expected.any, [
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
      if (p === 3) await append('user-u2', expected.any, [event('AccountDeleted', { userId: 'u2', deletedAt: now })]);
    }
    // Up to the last append's own position (the store's head may not show it yet).
    const head = last!.position;
    const tables = ['timeline_entries', 'stream_summaries', 'engagement_hours'];
    const built = [];
    for (const batchSize of [1, 7, 500])
      built.push(
        (await rebuild({ store, db: kysely, projection: timelinesProjection, until: { position: head }, batchSize }))
          .generation.schemaName,
      );
    const [oneByOne, ...batched] = built as [string, ...string[]];
    for (const schema of batched)
      expect(await schemaDifferences(kysely, schema, oneByOne, tables)).toEqual({
        timeline_entries: 0,
        stream_summaries: 0,
        engagement_hours: 0,
      });
    // One entry per event, none of the posts' text; the reports' descriptions until their author's deletion.
    expect(await rowCount(kysely, oneByOne, 'timeline_entries')).toBe(6 * 45 + 1);
    const notes = await sql<{
      note: string;
    }>`select note from ${sql.id(oneByOne, 'timeline_entries')} where type = 'ReportFiled'`.execute(kysely);
    expect(notes.rows.map((r) => r.note).sort()).toEqual([...Array(4).fill(REDACTED_TEXT), 'Spam', 'Spam'].sort());
    const summaries = await sql<{ stream: string; events: string; last_type: string }>`
      select stream, events, last_type from ${sql.id(oneByOne, 'stream_summaries')}`.execute(kysely);
    expect(Object.fromEntries(summaries.rows.map((r) => [r.stream, [Number(r.events), r.last_type]]))).toEqual(
      Object.fromEntries([...streams].map(([stream, types]) => [stream, [types.length, types.at(-1)]])),
    );
    // Likes, views and comments per post, whichever hours they fell in.
    const engagement = await sql<{ subject: string; kind: string; count: string }>`
      select subject, kind, sum(count) as count from ${sql.id(oneByOne, 'engagement_hours')} group by subject, kind`.execute(
      kysely,
    );
    const posts = [...streams.keys()].filter((st) => /^post-/.test(st)).map((st) => st.slice('post-'.length));
    expect(engagement.rows.map((r) => `${r.subject} ${r.kind} ${r.count}`).sort()).toEqual(
      posts.flatMap((id) => [`post:${id} comments 1`, `post:${id} likes 20`, `post:${id} views 20`]).sort(),
    );
  });
});
