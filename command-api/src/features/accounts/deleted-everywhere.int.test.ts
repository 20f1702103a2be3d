import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { conversationsProjection, rebuildAll, usersProjection } from '@myworld/projections';
import { analyticsAccessStreamName, rolesStreamName, type Position } from '@myworld/schemas';
import { newRegistration } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';

const EXPORT = fileURLToPath(new URL('../../../../projections/src/cli/export.ts', import.meta.url));
const run = promisify(execFile);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

/**
 * Issue 23, point 7: once an account is deleted, none of its email or messages survive in an
 * export (default or --include-personal), in an as-of snapshot made earlier, in Redis (BullMQ job
 * data included) or anywhere in the database outside the sealed log.
 */
describe('deleted means deleted everywhere: exports, earlier snapshots, Redis, the database', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'accounts_deleted_everywhere', workers: true });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const settled = async (position: Position, ...names: string[]) => {
    for (const name of names) expect(await h.readModels.waitFor(name, position, 20_000), name).toBe(true);
  };

  const idOf = async (client: ReturnType<Harness['client']>): Promise<string> => {
    const me = await client.get('/api/auth/user');
    expect(me.statusCode, me.body).toBe(200);
    return me.json().id as string;
  };

  /** Runs `npm run export` against the harness's database; resolves with its exit code and what it wrote. */
  async function exportLog(...extra: string[]): Promise<{ code: number; stderr: string; text: string | null }> {
    const file = join(tmpdir(), `deleted-everywhere-${randomUUID()}.ndjson`);
    const args = [
      '--import',
      'tsx',
      EXPORT,
      '--from',
      '2000-01-01T00:00:00Z',
      '--to',
      new Date(Date.now() + 60_000).toISOString(),
      '--out',
      file,
      ...extra,
    ];
    const { EVENTSTORE_URL: _ignored, ...inherited } = process.env;
    const env = { ...inherited, DATABASE_URL: h.database.url, LOG_LEVEL: 'warn' };
    try {
      const { stderr } = await run(process.execPath, args, { env });
      return { code: 0, stderr, text: await readFile(file, 'utf8') };
    } catch (error) {
      const failed = error as { code: number; stderr: string };
      return { code: failed.code, stderr: failed.stderr, text: existsSync(file) ? await readFile(file, 'utf8') : null };
    } finally {
      await rm(file, { force: true });
    }
  }

  /** Every key and value in Redis (strings, hashes, lists, sets, sorted sets, streams: BullMQ's jobs and events too), as text. */
  async function everythingInRedis(): Promise<string> {
    const redis = new Redis(REDIS_URL);
    const parts: string[] = [];
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
        cursor = next;
        for (const key of keys) {
          parts.push(key);
          const type = await redis.type(key);
          const value =
            type === 'string'
              ? await redis.get(key)
              : type === 'hash'
                ? await redis.hgetall(key)
                : type === 'list'
                  ? await redis.lrange(key, 0, -1)
                  : type === 'set'
                    ? await redis.smembers(key)
                    : type === 'zset'
                      ? await redis.zrange(key, 0, -1)
                      : type === 'stream'
                        ? await redis.xrange(key, '-', '+')
                        : null;
          parts.push(JSON.stringify(value));
        }
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
    return parts.join('\n');
  }

  /** Every row of every table of the database, the log included (its personal fields are sealed), as text. */
  async function everythingInTheDatabase(): Promise<string> {
    const tables = await sql<{ schema: string; name: string }>`
      select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(h.db);
    const parts: string[] = [];
    for (const t of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.id(t.schema, t.name)} t`.execute(h.db);
      parts.push(...rows.rows.map((r) => `${t.schema}.${t.name}: ${r.row}`));
    }
    return parts.join('\n');
  }

  it("after a deletion no export, earlier snapshot, Redis key or job, or table holds the user's email or message text", async () => {
    // The analyst who may export personal data.
    const analyst = newRegistration('analyst');
    const analystClient = h.client({ ip: '10.50.0.1' });
    expect((await analystClient.post('/api/auth/register', analyst)).statusCode).toBe(201);
    const analystId = await idOf(analystClient);
    const granted = await h.store.append(rolesStreamName(analystId), expected.any, [
      {
        id: randomUUID(),
        type: 'RoleGranted',
        data: { userId: analystId, role: 'analyst', grantedBy: 'cli:test', grantedAt: new Date().toISOString() },
        metadata: testMetadata(),
      },
    ]);

    // The user who leaves, with a message only they wrote.
    const leaver = newRegistration('leaver');
    const client = h.client({ ip: '10.50.0.2' });
    expect((await client.post('/api/auth/register', leaver)).statusCode).toBe(201);
    const userId = await idOf(client);
    const text = `meet me at pier ${randomUUID().slice(0, 8)} at dawn`;
    const sent = await h.store.append(`conversation-${userId}-${analystId}`, expected.noStream, [
      {
        id: randomUUID(),
        type: 'MessageSent',
        data: {
          messageId: randomUUID(),
          senderId: userId,
          receiverId: analystId,
          content: text,
          sentAt: new Date().toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    await settled(granted.position, 'roles', 'users');
    await settled(sent.position, 'conversations');
    // The verification email went out (its job held the address).
    await h.mail.waitFor((m) => m.to.includes(leaver.email));

    // Before the deletion: the default export redacts, --include-personal (an analyst) does not.
    const before = await exportLog();
    expect(before.code).toBe(0);
    expect(before.text).toContain(userId);
    expect(before.text).not.toContain(leaver.email);
    expect(before.text).not.toContain(text);
    const personal = await exportLog('--include-personal', analyst.username);
    expect(personal.code).toBe(0);
    expect(personal.text).toContain(leaver.email);
    expect(personal.text).toContain(text);
    // An earlier as-of snapshot holds both.
    const snapshot = await rebuildAll({
      store: h.store,
      db: h.db,
      projections: [usersProjection, conversationsProjection],
      until: { time: new Date() },
    });
    const snapshotSchemas = snapshot.built.map((b) => b.generation.schemaName);
    expect(snapshotSchemas).toHaveLength(2);
    const snapshotRows = async () => {
      const parts: string[] = [];
      for (const schema of snapshotSchemas) {
        const tables = await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(h.db);
        for (const t of tables.rows)
          parts.push(
            ...(
              await sql<{ row: string }>`select t::text as row from ${sql.id(schema, t.name)} t`.execute(h.db)
            ).rows.map((r) => r.row),
          );
      }
      return parts.join('\n');
    };
    expect(await snapshotRows()).toContain(leaver.email);
    expect(await snapshotRows()).toContain(text);

    // The deletion.
    const deleted = await client.request({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: leaver.password },
    });
    expect(deleted.statusCode).toBe(200);

    // The workers' reactor drops the snapshots made before it.
    await expect
      .poll(
        async () =>
          (
            await sql<{
              n: number;
            }>`select count(*)::int as n from information_schema.schemata where schema_name in (${sql.join(snapshotSchemas)})`.execute(
              h.db,
            )
          ).rows[0]!.n,
        {
          timeout: 30_000,
          interval: 200,
        },
      )
      .toBe(0);
    const registry = await sql<{
      n: number;
    }>`select count(*)::int as n from projection_generations where schema_name in (${sql.join(snapshotSchemas)})`.execute(
      h.db,
    );
    expect(registry.rows[0]!.n).toBe(0);

    // Exports: by default and with --include-personal, neither the email nor the text.
    for (const extra of [[], ['--include-personal', analyst.username]]) {
      const after = await exportLog(...extra);
      expect(after.code, after.stderr).toBe(0);
      expect(after.text).toContain(userId);
      expect(after.text).not.toContain(leaver.email);
      expect(after.text).not.toContain(text);
    }
    // Each export with personal fields was recorded before it wrote anything.
    const audit = await h.store.readStream(analyticsAccessStreamName(analystId));
    expect(audit.map((e) => e.type)).toEqual(['PersonalDataExported', 'PersonalDataExported']);
    expect(audit[0]!.data).toMatchObject({
      exportedBy: analystId,
      username: analyst.username.toLowerCase(),
      scope: { types: null },
    });

    // Redis: no key or value (session, throttle, queue job or event) holds either, once the
    // workers have nothing left to do with the address.
    await expect
      .poll(async () => h.emailQueue().getJobCounts('completed', 'waiting', 'active', 'delayed', 'failed'), {
        timeout: 10_000,
      })
      .toMatchObject({ completed: 0, waiting: 0, active: 0, failed: 0 });
    const redis = await everythingInRedis();
    expect(redis).not.toContain(leaver.email);
    expect(redis).not.toContain(text);

    // Nor does any table of the database (read models, registry, checkpoints, keys) outside the sealed log.
    const database = await everythingInTheDatabase();
    expect(database).toContain(analystId);
    expect(database).not.toContain(leaver.email);
    expect(database).not.toContain(text);
    // Four exports (child processes) and a workers round trip.
  }, 240_000);

  it('--include-personal is refused (exit 2, nothing written) for a user who is not an analyst or admin, and for an unknown one', async () => {
    const user = newRegistration('notstaff');
    const client = h.client({ ip: '10.50.1.1' });
    const registered = await client.post('/api/auth/register', user);
    expect(registered.statusCode).toBe(201);
    const id = await idOf(client);
    await settled(client.lastPosition!, 'users', 'roles');
    for (const [name, message] of [
      [user.username, /is not an analyst or admin/],
      ['nobody_by_this_name', /no user named/],
    ] as const) {
      const refused = await exportLog('--include-personal', name);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(message);
      expect(refused.text).toBeNull();
    }
    expect(await h.store.readStream(analyticsAccessStreamName(id))).toEqual([]);
  });
});
