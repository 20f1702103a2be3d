import pg from 'pg';
import type { Subscription } from '../port.ts';

/** Safety net if a notification is ever lost (e.g. the listening connection dropped). */
const SAFETY_POLL_MS = 1_000;
/** While committed-but-not-yet-readable events exist, look again this often. */
const HORIZON_RETRY_MS = 3;

/**
 * Wakes the caller when events may have become readable. Appends NOTIFY on commit; but an event
 * is readable only once every older transaction in the cluster has finished (the xmin horizon),
 * so after a notice we keep waking briefly until nothing is held back any more.
 */
export async function listenForAppends(connectionString: string, pool: pg.Pool, onWake: () => void): Promise<Subscription> {
  let closed = false;
  let listener: pg.Client | undefined;
  let horizonTimer: NodeJS.Timeout | undefined;

  const eventsHeldBack = async (): Promise<boolean> => {
    const r = await pool.query<{ held: boolean }>(
      `select exists (select 1 from events where tx_id >= pg_snapshot_xmin(pg_current_snapshot())) as held`,
    );
    return r.rows[0]?.held ?? false;
  };

  const wakeUntilVisible = (): void => {
    if (closed) return;
    onWake();
    if (horizonTimer) return;
    horizonTimer = setTimeout(async () => {
      horizonTimer = undefined;
      if (closed) return;
      try {
        if (await eventsHeldBack()) wakeUntilVisible();
        else onWake();
      } catch {
        /* the safety poll will catch up */
      }
    }, HORIZON_RETRY_MS);
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', wakeUntilVisible);
    client.on('error', () => {
      if (closed) return;
      listener = undefined;
      setTimeout(() => void connect().catch(() => undefined), 500);
    });
    await client.connect();
    await client.query('listen myworld_events');
    listener = client;
    wakeUntilVisible(); // anything appended while we were not listening
  };

  await connect();
  const poll = setInterval(() => onWake(), SAFETY_POLL_MS);

  return {
    async close() {
      closed = true;
      clearInterval(poll);
      if (horizonTimer) clearTimeout(horizonTimer);
      await listener?.end().catch(() => undefined);
    },
  };
}
