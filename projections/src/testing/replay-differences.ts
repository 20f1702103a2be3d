import type { Kysely } from 'kysely';
import type { EventStore } from '@myworld/eventstore';
import { comparePositions } from '@myworld/schemas';
import { activeGeneration } from '../generations.ts';
import type { Projection } from '../projection.ts';
import type { ReadModels } from '../query-side.ts';
import { rebuild } from '../rebuild.ts';
import { rowCount, schemaDifferences } from './compare-schemas.ts';

/**
 * The "replay from 0 gives the same read model" check: waits until the live generation of
 * `projection` has applied the whole log, rebuilds it into a new generation from position 0 up
 * to the live generation's checkpoint (which may be past the head read first, when events were
 * still arriving: the replay then covers exactly what the live one applied), and answers, per
 * table, the rows that differ (0 everywhere when equal) and the live row counts (so a test can
 * also check that it compared something). When the live generation applied more events while
 * the two were compared (events the log held back a moment, say), it compares again.
 */
export async function replayDifferences(
  services: { store: EventStore; db: Kysely<any>; readModels: ReadModels },
  projection: Projection,
  tables: readonly string[],
): Promise<{ differences: Record<string, number>; rows: Record<string, number> }> {
  const { store, db, readModels } = services;
  for (let attempt = 1; ; attempt++) {
    const head = await store.headPosition();
    if (!(await readModels.waitFor(projection.name, head, 5_000)))
      throw new Error(`${projection.name} did not catch up with the log within 5 s`);
    const live = await activeGeneration(db, projection.name);
    if (!live) throw new Error(`${projection.name} has no active generation`);
    const replay = await rebuild({ store, db, projection, until: { position: live.checkpoint }, batchSize: 50 });
    const rows: Record<string, number> = {};
    for (const table of tables) rows[table] = await rowCount(db, live.schemaName, table);
    const differences = await schemaDifferences(db, live.schemaName, replay.generation.schemaName, tables);
    const after = await activeGeneration(db, projection.name);
    const moved = !after || comparePositions(after.checkpoint, live.checkpoint) !== 0;
    if (!moved || attempt === 5) return { differences, rows };
  }
}
