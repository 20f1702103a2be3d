import type pg from 'pg';
import { START, type Position } from '@myworld/schemas';

/**
 * Where each reactor (a process that turns events into side effects) has read up to, in
 * PostgreSQL beside the log. Like a projection checkpoint it is the (commit, prepare) pair.
 */
export async function ensureCheckpointTable(pool: pg.Pool): Promise<void> {
  // Several reactors start at once: "if not exists" alone races in PostgreSQL's catalog, so the
  // creation is serialised by a transaction-scoped advisory lock.
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select pg_advisory_xact_lock(hashtext('myworld:reactor_checkpoints'))");
    await client.query(`create table if not exists reactor_checkpoints (
      name text primary key,
      checkpoint_commit bigint not null,
      checkpoint_prepare bigint not null,
      events_seen bigint not null default 0,
      updated_at timestamptz not null default now()
    )`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Gives a reactor new to this database its first checkpoint, `position` (nothing before it will be
 * handled); one that has a checkpoint keeps it. Safe when several processes start at once.
 */
export async function seedCheckpoint(pool: pg.Pool, name: string, position: Position): Promise<void> {
  await pool.query(
    `insert into reactor_checkpoints (name, checkpoint_commit, checkpoint_prepare) values ($1, $2, $3)
     on conflict (name) do nothing`,
    [name, position.commit.toString(), position.prepare.toString()],
  );
}

export async function readCheckpoint(pool: pg.Pool, name: string): Promise<Position> {
  const r = await pool.query<{ c: string; p: string }>(
    'select checkpoint_commit::text as c, checkpoint_prepare::text as p from reactor_checkpoints where name = $1',
    [name],
  );
  const row = r.rows[0];
  return row ? { commit: BigInt(row.c), prepare: BigInt(row.p) } : START;
}

export async function saveCheckpoint(pool: pg.Pool, name: string, position: Position, events: number): Promise<void> {
  await pool.query(
    `insert into reactor_checkpoints (name, checkpoint_commit, checkpoint_prepare, events_seen) values ($1, $2, $3, $4)
     on conflict (name) do update set checkpoint_commit = excluded.checkpoint_commit, checkpoint_prepare = excluded.checkpoint_prepare,
       events_seen = reactor_checkpoints.events_seen + excluded.events_seen, updated_at = now()`,
    [name, position.commit.toString(), position.prepare.toString(), events],
  );
}
