import { describe, expect, it } from 'vitest';
import { KeyedSerialQueue } from './stream-locks.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('per-stream serial queue', () => {
  it('runs tasks of one key one at a time, in call order', async () => {
    const queue = new KeyedSerialQueue();
    const log: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([
      queue.run('s', task('1')),
      queue.run('s', task('2')),
      queue.run('s', task('3')),
    ]);
    expect(results).toEqual(['1', '2', '3']);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('runs different keys in parallel', async () => {
    const queue = new KeyedSerialQueue();
    let running = 0;
    let peak = 0;
    const task = async () => {
      running++;
      peak = Math.max(peak, running);
      await tick();
      running--;
    };
    await Promise.all([queue.run('a', task), queue.run('b', task), queue.run('c', task)]);
    expect(peak).toBe(3);
  });

  it('a failing task rejects its caller only and does not block the next one', async () => {
    const queue = new KeyedSerialQueue();
    const failed = queue.run('s', async () => {
      throw new Error('boom');
    });
    const next = queue.run('s', async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });

  it('forgets keys once their work is done', async () => {
    const queue = new KeyedSerialQueue();
    await queue.run('s', async () => undefined);
    await tick();
    expect(queue.activeKeys).toBe(0);
  });
});
