import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** How often a standby tries the lock: a killed leader is replaced within about this long. */
export const STANDBY_RETRY_MS = 2_000;

/**
 * Runs `work` only while this process holds a session advisory lock named `name`, so exactly one
 * instance of a projection is active across machines; the others retry as standbys. The lock dies
 * with its connection, so a killed leader frees it at once. The lock's session is named
 * `myworld-lock:<name>:<pid>`, so operators (and tests) can see which process leads.
 */
export async function withLeaderLock(
  connectionString: string,
  name: string,
  signal: AbortSignal,
  work: () => Promise<void>,
): Promise<void> {
  while (!signal.aborted) {
    const client = new pg.Client({ connectionString, application_name: `myworld-lock:${name}:${process.pid}` });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const r = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [name]);
      if (r.rows[0]?.locked) {
        await work();
        return;
      }
    } finally {
      await client.end().catch(() => undefined);
    }
    await sleep(STANDBY_RETRY_MS, undefined, { signal }).catch(() => undefined);
  }
}
