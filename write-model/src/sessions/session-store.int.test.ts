import { Redis } from 'ioredis';
import { openScratchRedis, type ScratchRedis } from '@myworld/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPosition, parsePosition, type Position } from '@myworld/schemas';
import { SessionStore, sessionKeyId } from './session-store.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SessionStore (Redis)', () => {
  let scratch: ScratchRedis;
  let redis: Redis;
  beforeAll(() => {
    scratch = openScratchRedis();
    redis = scratch.redis;
  });
  afterAll(async () => {
    await scratch.drop();
  });

  async function allKeys(): Promise<string[]> {
    return scratch.keys();
  }

  it('keys sessions by sha256 of the cookie value: no Redis key or member holds the value itself', async () => {
    const store = new SessionStore(redis);
    const id = await store.create('0b6f3c1e-2a4d-4e8f-9c10-123456789abc');
    const keys = await allKeys();
    expect(keys.some((k) => k.endsWith(sessionKeyId(id)))).toBe(true);
    expect(keys.filter((k) => k.includes(id))).toEqual([]);
    expect(await redis.smembers('myworld:session:user:0b6f3c1e-2a4d-4e8f-9c10-123456789abc')).toEqual([
      sessionKeyId(id),
    ]);
    expect(await store.get(id)).toMatchObject({ userId: '0b6f3c1e-2a4d-4e8f-9c10-123456789abc' });
    await store.destroy(id);
    expect(await store.get(id)).toBeNull();
  });

  it('a session idle past the timeout is gone; each use slides the timeout', async () => {
    const store = new SessionStore(redis, { idleSeconds: 2 });
    const id = await store.create('1b6f3c1e-2a4d-4e8f-9c10-123456789abc');
    for (let i = 0; i < 3; i++) {
      await sleep(1_000);
      expect(await store.get(id)).not.toBeNull(); // used every second: 3 s in all, past one timeout
    }
    await sleep(2_200);
    expect(await store.get(id)).toBeNull();
    expect(await redis.exists(`myworld:session:${sessionKeyId(id)}`)).toBe(0);
  });

  it('moves the idle timer only once it has run down by a tenth of the timeout (a minute at most), in one round trip otherwise', async () => {
    const store = new SessionStore(redis, { idleSeconds: 3600 });
    const id = await store.create('4b6f3c1e-2a4d-4e8f-9c10-123456789abc');
    const key = `myworld:session:${sessionKeyId(id)}`;
    await redis.expire(key, 3600 - 30); // 30 s used: within the minute, left alone
    expect(await store.get(id)).not.toBeNull();
    expect(await redis.ttl(key)).toBeLessThanOrEqual(3570);
    await redis.expire(key, 3600 - 90); // 90 s used: slid back to the full hour
    expect(await store.get(id)).not.toBeNull();
    expect(await redis.ttl(key)).toBeGreaterThan(3590);
  });

  it('never lives past its absolute lifetime, however much it is used', async () => {
    const store = new SessionStore(redis, { idleSeconds: 10, ttlSeconds: 2 });
    const id = await store.create('2b6f3c1e-2a4d-4e8f-9c10-123456789abc');
    expect(await redis.ttl(`myworld:session:${sessionKeyId(id)}`)).toBeLessThanOrEqual(2);
    await sleep(1_000);
    expect(await store.get(id)).not.toBeNull();
    await sleep(1_200);
    expect(await store.get(id)).toBeNull();
  });

  it('destroyAllForUser revokes every session of the user', async () => {
    const store = new SessionStore(redis);
    const user = '3b6f3c1e-2a4d-4e8f-9c10-123456789abc';
    const ids = await Promise.all([store.create(user), store.create(user)]);
    expect(await store.destroyAllForUser(user)).toBe(2);
    for (const id of ids) expect(await store.get(id)).toBeNull();
  });

  describe('the last write', () => {
    const lastWrite = async (store: SessionStore, id: string) => {
      const kept = (await store.get(id))?.lastWrite;
      return kept ? formatPosition(kept) : null;
    };
    const record = (store: SessionStore, id: string, text: string) => store.recordWrite(id, parsePosition(text));

    it('is none for a new session, then the latest position recorded: an earlier one never replaces it', async () => {
      const store = new SessionStore(redis);
      const id = await store.create('5b6f3c1e-2a4d-4e8f-9c10-123456789abc');
      expect(await lastWrite(store, id)).toBeNull();
      // Each step: what is recorded, then what is kept.
      const steps: Array<[string, string]> = [
        ['120/4', '120/4'],
        ['119/9', '120/4'], // an earlier commit
        ['120/3', '120/4'], // the same commit, an earlier event in it
        ['120/4', '120/4'],
        ['120/10', '120/10'], // digits compare as numbers, not as text
        ['99/50', '120/10'],
        ['1000/0', '1000/0'],
        // Past 2^53, where a double (Lua's number) can no longer tell them apart.
        ['9007199254740993/0', '9007199254740993/0'],
        ['9007199254740992/7', '9007199254740993/0'],
        ['18446744073709551615/1', '18446744073709551615/1'],
      ];
      for (const [recorded, kept] of steps) {
        await record(store, id, recorded);
        expect(await lastWrite(store, id), `after ${recorded}`).toBe(kept);
      }
    });

    it('concurrent records end at the latest, whatever order they arrive in', async () => {
      const store = new SessionStore(redis);
      const id = await store.create('6b6f3c1e-2a4d-4e8f-9c10-123456789abc');
      const positions: Position[] = Array.from({ length: 200 }, (_, i) => ({
        commit: BigInt(1000 + (i % 37)),
        prepare: BigInt(i),
      }));
      await Promise.all([...positions].reverse().map((p) => store.recordWrite(id, p)));
      expect(await lastWrite(store, id)).toBe('1036/184'); // commit 1036 last comes at i = 184;
    });

    it('lives with its session: gone when the session ends, never kept for an ended session', async () => {
      const store = new SessionStore(redis, { idleSeconds: 60 });
      const user = '7b6f3c1e-2a4d-4e8f-9c10-123456789abc';
      const id = await store.create(user);
      await record(store, id, '5/1');
      const key = `myworld:session:${sessionKeyId(id)}:last-write`;
      expect(await redis.ttl(key)).toBeGreaterThan(50);
      expect(await redis.ttl(key)).toBeLessThanOrEqual(60);
      await store.destroy(id);
      expect(await redis.exists(key)).toBe(0);
      await record(store, id, '6/1');
      expect(await redis.exists(key)).toBe(0);

      const other = await store.create(user);
      await record(store, other, '7/1');
      await store.destroyAllForUser(user);
      expect(await redis.exists(`myworld:session:${sessionKeyId(other)}:last-write`)).toBe(0);
    });
  });

  it("serves its first lookup and write in the same turn as another command of an auto-pipelined connection (the API's)", async () => {
    const id = await new SessionStore(redis).create('6b6f3c1e-2a4d-4e8f-9c10-123456789abc');
    const api = new Redis(redis.options.port!, redis.options.host!, {
      keyPrefix: scratch.prefix,
      enableAutoPipelining: true,
      maxRetriesPerRequest: 1,
    });
    try {
      await api.ping();
      const store = new SessionStore(api);
      // The GET opens this turn's automatic pipeline; a script command defined only at its first use
      // was missing from that pipeline, and ioredis then threw outside any promise: the API died.
      const [, found] = await Promise.all([
        api.get('anything'),
        store.get(id),
        store.recordWrite(id, parsePosition('5/6')),
      ]);
      expect(found).toMatchObject({ userId: '6b6f3c1e-2a4d-4e8f-9c10-123456789abc' });
      expect((await store.get(id))?.lastWrite).toEqual(parsePosition('5/6'));
    } finally {
      api.disconnect();
    }
  });
});
