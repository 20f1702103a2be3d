import { openScratchRedis, type ScratchRedis } from '@myworld/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptCommand } from './redis-script.ts';

describe('scriptCommand', () => {
  let scratch: ScratchRedis;
  beforeAll(() => {
    scratch = openScratchRedis();
  });
  afterAll(async () => {
    await scratch.drop();
  });

  it("runs on the connection's keys, and again after Redis has forgotten the script", async () => {
    const add = scriptCommand<(key: string, by: number) => Promise<number>>(
      scratch.redis,
      1,
      `return redis.call('INCRBY', KEYS[1], ARGV[1])`,
    );
    expect(await add('counter', 2)).toBe(2);
    // As after a Redis restart: EVALSHA answers NOSCRIPT, and the text is sent once more.
    await scratch.redis.script('FLUSH');
    expect(await add('counter', 3)).toBe(5);
    expect(await scratch.keys()).toEqual([`${scratch.prefix}counter`]);
  });
});
