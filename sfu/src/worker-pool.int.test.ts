import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from './worker-pool.ts';

let pool: WorkerPool | undefined;

afterEach(() => {
  pool?.close();
  pool = undefined;
});

describe('WorkerPool', () => {
  it('starts the requested number of workers and prefers the one with fewer routers', async () => {
    pool = await WorkerPool.start({ size: 2, logLevel: 'error' });
    expect(pool.list()).toHaveLength(2);

    const first = pool.leastLoaded();
    await first.worker.createRouter({ mediaCodecs: [] });
    expect(first.load.routers).toBe(1);
    const second = pool.leastLoaded();
    expect(second.worker.pid).not.toBe(first.worker.pid);
  }, 10_000);

  it('keeps load counts right as objects close', async () => {
    pool = await WorkerPool.start({ size: 1, logLevel: 'error' });
    const { worker, load } = pool.leastLoaded();
    const router = await worker.createRouter({ mediaCodecs: [] });
    await router.createPlainTransport({ listenInfo: { protocol: 'udp', ip: '127.0.0.1' } });
    expect(load).toEqual({ routers: 1, transports: 1, producers: 0, consumers: 0 });
    router.close();
    expect(load).toEqual({ routers: 0, transports: 0, producers: 0, consumers: 0 });
  }, 10_000);

  it('replaces a worker whose process was killed', async () => {
    pool = await WorkerPool.start({ size: 2, logLevel: 'error' });
    const victim = pool.list()[0]!.worker.pid;
    const died = once(pool, 'workerDied');
    const replaced = once(pool, 'workerReplaced');
    process.kill(victim, 'SIGKILL');

    const [deadPid] = await died;
    expect(deadPid).toBe(victim);
    // Until the replacement runs, only the survivor is offered.
    expect(pool.leastLoaded().worker.pid).not.toBe(victim);
    const [newPid] = await replaced;
    expect(pool.list().map((w) => w.worker.pid)).toContain(newPid);
    expect(pool.list()).toHaveLength(2);
  }, 15_000);

  it('closes its workers and refuses work afterwards', async () => {
    pool = await WorkerPool.start({ size: 1, logLevel: 'error' });
    const { worker } = pool.list()[0]!;
    pool.close();
    expect(worker.closed).toBe(true);
    expect(() => pool!.leastLoaded()).toThrow(/closed/);
  }, 10_000);
});
