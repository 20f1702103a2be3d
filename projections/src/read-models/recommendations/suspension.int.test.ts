import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import type { EventData, EventType } from '@myworld/schemas';
import { schemaDifferences } from '../../testing/compare-schemas.ts';
import { scriptedLog, type ScriptedLog } from '../../testing/scripted-rebuilds.ts';
import { recommendationsProjection } from './recommendations.projection.ts';
import { categoryInterests } from './recommendations.queries.ts';

const TABLES = ['post_categories', 'category_interest', 'active_hours', 'interaction_mix'];

/**
 * A suspended author's videos stay in the interest profiles' map, flagged: engagement with them
 * while the author is suspended says nothing about taste (they are hidden), and once an admin
 * reinstates the author, engagement with the same videos counts again.
 */
describe('recommendations: a suspended author, then reinstated', () => {
  let log: ScriptedLog;
  const [author, admin, duringFan, afterFan] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const video = randomUUID();

  beforeAll(async () => {
    const events: NewEvent[] = [];
    const add = <T extends EventType>(type: T, data: EventData<T>) =>
      events.push({ id: randomUUID(), type, data, metadata: testMetadata() });
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute)).toISOString();
    add('VideoPostSubmitted', {
      postId: video,
      authorId: author,
      mediaId: randomUUID(),
      description: 'A song',
      category: 'music',
      createdAt: at(0),
    });
    add('ContentRemoved', {
      contentType: 'user',
      contentId: author,
      authorId: author,
      moderatorId: admin,
      reportIds: [],
      note: 'Spam',
      removedAt: at(1),
    });
    add('PostLiked', { postId: video, userId: duringFan, authorId: author, likedAt: at(2) });
    add('PostViewed', { postId: video, viewerId: duringFan, authorId: author, viewedAt: at(2) });
    add('AccountReinstated', { userId: author, adminId: admin, note: 'Appeal upheld', reinstatedAt: at(3) });
    add('PostLiked', { postId: video, userId: afterFan, authorId: author, likedAt: at(4) });
    add('PostViewed', { postId: video, viewerId: afterFan, authorId: author, viewedAt: at(4) });
    log = await scriptedLog('recommendations_suspension', events);
  });
  afterAll(async () => {
    await log?.close();
  });

  it('engagement during the suspension counts for nothing; after the reinstatement it counts again, in runs of one as in long runs', async () => {
    const runsOfOne = await log.built({ ...recommendationsProjection, name: 'recommendations_runs_of_one' }, 1);
    const longRuns = await log.built(recommendationsProjection, 1_000);
    for (const [schema, label] of [
      [runsOfOne, 'runs of one'],
      [longRuns, 'long runs'],
    ] as const) {
      const q = log.db.withSchema(schema);
      expect(await categoryInterests(q, duringFan), label).toEqual([]);
      expect(await categoryInterests(q, afterFan), label).toEqual([{ category: 'music', interest: 1 }]);
    }
    expect(await schemaDifferences(log.db, longRuns, runsOfOne, TABLES)).toEqual(
      Object.fromEntries(TABLES.map((t) => [t, 0])),
    );
  });
});
