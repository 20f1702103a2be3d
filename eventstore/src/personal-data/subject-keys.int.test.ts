import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '../port.ts';
import { PostgresEventStore } from '../postgres/postgres-event-store.ts';
import { testMetadata } from '../testing/sample-events.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { openField, type SealedField } from './field-cipher.ts';
import { KeyWrapping, WRAPPED_KEY_BYTES } from './key-wrapping.ts';
import { PersonalDataEventStore } from './personal-data-event-store.ts';
import { PostgresSubjectKeys } from './subject-keys.ts';

const SECRET = 'test-personal-data-secret-of-32-characters-at-least';
const OTHER_SECRET = 'another-personal-data-secret-of-32-characters-too';

/** The personal-data key table as a database dump holds it: wrapped keys, no raw ones, no copies of destroyed ones. */
describe('personal_data_keys: wrapped with PERSONAL_DATA_SECRET, destroyed without copies', () => {
  let db: TestDatabase;
  let inner: PostgresEventStore;
  let keys: PostgresSubjectKeys;
  beforeAll(async () => {
    db = await createTestDatabase('es_subject_keys');
    inner = new PostgresEventStore({ connectionString: db.url });
    await inner.migrate();
    keys = new PostgresSubjectKeys(inner.pool, SECRET);
    await keys.migrate();
  });
  afterAll(async () => {
    await inner.close();
    await db.drop();
  });

  const dumpedKey = async (subject: string): Promise<Buffer | undefined> =>
    (await inner.pool.query<{ key: Buffer }>('select key from personal_data_keys where subject_id = $1', [subject]))
      .rows[0]?.key;

  it('stores each key wrapped: the dumped bytes are not the key, open nothing, and unwrap only with the KEK', async () => {
    const store = new PersonalDataEventStore(inner, keys);
    const userId = randomUUID();
    const sent = {
      id: randomUUID(),
      type: 'MessageSent',
      data: {
        messageId: randomUUID(),
        senderId: userId,
        receiverId: randomUUID(),
        content: 'the code is 4711',
        sentAt: new Date().toISOString(),
      },
      metadata: testMetadata(),
    };
    await store.append(`conversation-${userId}`, expected.noStream, [sent]);

    const key = (await keys.forReading([userId])).get(userId)!;
    const dumped = (await dumpedKey(userId))!;
    expect(dumped).toHaveLength(WRAPPED_KEY_BYTES);
    expect(dumped.includes(key)).toBe(false);
    // The sealed field as the log holds it does not open with anything the dump holds...
    const [raw] = await inner.readStream(`conversation-${userId}`);
    const sealed = (raw!.data as { content: SealedField }).content;
    for (let offset = 0; offset + 32 <= dumped.length; offset++) {
      expect(() => openField(dumped.subarray(offset, offset + 32), sent.id, 'content', sealed)).toThrow();
    }
    // ...nor with a wrong KEK; with the right one it does.
    expect(() => new KeyWrapping(OTHER_SECRET).unwrap(userId, dumped)).toThrow(/does not open/);
    expect(openField(new KeyWrapping(SECRET).unwrap(userId, dumped), sent.id, 'content', sealed)).toBe(
      'the code is 4711',
    );
    // A wrapped key copied onto another subject's row does not open either (bound to its subject).
    expect(() => new KeyWrapping(SECRET).unwrap(randomUUID(), dumped)).toThrow();
  });

  it('keys stored raw and keys destroyed by nulling (before wrapping) are migrated at start: raw ones wrapped and still readable, nulled ones forgotten', async () => {
    const legacy = randomUUID();
    const legacyKey = randomBytes(32);
    const nulled = randomUUID();
    await inner.pool.query('insert into personal_data_keys (subject_id, key) values ($1, $2)', [legacy, legacyKey]);
    await inner.pool.query('insert into personal_data_keys (subject_id, key, destroyed_at) values ($1, null, now())', [
      nulled,
    ]);
    // Read before the migration: both formats are understood.
    expect((await keys.forReading([legacy])).get(legacy)).toEqual(legacyKey);

    await keys.migrate();
    const dumped = (await dumpedKey(legacy))!;
    expect(dumped).toHaveLength(WRAPPED_KEY_BYTES);
    expect((await keys.forReading([legacy])).get(legacy)).toEqual(legacyKey);
    expect(await dumpedKey(nulled)).toBeUndefined();
    expect((await keys.forWriting([nulled])).get(nulled)).toBeNull();
    await expectNoTupleHolds(legacyKey);
  });

  it('destroying a key deletes its row; after vacuum no row version in the table holds it, and the subject never gets a new key', async () => {
    const userId = randomUUID();
    const key = (await keys.forWriting([userId])).get(userId)!;
    const wrapped = (await dumpedKey(userId))!;
    await keys.destroy(userId);
    await keys.destroy(userId); // idempotent
    expect(await dumpedKey(userId)).toBeUndefined();
    expect((await keys.forReading([userId])).size).toBe(0);
    expect((await keys.forWriting([userId])).get(userId)).toBeNull();

    // Autovacuum prunes the table after a single dead row; here we do not wait for its round.
    const options = await inner.pool.query<{ reloptions: string[] }>(
      "select reloptions from pg_class where relname = 'personal_data_keys'",
    );
    expect(options.rows[0]!.reloptions).toEqual(
      expect.arrayContaining(['autovacuum_vacuum_threshold=1', 'autovacuum_vacuum_scale_factor=0']),
    );
    await keys.vacuum();
    await expectNoTupleHolds(wrapped);
    await expectNoTupleHolds(key);
  });

  /**
   * No tuple of the key table, live or dead, on any page, contains `bytes` (pageinspect), once a
   * vacuum has pruned it: a snapshot another connection of the server still holds keeps a dead row
   * version until it ends, so the table is vacuumed again until then (10 s at most).
   */
  async function expectNoTupleHolds(bytes: Buffer): Promise<void> {
    await inner.pool.query('create extension if not exists pageinspect');
    await expect
      .poll(
        async () => {
          const held = await tuplesHolding(bytes);
          if (held.holding > 0) await keys.vacuum();
          return held;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toEqual({ holding: 0, tuples: expect.any(Number) });
    expect((await tuplesHolding(bytes)).tuples).toBeGreaterThan(0);
  }

  /** How many tuples of the key table, live or dead, there are, and how many contain `bytes`. */
  async function tuplesHolding(bytes: Buffer): Promise<{ holding: number; tuples: number }> {
    const pages = await inner.pool.query<{ n: number }>(
      "select (pg_relation_size('personal_data_keys') / current_setting('block_size')::int)::int as n",
    );
    let tuples = 0;
    let holding = 0;
    for (let page = 0; page < pages.rows[0]!.n; page++) {
      const r = await inner.pool.query<{ data: Buffer | null }>(
        "select t_data as data from heap_page_items(get_raw_page('personal_data_keys', $1))",
        [page],
      );
      for (const row of r.rows) {
        tuples++;
        if (row.data?.includes(bytes)) holding++;
      }
    }
    return { holding, tuples };
  }
});
