import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Redis } from 'ioredis';
import { SessionStore } from '@myworld/write-model/sessions';
import { usersProjection } from '@myworld/projections';
import { startHarness } from '@myworld/command-api/testing';
import { autocannon } from './feed.ts';
import { percentile, row } from './stats.ts';

/**
 * `npm run bench -- session [--ops 20000] [--seconds 5]`: what session consistency costs per
 * request, and what the other place for the last write (a signed cookie) would have cost.
 *  - Redis: the session lookup every signed-in request makes, as it was (GET + TTL) and with the
 *    last write in the same round trip (GET + TTL + GET); recording a write (one EVALSHA).
 *  - Signed cookie: signing the position into a cookie (per write), checking it (per read).
 *  - HTTP: GET /api/auth/user under 50 connections for a session that never wrote and for one
 *    that wrote (read model long caught up), against the whole API.
 */
export async function run(args: string[]): Promise<void> {
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const ops = option('ops', 20_000);
  const seconds = option('seconds', 5);

  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0', {
    keyPrefix: `bench:session:${randomBytes(4).toString('hex')}:`,
  });
  try {
    const store = new SessionStore(redis);
    const id = await store.create(randomUUID());
    const key = `myworld:session:${createHash('sha256').update(id).digest('hex')}`;
    await store.recordWrite(id, { commit: 1n, prepare: 0n });
    const lastWrite = `${key}:last-write`;
    let commit = 2n;
    // Interleaved, one call of each in turn, so the machine's other load falls on all alike.
    await timed(ops, {
      'Redis: session lookup as before (GET+TTL)': () => redis.pipeline().get(key).ttl(key).exec(),
      'Redis: session lookup now (GET+TTL+GET)': () => redis.pipeline().get(key).ttl(key).get(lastWrite).exec(),
      'Redis: SessionStore.get (now, all of it)': () => store.get(id),
      'Redis: record a write (EVALSHA)': () => store.recordWrite(id, { commit: commit++, prepare: 0n }),
    });
  } finally {
    redis.disconnect();
  }

  const secret = randomBytes(32);
  const sign = (value: string) => createHmac('sha256', secret).update(value).digest('base64url');
  const cookie = `123456789/12.${sign('123456789/12')}`;
  await timed(ops, {
    'signed cookie: sign a position (per write)': async () => sign('123456789/12'),
    'signed cookie: check it (per read)': async () => {
      const [value, mac] = cookie.split('.') as [string, string];
      return timingSafeEqual(Buffer.from(sign(value)), Buffer.from(mac));
    },
  });

  const h = await startHarness({ label: 'bench_session', projections: [usersProjection] });
  try {
    const quiet = await h.api.signedInUser();
    const writer = await h.api.signedInUser();
    const wrote = await fetch(`${h.api.baseUrl}/api/users/privacy`, {
      method: 'PATCH',
      headers: { cookie: writer.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ hideActivity: true }),
    });
    if (wrote.status !== 200) throw new Error(`the write answered ${wrote.status}`);
    const position = wrote.headers.get('x-position')!;
    const [c, p] = position.split('/');
    if (!(await h.readModels.waitFor('users', { commit: BigInt(c!), prepare: BigInt(p!) }, 10_000)))
      throw new Error('the users read model did not catch up');
    await autocannon(`${h.api.baseUrl}/api/auth/user`, { cookie: quiet.cookie }, seconds); // warm-up
    // Two rounds, the two sessions in turn, so a change in the machine's other load shows as such.
    for (const round of [1, 2]) {
      for (const [label, session] of [
        ['a session that never wrote', quiet],
        ['a session that wrote', writer],
      ] as const) {
        const load = await autocannon(`${h.api.baseUrl}/api/auth/user`, { cookie: session.cookie }, seconds);
        if (load.errors > 0) throw new Error(`${load.errors} requests failed`);
        row(`GET /api/auth/user, ${label} (${round})`, `${load.requests.toFixed(0)} req/s, p99 ${load.p99} ms`);
      }
    }
  } finally {
    await h.stop();
  }
}

/** Runs each op `count` times, one call of each in turn; prints each one's p50 and p99 in microseconds. */
async function timed(count: number, ops: Record<string, () => Promise<unknown>>): Promise<void> {
  const entries = Object.entries(ops);
  const samples = entries.map((): number[] => []);
  for (let i = 0; i < count + 1_000; i++) {
    for (const [j, [, op]] of entries.entries()) {
      const started = process.hrtime.bigint();
      await op();
      if (i >= 1_000) samples[j]!.push(Number(process.hrtime.bigint() - started) / 1_000); // after a warm-up
    }
  }
  for (const [j, [label]] of entries.entries()) {
    const s = samples[j]!;
    row(label, `${percentile(s, 50).toFixed(1)} µs p50, ${percentile(s, 99).toFixed(1)} µs p99`);
  }
}
