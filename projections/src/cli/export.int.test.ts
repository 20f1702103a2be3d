import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START, formatPosition } from '@myworld/schemas';
import { PostgresEventStore, type RecordedEvent } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing';
import { appendEvent, appendTextPost } from '../testing/scripted-events.ts';
import { childEnv, eventually } from '../testing/processes.ts';
import { exportEvents } from './export-events.ts';

const EXPORT = fileURLToPath(new URL('./export.ts', import.meta.url));
const run = promisify(execFile);

/** A log in three parts appended a few milliseconds apart, so a time window can cut between them. */
describe('npm run export', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let log: RecordedEvent[];
  let parts: { early: RecordedEvent[]; middle: RecordedEvent[]; late: RecordedEvent[] };
  const ann = '11111111-1111-4111-8111-111111111111';
  const bob = '22222222-2222-4222-8222-222222222222';

  beforeAll(async () => {
    db = await createTestDatabase('export');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.migrate();
    const at = new Date().toISOString();
    await appendEvent(store, `user-${ann}`, 'UserRegistered', {
      userId: ann,
      username: 'ann',
      firstName: 'Ann',
      lastName: 'A',
      email: 'ann@example.test',
      birthDate: '1990-01-01',
      passwordHash: 'x',
      registeredAt: at,
    });
    const post = await appendTextPost(store, ann, 'hello');
    await sleep(20);
    await appendEvent(store, `like-${post.id}-${bob}`, 'PostLiked', {
      postId: post.id,
      userId: bob,
      authorId: ann,
      likedAt: at,
    });
    await appendEvent(store, `view-${post.id}-${bob}`, 'PostViewed', {
      postId: post.id,
      viewerId: bob,
      authorId: ann,
      viewedAt: at,
    });
    await appendEvent(store, `follow-${bob}`, 'UserFollowed', { followerId: bob, followeeId: ann, followedAt: at });
    await sleep(20);
    await appendEvent(store, `like-${post.id}-${ann}`, 'PostLiked', {
      postId: post.id,
      userId: ann,
      authorId: ann,
      likedAt: at,
    });
    // Readers see an event once every older transaction of the server has ended (other tests' too).
    log = await eventually('the whole log to be readable', async () => {
      const read = await store.readAll({ after: START, maxCount: 100 });
      return read.length === 6 && read;
    });
    parts = { early: log.slice(0, 2), middle: log.slice(2, 5), late: log.slice(5) };
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const exported = async (options: {
    from: Date;
    to: Date;
    types?: string[];
    batchSize?: number;
    includePersonal?: boolean;
  }) => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const counts = await exportEvents({ store, out, ...options });
    return {
      counts,
      lines: text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    };
  };
  const whole = { from: new Date(0), to: new Date(Date.now() + 60_000) };

  it('writes every event of every stream in log order, one JSON object per line, paging through the log', async () => {
    const { counts, lines } = await exported({ ...whole, batchSize: 2 });
    expect(counts).toEqual({ read: 6, written: 6 });
    expect(lines.map((l) => l.type)).toEqual([
      'UserRegistered',
      'TextPostCreated',
      'PostLiked',
      'PostViewed',
      'UserFollowed',
      'PostLiked',
    ]);
    // Credentials never leave the log, and personal fields are redacted by default.
    const R = '[redacted]';
    expect(lines[0]!.data).toEqual({
      ...(log[0]!.data as object),
      firstName: R,
      lastName: R,
      email: R,
      birthDate: R,
      passwordHash: R,
    });
    expect(lines[1]!.data).toMatchObject({ content: R });
    // Asked for (the CLI checks the analyst's role first), they are kept; credentials still are not.
    const full = await exported({ ...whole, includePersonal: true });
    expect(full.lines[0]!.data).toEqual({ ...(log[0]!.data as object), passwordHash: R });
    expect(full.lines[1]!.data).toMatchObject({ content: 'hello' });
    const like = log[2]!;
    expect(lines[2]).toEqual({
      position: formatPosition(like.position),
      stream: like.stream,
      version: 0,
      type: 'PostLiked',
      data: like.data,
      metadata: like.metadata,
      createdAt: like.createdAt.toISOString(),
    });
  });

  it('keeps only events appended in [--from, --to)', async () => {
    const { counts, lines } = await exported({ from: parts.middle[0]!.createdAt, to: parts.late[0]!.createdAt });
    expect(counts).toEqual({ read: 6, written: 3 });
    expect(lines.map((l) => l.position)).toEqual(parts.middle.map((e) => formatPosition(e.position)));
  });

  it('keeps only the --types asked for', async () => {
    const { lines } = await exported({ ...whole, types: ['PostLiked', 'UserRegistered'] });
    expect(lines.map((l) => l.type)).toEqual(['UserRegistered', 'PostLiked', 'PostLiked']);
    const both = await exported({
      from: parts.middle[0]!.createdAt,
      to: parts.late[0]!.createdAt,
      types: ['PostLiked'],
    });
    expect(both.lines.map((l) => l.position)).toEqual([formatPosition(parts.middle[0]!.position)]);
  });

  it('the command writes the file given by --out, with its progress and count on stderr', async () => {
    const file = join(tmpdir(), `export-${process.pid}.ndjson`);
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          EXPORT,
          '--from',
          parts.middle[0]!.createdAt.toISOString(),
          '--to',
          whole.to.toISOString(),
          '--types',
          'PostLiked',
          '--out',
          file,
        ],
        { env: childEnv(db.url) },
      );
      expect(stdout).toBe('');
      expect(stderr).toMatch(/export \[.*\] 100% \| 6 events read \| 2 written/);
      expect(stderr).toMatch(/exported 2 of 6 events to /);
      const lines = (await readFile(file, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { position: string });
      expect(lines.map((l) => l.position)).toEqual(
        [parts.middle[0]!, parts.late[0]!].map((e) => formatPosition(e.position)),
      );
    } finally {
      await rm(file, { force: true });
    }
  });

  it('the command refuses a bad flag with exit code 2, naming it', async () => {
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', EXPORT, '--from', 'soon', '--to', whole.to.toISOString()],
      { env: childEnv(db.url) },
    ).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringMatching(/^--from: give an ISO time/) });
  });
});
