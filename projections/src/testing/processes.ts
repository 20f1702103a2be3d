import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';

// Test helpers of this package only (not exported): the projections process and the replay CLI
// run as real child processes, the way they run in production.

export const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
export const REPLAY = fileURLToPath(new URL('../cli/replay.ts', import.meta.url));

/** Starts `npm start`'s projections process (`node --import tsx projections/src/main.ts`). */
export function startProjectionsProcess(databaseUrl: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: childEnv(databaseUrl, env),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** The environment of a child process against the test database (PostgreSQL event store). */
export function childEnv(databaseUrl: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { EVENTSTORE_URL: _ignored, ...inherited } = process.env;
  return { ...inherited, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env };
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Polls `probe` until it returns something other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** The pid of the process that holds the leader lock of `projection` (see withLeaderLock), if any. */
export async function leaderPid(db: Kysely<any>, projection: string): Promise<number | undefined> {
  const r = await sql<{
    application_name: string;
  }>`select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and a.datname = current_database() and a.application_name like ${`myworld-lock:projection:${projection}:%`}`.execute(
    db,
  );
  if (r.rows.length > 1) throw new Error(`${r.rows.length} leaders for ${projection}`);
  const name = r.rows[0]?.application_name;
  return name === undefined ? undefined : Number(name.slice(name.lastIndexOf(':') + 1));
}
