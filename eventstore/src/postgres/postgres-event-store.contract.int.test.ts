import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEventStoreContract } from '../testing/event-store-contract.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import { burnTransactionIds, nextDigitBoundary } from './transaction-ids.ts';
import { START } from '@myworld/schemas';
import { testMetadata } from '../testing/sample-events.ts';
import { randomUUID } from 'node:crypto';

/** Burning more ids than this to reach a boundary would slow the suite and age the cluster. */
const MAX_BURN = 1_500_000n;

let crossing: { boundary: bigint } | undefined;

runEventStoreContract('PostgreSQL', async () => {
  const db = await createTestDatabase('es_contract');
  const store = new PostgresEventStore({ connectionString: db.url, poolSize: 12 });
  await store.migrate();
  return {
    store,
    dispose: async () => {
      await store.close();
      await db.drop();
    },
    beforeConcurrentAppends: async () => {
      const { current, boundary } = await nextDigitBoundary(store.pool);
      if (boundary - current <= MAX_BURN) {
        // Land ~300 ids below the boundary so the appends (≈1,300 transactions) cross it.
        await burnTransactionIds(store.pool, boundary - current - 300n);
        crossing = { boundary };
      } else {
        console.info(
          `transaction ids at ${current}: the next digit boundary (${boundary}) is too far to cross live; the synthetic boundary test covers ordering there`,
        );
      }
    },
    afterConcurrentAppends: (seen) => {
      if (!crossing) return;
      const commits = seen.map((e) => e.position.commit);
      expect(commits.some((c) => c < crossing!.boundary)).toBe(true);
      expect(commits.some((c) => c >= crossing!.boundary)).toBe(true);
    },
  };
});

describe('PostgreSQL event store: ordering across transaction-id digit boundaries', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('es_boundary');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.migrate();
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('pages by (transaction id, position) as numbers, never as text', async () => {
    // Rows written as if by transactions 95..105 (all finished, so readable), inserted out of
    // position order: 9 < 10 < 99 < 100 must hold numerically, unlike in a text sort.
    const txIds = [105, 95, 100, 99, 9, 10, 101, 98];
    for (const tx of txIds) {
      await store.pool.query(
        `insert into events (tx_id, stream_id, stream_version, event_id, type, data, metadata)
         values ($1::xid8, $2, 0, $3, 'Synthetic', $4, $5)`,
        [tx, `boundary-${tx}`, randomUUID(), JSON.stringify({ tx }), JSON.stringify(testMetadata())],
      );
    }
    const seen: number[] = [];
    let after = START;
    for (;;) {
      const batch = await store.readAll({ after, maxCount: 3 });
      if (batch.length === 0) break;
      seen.push(...batch.map((e) => (e.data as { tx: number }).tx));
      after = batch[batch.length - 1]!.position;
    }
    expect(seen).toEqual([...txIds].sort((a, b) => a - b));
  });
});
