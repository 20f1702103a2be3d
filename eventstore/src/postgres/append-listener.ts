import pg from 'pg';
import type { Subscription } from '../port.ts';
import { firstOnly, type ConnectionErrorHandler } from './connection-loss.ts';

/** Safety net if a notification is ever lost (e.g. while the listening connection reconnects). */
const SAFETY_POLL_MS = 1_000;
/** How long notices must have been quiet before we check for events still held back. */
const QUIET_MS = 5;
/** Back-off ceiling while committed events stay held back by an old open transaction. */
const MAX_HELD_BACK_RETRY_MS = 200;
/** Pause before listening again after the LISTEN connection was lost. */
const RECONNECT_MS = 500;

/**
 * One LISTEN connection per store, fanned out to every subscriber in the process. Appends NOTIFY
 * after commit; each notice wakes every subscriber. An event is readable only once every older
 * transaction in the cluster has finished (the xmin horizon), so when notices stop while events
 * are still held back, subscribers are woken again with back-off until nothing is. Under steady
 * load the next append's notice does that job, so there is no polling then.
 */
export class AppendListener {
  private readonly subscribers = new Set<() => void>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private quietTimer: NodeJS.Timeout | undefined;
  private safetyPoll: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly pool: pg.Pool,
    private readonly onConnectionError: ConnectionErrorHandler = () => undefined,
  ) {}

  async subscribe(onWake: () => void): Promise<Subscription> {
    this.subscribers.add(onWake);
    await this.ensureListening();
    onWake(); // anything appended before we listened
    return {
      close: async () => {
        this.subscribers.delete(onWake);
        if (this.subscribers.size === 0) await this.stop();
      },
    };
  }

  private wakeAll(): void {
    for (const wake of this.subscribers) wake();
  }

  private onNotice = (): void => {
    this.wakeAll();
    this.scheduleHeldBackCheck(QUIET_MS);
  };

  private scheduleHeldBackCheck(delayMs: number): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(async () => {
      this.quietTimer = undefined;
      if (this.closed || this.subscribers.size === 0) return;
      try {
        const r = await this.pool.query<{ held: boolean }>(
          'select exists (select 1 from events where tx_id >= pg_snapshot_xmin(pg_current_snapshot())) as held',
        );
        this.wakeAll();
        if (r.rows[0]?.held) this.scheduleHeldBackCheck(Math.min(delayMs * 2, MAX_HELD_BACK_RETRY_MS));
      } catch {
        /* the safety poll catches up */
      }
    }, delayMs);
  }

  private ensureListening(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: 'myworld-append-listener',
    });
    client.on('notification', this.onNotice);
    client.on(
      'error',
      firstOnly((error) => {
        if (!this.closed) this.onConnectionError(error);
        this.client = undefined;
        this.reconnectSoon();
      }),
    );
    await client.connect();
    await client.query('listen myworld_events');
    this.client = client;
    this.safetyPoll ??= setInterval(() => this.wakeAll(), SAFETY_POLL_MS);
  }

  /** Listens again in a moment, and again after each failure (the safety poll wakes subscribers meanwhile). */
  private reconnectSoon(): void {
    if (this.closed || this.subscribers.size === 0) return;
    setTimeout(
      () =>
        void this.ensureListening().then(
          () => this.wakeAll(),
          () => this.reconnectSoon(),
        ),
      RECONNECT_MS,
    );
  }

  private async stop(): Promise<void> {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    if (this.safetyPoll) clearInterval(this.safetyPoll);
    this.quietTimer = this.safetyPoll = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    await this.stop();
  }
}
