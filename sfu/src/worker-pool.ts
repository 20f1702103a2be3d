import { EventEmitter } from 'node:events';
import * as mediasoup from 'mediasoup';
import type { types } from 'mediasoup';
import { SfuError } from './errors.ts';
import { compareLoad, trackWorkerLoad, type WorkerLoad } from './worker-load.ts';

export type WorkerPoolOptions = {
  /** How many workers to keep running. No default: the caller decides (Sfu uses its config). */
  size: number;
  /** mediasoup worker log level. Default: 'warn'. */
  logLevel?: types.WorkerLogLevel;
  /** mediasoup worker log tags (which debug logs to emit). Default: none. */
  logTags?: types.WorkerLogTag[];
  /** Wait before retrying a failed replacement of a dead worker, in ms. Default: 1000. */
  respawnDelayMs?: number;
};

export type PooledWorker = {
  worker: types.Worker;
  load: WorkerLoad;
  /** Consumers of viewers admitted here whose consumers do not exist yet (see MediaRoom's placement). */
  pendingConsumers: number;
};

/** Consumers a worker carries or has promised to viewers it admitted. */
export function expectedConsumers(pooled: PooledWorker): number {
  return pooled.load.consumers + pooled.pendingConsumers;
}

export type WorkerPoolEvents = {
  /** A worker process died; its routers are gone. A replacement is being started. */
  workerDied: [pid: number, error: Error];
  /** A replacement worker is running. */
  workerReplaced: [pid: number];
  /** Starting a replacement failed; it is retried after respawnDelayMs. */
  respawnFailed: [error: Error];
};

/** A fixed number of mediasoup workers; dead ones are replaced, new work goes to the least loaded. */
export class WorkerPool extends EventEmitter<WorkerPoolEvents> {
  private readonly workers: PooledWorker[] = [];
  private closed = false;

  private constructor(private readonly options: Required<WorkerPoolOptions>) {
    super();
  }

  static async start(options: WorkerPoolOptions): Promise<WorkerPool> {
    const pool = new WorkerPool({ logLevel: 'warn', logTags: [], respawnDelayMs: 1000, ...options });
    try {
      await Promise.all(Array.from({ length: options.size }, () => pool.spawn()));
    } catch (error) {
      pool.close();
      throw error;
    }
    return pool;
  }

  /** The live worker carrying the fewest consumers (then routers). */
  leastLoaded(): PooledWorker {
    const best = this.leastLoadedWhere(() => true);
    if (!best) throw new SfuError('no-live-worker', 'no mediasoup worker is running');
    return best;
  }

  /** The least-loaded live worker that `accept`s, counting promised consumers too; undefined when none does. */
  leastLoadedWhere(accept: (pooled: PooledWorker) => boolean): PooledWorker | undefined {
    if (this.closed) throw new SfuError('closed', 'the worker pool is closed');
    const live = this.workers.filter((w) => !w.worker.died && !w.worker.closed && accept(w));
    const load = (w: PooledWorker) => ({ ...w.load, consumers: expectedConsumers(w) });
    return live.sort((a, b) => compareLoad(load(a), load(b)))[0];
  }

  /** A snapshot of the live workers, in start order. */
  list(): readonly PooledWorker[] {
    return [...this.workers];
  }

  close(): void {
    this.closed = true;
    for (const { worker } of this.workers.splice(0)) worker.close();
  }

  private async spawn(): Promise<PooledWorker | undefined> {
    const worker = await mediasoup.createWorker({ logLevel: this.options.logLevel, logTags: this.options.logTags });
    if (this.closed) {
      worker.close();
      return undefined;
    }
    const pooled = { worker, load: trackWorkerLoad(worker), pendingConsumers: 0 };
    this.workers.push(pooled);
    worker.on('died', (error) => this.onDied(worker, error));
    return pooled;
  }

  private onDied(worker: types.Worker, error: Error): void {
    const index = this.workers.findIndex((w) => w.worker === worker);
    if (index >= 0) this.workers.splice(index, 1);
    this.emit('workerDied', worker.pid, error);
    void this.replace();
  }

  private async replace(): Promise<void> {
    while (!this.closed) {
      try {
        const replacement = await this.spawn();
        if (replacement) this.emit('workerReplaced', replacement.worker.pid);
        return;
      } catch (error) {
        this.emit('respawnFailed', error instanceof Error ? error : new Error(String(error)));
        await new Promise((resolve) => setTimeout(resolve, this.options.respawnDelayMs));
      }
    }
  }
}
