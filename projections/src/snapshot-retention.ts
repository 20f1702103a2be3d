import { sql, type Kysely } from 'kysely';
import { ensureRegistry } from './generations.ts';

/**
 * As-of snapshots (npm run replay -- --until) copy read-model rows as they were, personal fields
 * included, out of reach of the live projections. Two rules keep them from outliving what they copy:
 * - they expire: a snapshot older than SNAPSHOT_TTL_DAYS is dropped;
 * - an account deletion drops every snapshot made before it (made while the user's key existed,
 *   so holding their data readable). A snapshot made afterwards reads that user's personal fields
 *   as their redaction, as a replay from 0 does.
 * The workers apply both (a reactor on AccountDeleted, an hourly schedule); replay and export
 * apply the expiry at their start too.
 */
export interface SnapshotDropRule {
  /** Drop snapshots created before this time (expiry: now - TTL; a deletion: its time). */
  readonly createdBefore: Date;
}

/** Drops the snapshot generations the rule names (schemas and registry rows); returns their schema names. */
export async function dropSnapshots(db: Kysely<any>, rule: SnapshotDropRule): Promise<string[]> {
  await ensureRegistry(db);
  const doomed = await sql<{ name: string; generation: number; schema_name: string }>`
    select name, generation, schema_name from projection_generations
     where status = 'snapshot' and created_at < ${rule.createdBefore}`.execute(db);
  for (const row of doomed.rows) {
    // Schema and registry row go together: no reader ever finds a row naming a dropped schema. A
    // query in flight on the snapshot finishes first: drop waits for its locks.
    await db.transaction().execute(async (trx) => {
      await sql`drop schema if exists ${sql.id(row.schema_name)} cascade`.execute(trx);
      await sql`delete from projection_generations where name = ${row.name} and generation = ${row.generation} and status = 'snapshot'`.execute(
        trx,
      );
    });
  }
  return doomed.rows.map((r) => r.schema_name);
}

/** The expiry rule for a TTL in days, at `now`. */
export function expiredSnapshots(ttlDays: number, now = new Date()): SnapshotDropRule {
  return { createdBefore: new Date(now.getTime() - ttlDays * 86_400_000) };
}
