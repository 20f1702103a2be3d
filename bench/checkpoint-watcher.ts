import pg from 'pg';
import { comparePositions, type Position } from '@myworld/schemas';

/**
 * Follows every active projection's checkpoint (LISTEN myworld_checkpoints, which each checkpoint
 * move notifies, with a 50 ms poll as a safety net) and calls back when a projection passes a
 * position a caller waits for: the moment the events up to there are readable in its read model.
 */
export class CheckpointWatcher {
  private readonly client: pg.Client;
  private readonly checkpoints = new Map<string, Position>();
  private readonly waits = new Map<string, Array<{ position: Position; passed: (at: number) => void }>>();
  private reading = false;
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(databaseUrl: string) {
    this.client = new pg.Client({ connectionString: databaseUrl, application_name: 'myworld-bench-watcher' });
    this.client.on('error', (error) => console.error('checkpoint watcher connection failed:', error.message));
  }

  async start(): Promise<void> {
    await this.client.connect();
    this.client.on('notification', () => this.refresh());
    await this.client.query('listen myworld_checkpoints');
    this.timer = setInterval(() => this.refresh(), 50);
    await this.read();
  }

  /** The active projections' checkpoints as last read. */
  get positions(): ReadonlyMap<string, Position> {
    return this.checkpoints;
  }

  /** Calls `passed` with the time (performance.now()) `projection`'s checkpoint reaches `position`; in order of position per projection. */
  whenPassed(projection: string, position: Position, passed: (at: number) => void): void {
    const queue = this.waits.get(projection) ?? [];
    queue.push({ position, passed });
    this.waits.set(projection, queue);
    this.settle(projection, performance.now());
  }

  /** Waits still open (positions not yet reached). */
  get waiting(): number {
    let n = 0;
    for (const queue of this.waits.values()) n += queue.length;
    return n;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.client.end();
  }

  /** One read at a time; a notification during a read asks for one more. */
  private refresh(): void {
    if (this.reading) {
      this.dirty = true;
      return;
    }
    this.reading = true;
    void this.read()
      .catch((error: unknown) => console.error('reading checkpoints failed:', error))
      .finally(() => {
        this.reading = false;
        if (this.dirty) {
          this.dirty = false;
          this.refresh();
        }
      });
  }

  private async read(): Promise<void> {
    const result = await this.client.query<{ name: string; c: string; p: string }>(
      `select name, checkpoint_commit::text as c, checkpoint_prepare::text as p from projection_generations where status = 'active'`,
    );
    const at = performance.now();
    for (const row of result.rows) {
      this.checkpoints.set(row.name, { commit: BigInt(row.c), prepare: BigInt(row.p) });
      this.settle(row.name, at);
    }
  }

  private settle(projection: string, at: number): void {
    const queue = this.waits.get(projection);
    const checkpoint = this.checkpoints.get(projection);
    if (!queue || !checkpoint) return;
    let done = 0;
    while (done < queue.length && comparePositions(queue[done]!.position, checkpoint) <= 0) queue[done++]!.passed(at);
    if (done > 0) queue.splice(0, done);
  }
}
