import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely, type QueryCreator } from 'kysely';
import { PostgresEventStore, expect as expected, type NewEvent } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { createDatabase } from '../../database.ts';
import { ensureRegistry } from '../../generations.ts';
import { fold } from '../../read-model-parts/text-search.ts';
import { rebuild } from '../../rebuild.ts';
import { postQueryText } from './search-terms.ts';
import { searchPosts } from './search.queries.ts';
import { searchProjection, type SearchDb } from './search.projection.ts';

const POSTS = 600;

/**
 * 600 text posts over 60 days with likes here and there: "sunset" in 90% of them (common: its best
 * matches are found by walking rank_key), "quokka" in 5% (rare: read through the GIN index),
 * "vintage" only in the oldest half (common, but far down rank_key).
 */
function history(): NewEvent[] {
  const event = (type: string, data: Record<string, unknown>): NewEvent => ({
    id: randomUUID(),
    type,
    data,
    metadata: testMetadata(),
  });
  const authorId = randomUUID();
  const events = [
    event('UserRegistered', {
      userId: authorId,
      username: 'writer',
      firstName: 'Wri',
      lastName: 'Ter',
      email: 'writer@example.test',
      birthDate: '1990-01-01',
      passwordHash: 'x',
      registeredAt: '2025-01-01T00:00:00.000Z',
    }),
  ];
  for (let i = 0; i < POSTS; i++) {
    const postId = randomUUID();
    const words = [
      i % 10 !== 0 ? 'sunset' : 'evening',
      i % 20 === 3 ? 'quokka' : 'beach',
      i < POSTS / 2 ? 'vintage' : 'modern',
      `post${i}`,
    ];
    const createdAt = new Date(Date.parse('2025-03-01T00:00:00.000Z') + i * 2_400_000 * 3).toISOString();
    events.push(
      event('TextPostCreated', {
        postId,
        authorId,
        content: words.join(' '),
        backgroundColor: '#000000',
        textColor: '#ffffff',
        fontStyle: 'normal',
        imageUrl: null,
        imageMediaId: null,
        createdAt,
      }),
    );
    for (let l = 0; l < (i * 7) % 5; l++)
      events.push(event('PostLiked', { postId, userId: randomUUID(), authorId, likedAt: createdAt }));
  }
  return events;
}

describe('search candidates: the index walk and the GIN read find the same best matches', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  let schema: string;
  beforeAll(async () => {
    database = await createTestDatabase('search_candidates');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 3 });
    await ensureRegistry(db);
    const events = history();
    for (let i = 0; i < events.length; i += 500)
      await store.append(`script-${randomUUID()}`, expected.noStream, events.slice(i, i + 500));
    const built = await rebuild({
      store,
      db,
      projection: searchProjection,
      until: { position: await store.headPosition() },
      batchSize: 500,
    });
    schema = built.generation.schemaName;
    // The planner's estimates, which choose the way, come from these statistics.
    await sql`analyze ${sql.id(schema, 'search_posts')}`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await store.close();
    await database.drop();
  });

  /** The answer by brute force: every match, the 200 best by rank_key, ranked by relevance and rank_key. */
  async function bruteForce(q: string, offset: number, limit: number): Promise<string[]> {
    const query = sql`to_tsquery('english', ${fold(postQueryText(q))})`;
    const rows = await sql<{ id: string }>`
      with candidates as (select id from ${sql.id(schema, 'search_posts')} where document @@ ${query} order by rank_key desc, id limit 200)
      select p.id from ${sql.id(schema, 'search_posts')} p join candidates using (id)
       order by ln(greatest(ts_rank(p.document, ${query}), 1e-6)) + p.rank_key desc, p.id offset ${offset} limit ${limit}`.execute(
      db,
    );
    return rows.rows.map((r) => r.id);
  }

  it.each(['sunset', 'suns', 'quokka', 'vintage', 'vintage sunset', 'beach'])(
    '%s: the same pages as reading every match',
    async (q) => {
      const search = db.withSchema(schema) as QueryCreator<SearchDb>;
      for (const offset of [0, 20, 180]) {
        const found = await searchPosts(search, q, undefined, { offset, limit: 21 });
        const expectedIds = await bruteForce(q, offset, Math.min(21, 200 - offset));
        expect(found.map((r) => r.id)).toEqual(expectedIds);
      }
      expect((await searchPosts(search, q, undefined, { offset: 0, limit: 21 })).length).toBeGreaterThan(0);
    },
  );
});
