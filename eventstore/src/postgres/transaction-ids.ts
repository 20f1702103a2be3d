import type pg from 'pg';

/** The next power of ten above the cluster's next transaction id (where text sorting would break). */
export async function nextDigitBoundary(pool: pg.Pool): Promise<{ current: bigint; boundary: bigint }> {
  const r = await pool.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
  const current = BigInt(r.rows[0]!.xid);
  return { current, boundary: 10n ** BigInt(current.toString().length) };
}

/**
 * Uses up transaction ids (one subtransaction per id, about 250k per second) so that tests can
 * make real appends cross a digit boundary. Used by tests only.
 */
export async function burnTransactionIds(pool: pg.Pool, count: bigint): Promise<void> {
  if (count <= 0n) return;
  const client = await pool.connect();
  try {
    await client.query('create temp table if not exists xid_burner (x int)');
    await client.query(`
      do $$ begin
        for i in 1..${count.toString()} loop
          begin insert into xid_burner values (1); exception when others then null; end;
        end loop;
      end $$`);
    await client.query('drop table xid_burner');
  } finally {
    client.release();
  }
}
