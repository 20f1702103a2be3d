import type { Redis } from 'ioredis';
import { openScratchRedis, type ScratchRedis } from '@myworld/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LoginThrottle (Redis)', () => {
  let scratch: ScratchRedis;
  let redis: Redis;
  beforeAll(() => {
    scratch = openScratchRedis();
    redis = scratch.redis;
  });
  afterAll(async () => {
    await scratch.drop();
  });

  const limits = { failuresBeforeBackoff: 3, backoffBaseSeconds: 1, backoffMaxSeconds: 4, perAddress: { max: 100, windowSeconds: 60 } };

  it('after the threshold the account and address pair waits, and each further failure doubles the wait up to the cap', async () => {
    const throttle = new LoginThrottle(redis, limits);
    const fail = async () => {
      expect(await throttle.begin('a@example.test', '10.1.0.1')).toBeNull();
      return throttle.fail('a@example.test', '10.1.0.1');
    };
    for (let i = 0; i < 3; i++) await fail();
    expect(await throttle.begin('a@example.test', '10.1.0.1')).toEqual({ refused: 'account', retryAfterSeconds: 1 });
    // The same account from another address, and another account from this one, go on.
    expect(await throttle.begin('a@example.test', '10.1.0.2')).toBeNull();
    expect(await throttle.begin('b@example.test', '10.1.0.1')).toBeNull();
    await sleep(1_100);
    await fail(); // the 4th failure: a 2 s wait
    expect(await throttle.begin('a@example.test', '10.1.0.1')).toEqual({ refused: 'account', retryAfterSeconds: 2 });
    await sleep(2_100);
    await fail(); // the 5th: 4 s, the cap
    expect(await throttle.begin('a@example.test', '10.1.0.1')).toEqual({ refused: 'account', retryAfterSeconds: 4 });
    await throttle.succeed('a@example.test', '10.1.0.1');
    expect(await throttle.begin('a@example.test', '10.1.0.1')).toBeNull();
  });

  it('parallel attempts: at most the threshold start, the rest are refused in the same Redis operation', async () => {
    const throttle = new LoginThrottle(redis, { ...limits, failuresBeforeBackoff: 5 });
    const results = await Promise.all(Array.from({ length: 30 }, () => throttle.begin('c@example.test', '10.2.0.1')));
    expect(results.filter((r) => r === null)).toHaveLength(5);
  });

  it('the per-address cap counts attempts across accounts, atomically too', async () => {
    const throttle = new LoginThrottle(redis, { ...limits, perAddress: { max: 7, windowSeconds: 60 } });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => throttle.begin(`u${i}@example.test`, '10.3.0.1')));
    expect(results.filter((r) => r === null)).toHaveLength(7);
    expect(results.find((r) => r !== null)).toMatchObject({ refused: 'address' });
  });
});
