import type pg from 'pg';

/**
 * Runs a schema's idempotent SQL in one transaction, under an advisory lock named `lockName`, so
 * that processes starting together (API, projections, workers) never create it twice at once.
 */
export async function migrateUnderLock(pool: pg.Pool, lockName: string, schemaSql: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [lockName]);
    await client.query(schemaSql);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
