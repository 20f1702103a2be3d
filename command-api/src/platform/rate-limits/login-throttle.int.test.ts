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

  const limits = {
    failuresBeforeBackoff: 3,
    backoffBaseSeconds: 1,
    backoffMaxSeconds: 4,
    perAddress: { max: 100, windowSeconds: 60 },
    perAccount: { max: 1000, windowSeconds: 60 },
  };
  const newDevice = { knownDevice: false };
  const knownDevice = { knownDevice: true };

  it('after the threshold the account and address pair waits, and each further failure doubles the wait up to the cap', async () => {
    const throttle = new LoginThrottle(redis, limits);
    const fail = async () => {
      expect(await throttle.begin('a@example.test', '10.1.0.1', newDevice)).toBeNull();
      return throttle.fail('a@example.test', '10.1.0.1');
    };
    for (let i = 0; i < 3; i++) await fail();
    expect(await throttle.begin('a@example.test', '10.1.0.1', newDevice)).toEqual({
      refused: 'account',
      retryAfterSeconds: 1,
    });
    // The same account from another address, and another account from this one, go on.
    expect(await throttle.begin('a@example.test', '10.1.0.2', newDevice)).toBeNull();
    expect(await throttle.begin('b@example.test', '10.1.0.1', newDevice)).toBeNull();
    await sleep(1_100);
    await fail(); // the 4th failure: a 2 s wait
    expect(await throttle.begin('a@example.test', '10.1.0.1', newDevice)).toEqual({
      refused: 'account',
      retryAfterSeconds: 2,
    });
    await sleep(2_100);
    await fail(); // the 5th: 4 s, the cap
    expect(await throttle.begin('a@example.test', '10.1.0.1', newDevice)).toEqual({
      refused: 'account',
      retryAfterSeconds: 4,
    });
    await throttle.succeed('a@example.test', '10.1.0.1');
    expect(await throttle.begin('a@example.test', '10.1.0.1', newDevice)).toBeNull();
  });

  it('parallel attempts: at most the threshold start, the rest are refused in the same Redis operation', async () => {
    const throttle = new LoginThrottle(redis, { ...limits, failuresBeforeBackoff: 5 });
    const results = await Promise.all(
      Array.from({ length: 30 }, () => throttle.begin('c@example.test', '10.2.0.1', newDevice)),
    );
    expect(results.filter((r) => r === null)).toHaveLength(5);
  });

  it('the per-address cap counts attempts across accounts, atomically too', async () => {
    const throttle = new LoginThrottle(redis, { ...limits, perAddress: { max: 7, windowSeconds: 60 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => throttle.begin(`u${i}@example.test`, '10.3.0.1', newDevice)),
    );
    expect(results.filter((r) => r === null)).toHaveLength(7);
    expect(results.find((r) => r !== null)).toMatchObject({ refused: 'address' });
  });

  it('the account budget: past it every new device is refused (locked) without a check, from any address; a known device goes on; the owner is told once', async () => {
    const throttle = new LoginThrottle(redis, {
      ...limits,
      perAddress: { max: 1000, windowSeconds: 60 },
      perAccount: { max: 20, windowSeconds: 120 },
    });
    const account = 'd@example.test';
    const notices = [];
    for (let i = 0; i < 20; i++) {
      expect(await throttle.begin(account, `10.4.0.${i + 1}`, newDevice)).toBeNull();
      const outcome = await throttle.fail(account, `10.4.0.${i + 1}`);
      if (outcome.lockNotice) notices.push(outcome.lockNotice);
    }
    expect(notices).toHaveLength(1);
    expect(notices[0]!.lockedForSeconds).toBeGreaterThan(100);
    const refused = await throttle.begin(account, '10.4.1.1', newDevice);
    expect(refused).toMatchObject({ refused: 'locked' });
    expect(refused!.retryAfterSeconds).toBeGreaterThan(100);
    // The owner's device that signed in before still may; its failure does not mail again.
    expect(await throttle.begin(account, '10.4.1.2', knownDevice)).toBeNull();
    expect((await throttle.fail(account, '10.4.1.2')).lockNotice).toBeNull();
    expect(await throttle.begin(account, '10.4.1.2', knownDevice)).toBeNull();
    await throttle.succeed(account, '10.4.1.2');
    // Parallel new devices cannot slip past the budget either.
    const other = 'e@example.test';
    const parallel = await Promise.all(
      Array.from({ length: 40 }, (_, i) => throttle.begin(other, `10.5.0.${i + 1}`, newDevice)),
    );
    expect(parallel.filter((r) => r === null)).toHaveLength(20);
    // A password reset (the mailbox's owner) lifts the lock.
    await throttle.clearAccount(account);
    expect(await throttle.begin(account, '10.4.1.3', newDevice)).toBeNull();
  });
});
