import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, expect as expected, type NewEvent } from '@myworld/eventstore';
import { createTestDatabase, testMetadata, type TestDatabase } from '@myworld/eventstore/testing';
import {
  ProjectionRunner,
  ReadModels,
  createDatabase,
  liveStreamsProjection,
  usersProjection,
} from '@myworld/projections';
import {
  ACCOUNTS_STREAMS,
  START,
  comparePositions,
  liveStreamStreamName,
  serverMessage,
  type Position,
  type ServerMessage,
} from '@myworld/schemas';
import { openQueue, startSmtpCapture, type SmtpCapture } from '@myworld/testkit';
import { STREAM_REMINDER_QUEUE, VIEWER_REMINDER_QUEUE } from './reminders.jobs.ts';
import {
  STREAM_REMINDER_REACTOR,
  startStreamReminders,
  type StreamReminders,
  type StreamRemindersConfig,
} from './reminders.pipeline.ts';

const logger = pino({ level: 'silent' });
const REDIS_URL = 'redis://127.0.0.1:6379/0';
const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: testMetadata(),
});

describe('stream reminders: reactor -> due job -> one job per reminded viewer -> socket notice + SMTP', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<unknown>;
  let runner: ProjectionRunner;
  let readModels: ReadModels;
  let smtp: SmtpCapture;
  let subscriber: Redis;
  let config: StreamRemindersConfig;
  let reminders: StreamReminders | undefined;
  /** Every socket notice published, by user id. */
  const notices = new Map<string, ServerMessage[]>();
  const users: Record<'streamer' | 'ada' | 'bob' | 'cy', { id: string; username: string; email: string }> = {} as never;

  beforeAll(async () => {
    database = await createTestDatabase('stream_reminders');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 4 });
    runner = new ProjectionRunner({
      store,
      db,
      databaseUrl: database.url,
      projections: [usersProjection, liveStreamsProjection],
      logger,
      batchSize: 100,
    });
    await runner.start();
    readModels = new ReadModels(db, database.url);
    await readModels.start();
    smtp = await startSmtpCapture();
    config = {
      DATABASE_URL: database.url,
      REDIS_URL,
      PUBLIC_URL: 'http://myworld.test',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'MyWorld <no-reply@myworld.test>',
      OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'myworld-outbox-')),
      QUEUE_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      EMAIL_CONCURRENCY: 2,
      REACTOR_BATCH_SIZE: 50,
    };

    // The accounts events the users read model needs (the API's registration appends the same).
    let registered: Position | undefined;
    for (const name of ['streamer', 'ada', 'bob', 'cy'] as const) {
      const id = randomUUID();
      const username = `${name}_${randomBytes(3).toString('hex')}`;
      users[name] = { id, username, email: `${username}@example.test` };
      ({ position: registered } = await store.append(ACCOUNTS_STREAMS.user(id), expected.noStream, [
        event('UserRegistered', {
          userId: id,
          username,
          firstName: 'Test',
          lastName: name,
          email: users[name].email,
          birthDate: '1990-01-01',
          passwordHash: 'x',
          registeredAt: new Date().toISOString(),
        }),
      ]));
    }
    expect(await readModels.waitFor('users', registered!, 10_000)).toBe(true);

    // A browser's socket on any API instance hears its user room through this channel.
    subscriber = new Redis(REDIS_URL);
    subscriber.on('message', (channel: string, text: string) => {
      const userId = channel.slice('myworld:ws:user:'.length);
      notices.set(userId, [
        ...(notices.get(userId) ?? []),
        serverMessage.parse((JSON.parse(text) as { message: unknown }).message),
      ]);
    });
    await subscriber.subscribe(...Object.values(users).map((u) => `myworld:ws:user:${u.id}`));
    reminders = startStreamReminders(store, config, logger);
  });
  afterAll(async () => {
    await reminders?.stop();
    for (const name of [STREAM_REMINDER_QUEUE, VIEWER_REMINDER_QUEUE]) {
      const { queue, close } = openQueue(name, REDIS_URL, config.QUEUE_PREFIX);
      await queue.obliterate({ force: true }).catch(() => undefined);
      await close();
    }
    subscriber?.disconnect();
    await smtp?.close();
    await readModels?.close();
    await runner?.stop();
    await db?.destroy();
    await store?.close();
    await database?.drop();
    rmSync(config.OUTBOX_DIR, { recursive: true, force: true });
  });

  /** A stream scheduled `inMs` ahead, with reminders asked for (and some cancelled), appended as the API's decider would. */
  async function scheduleStream(
    title: string,
    inMs: number,
    reminded: Array<keyof typeof users>,
    cancelled: Array<keyof typeof users> = [],
  ) {
    const streamId = randomUUID();
    const scheduledFor = new Date(Date.now() + inMs).toISOString();
    const now = new Date().toISOString();
    await store.append(liveStreamStreamName(streamId), expected.noStream, [
      event('LiveStreamScheduled', {
        streamId,
        userId: users.streamer.id,
        title,
        description: '',
        category: 'music',
        tags: [],
        allowDuets: false,
        scheduledFor,
        scheduledAt: now,
      }),
      ...[...reminded, ...cancelled].map((name) =>
        event('LiveStreamReminderRequested', { streamId, userId: users[name].id, requestedAt: now }),
      ),
      ...cancelled.map((name) =>
        event('LiveStreamReminderCancelled', { streamId, userId: users[name].id, cancelledAt: now }),
      ),
    ]);
    return { streamId, scheduledFor };
  }
  const append = (streamId: string, ...events: NewEvent[]) =>
    store.append(liveStreamStreamName(streamId), expected.streamExists, events);
  const mailsOf = (streamId: string) =>
    smtp.messages.filter((m) => m.links.includes(`http://myworld.test/stream/${streamId}`));
  const noticesOf = (streamId: string, name: keyof typeof users) =>
    (notices.get(users[name].id) ?? []).filter((m) => 'streamId' in m && m.streamId === streamId);

  it('at the scheduled time the two reminded viewers get one email and one socket notice each; the cancelled reminder gets nothing', async () => {
    const title = `Morning jam ${randomBytes(2).toString('hex')}`;
    const { streamId, scheduledFor } = await scheduleStream(title, 1_500, ['ada', 'bob'], ['cy']);

    await expect.poll(() => mailsOf(streamId).length, { timeout: 15_000, interval: 100 }).toBe(2);
    const sentAt = Date.now();
    expect(sentAt).toBeGreaterThanOrEqual(Date.parse(scheduledFor));
    const mails = mailsOf(streamId);
    expect(mails.flatMap((m) => m.to).sort()).toEqual([users.ada.email, users.bob.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(`${users.streamer.username} is going live: ${title}`);
      expect(mail.html).toContain(`<a href="http://myworld.test/stream/${streamId}"`);
    }
    expect(mails.map((m) => m.messageId).sort()).toEqual(
      [`<${streamId}.${users.ada.id}@myworld>`, `<${streamId}.${users.bob.id}@myworld>`].sort(),
    );

    await expect.poll(() => noticesOf(streamId, 'bob').length, { timeout: 5_000, interval: 50 }).toBe(1);
    const reminder = {
      type: 'stream_reminder',
      streamId,
      title,
      streamerUsername: users.streamer.username,
      scheduledFor,
      isActive: false,
    };
    expect(noticesOf(streamId, 'ada')).toEqual([reminder]);
    expect(noticesOf(streamId, 'bob')).toEqual([reminder]);
    await sleep(500);
    expect(noticesOf(streamId, 'cy')).toEqual([]);
    expect(smtp.messages.some((m) => m.to.includes(users.cy.email))).toBe(false);
    expect(mailsOf(streamId)).toHaveLength(2);
  });

  it('a repeat sends nothing twice: the due job run again, the stream going live after its time, a replay of the log from 0', async () => {
    const { streamId } = await scheduleStream(`Repeat ${randomBytes(2).toString('hex')}`, 1_000, ['ada', 'bob']);
    await expect.poll(() => mailsOf(streamId).length, { timeout: 15_000, interval: 100 }).toBe(2);
    const dueJob = (await reminders!.streamQueue.getCompleted()).find((j) => j.data.streamId === streamId)!;
    expect(dueJob.returnvalue).toEqual({ reminded: 2 });

    // The same due job again (as a retry would run it), then the late go-live's job.
    await dueJob.remove();
    await reminders!.streamQueue.add(dueJob.name, dueJob.data, { jobId: dueJob.id! });
    await append(streamId, event('LiveStreamWentLive', { streamId, startedAt: new Date().toISOString() }));
    await expect
      .poll(async () => (await reminders!.streamQueue.getJob(`${streamId}.live`))?.finishedOn, {
        timeout: 10_000,
        interval: 100,
      })
      .toBeDefined();
    await expect
      .poll(async () => (await reminders!.streamQueue.getJob(dueJob.id!))?.finishedOn, {
        timeout: 10_000,
        interval: 100,
      })
      .toBeDefined();

    // The whole log read again by a fresh reactor.
    await reminders!.stop();
    const pool = new pg.Pool({ connectionString: database.url });
    await pool.query('delete from reactor_checkpoints where name = $1', [STREAM_REMINDER_REACTOR]);
    await pool.end();
    reminders = startStreamReminders(store, config, logger);
    await sleep(2_000);

    expect(mailsOf(streamId)).toHaveLength(2);
    expect(noticesOf(streamId, 'ada')).toHaveLength(1);
    expect(noticesOf(streamId, 'bob')).toHaveLength(1);
  });

  it('a scheduled stream ended before its time (cancelled) reminds nobody', async () => {
    const { streamId } = await scheduleStream(`Cancelled ${randomBytes(2).toString('hex')}`, 1_000, ['ada', 'bob']);
    await append(
      streamId,
      event('LiveStreamEnded', {
        streamId,
        endedBy: users.streamer.id,
        reason: 'owner',
        endedAt: new Date().toISOString(),
      }),
    );
    await expect
      .poll(
        async () =>
          (await reminders!.streamQueue.getCompleted()).find((j) => j.data.streamId === streamId)?.returnvalue,
        { timeout: 10_000, interval: 100 },
      )
      .toEqual({ reminded: 0 });
    await sleep(500);
    expect(mailsOf(streamId)).toEqual([]);
    expect([...noticesOf(streamId, 'ada'), ...noticesOf(streamId, 'bob')]).toEqual([]);
  });

  it('going live before the scheduled time reminds at once, as live, and the scheduled time adds nothing', async () => {
    const title = `Early ${randomBytes(2).toString('hex')}`;
    const { streamId, scheduledFor } = await scheduleStream(title, 3_000, ['ada']);
    await append(streamId, event('LiveStreamWentLive', { streamId, startedAt: new Date().toISOString() }));
    const mail = await smtp.waitFor((m) => m.links.includes(`http://myworld.test/stream/${streamId}`), 10_000);
    expect(Date.now()).toBeLessThan(Date.parse(scheduledFor));
    expect(mail.subject).toBe(`${users.streamer.username} is live now: ${title}`);
    await expect
      .poll(() => noticesOf(streamId, 'ada'), { timeout: 5_000, interval: 50 })
      .toEqual([
        {
          type: 'stream_reminder',
          streamId,
          title,
          streamerUsername: users.streamer.username,
          scheduledFor,
          isActive: true,
        },
      ]);
    await expect
      .poll(async () => (await reminders!.streamQueue.getJob(`${streamId}.${Date.parse(scheduledFor)}`))?.finishedOn, {
        timeout: 10_000,
        interval: 100,
      })
      .toBeDefined();
    await sleep(300);
    expect(mailsOf(streamId)).toHaveLength(1);
    expect(noticesOf(streamId, 'ada')).toHaveLength(1);
  });

  it("a reminded viewer the users read model does not hold yet is reminded on the due job's retry; the others at once and once", async () => {
    const { streamId, scheduledFor } = await scheduleStream(`Lagging ${randomBytes(2).toString('hex')}`, 500, ['ada']);
    const dan = { id: randomUUID(), username: `dan_${randomBytes(3).toString('hex')}` };
    await append(
      streamId,
      event('LiveStreamReminderRequested', { streamId, userId: dan.id, requestedAt: new Date().toISOString() }),
    );
    const dueJobId = `${streamId}.${Date.parse(scheduledFor)}`;
    await expect.poll(() => mailsOf(streamId).length, { timeout: 10_000, interval: 100 }).toBe(1);
    await expect
      .poll(async () => (await reminders!.streamQueue.getJob(dueJobId))?.attemptsMade, {
        timeout: 5_000,
        interval: 100,
      })
      .toBe(1);

    await store.append(ACCOUNTS_STREAMS.user(dan.id), expected.noStream, [
      event('UserRegistered', {
        userId: dan.id,
        username: dan.username,
        firstName: 'Test',
        lastName: 'dan',
        email: `${dan.username}@example.test`,
        birthDate: '1990-01-01',
        passwordHash: 'x',
        registeredAt: new Date().toISOString(),
      }),
    ]);
    await smtp.waitFor((m) => m.to.includes(`${dan.username}@example.test`), 20_000);
    expect(
      mailsOf(streamId)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual([users.ada.email, `${dan.username}@example.test`].sort());
    expect(noticesOf(streamId, 'ada')).toHaveLength(1);
  }, 30_000);

  it('jobs lost with Redis come back: at start the schedule is rebuilt from the live_streams read model', async () => {
    const { streamId, scheduledFor } = await scheduleStream(`Rebuilt ${randomBytes(2).toString('hex')}`, 4_000, [
      'bob',
    ]);
    const jobId = `${streamId}.${Date.parse(scheduledFor)}`;
    const scheduledAt = (await store.readStream(liveStreamStreamName(streamId))).at(-1)!.position;
    // The reactor scheduled it and moved its checkpoint past it; the read model has it.
    await expect
      .poll(async () => (await reminders!.streamQueue.getJob(jobId))?.id, { timeout: 10_000, interval: 100 })
      .toBe(jobId);
    await expect
      .poll(async () => comparePositions(await reactorCheckpoint(), scheduledAt) >= 0, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(true);
    expect(await readModels.waitFor('live_streams', scheduledAt, 10_000)).toBe(true);

    // Redis loses the job: only the read model still knows the stream is due.
    await (await reminders!.streamQueue.getJob(jobId))!.remove();
    await reminders!.stop();
    reminders = startStreamReminders(store, config, logger);
    await expect.poll(() => mailsOf(streamId).length, { timeout: 15_000, interval: 100 }).toBe(1);
    expect(mailsOf(streamId)[0]!.to).toEqual([users.bob.email]);
  });

  async function reactorCheckpoint(): Promise<Position> {
    const pool = new pg.Pool({ connectionString: database.url });
    try {
      const r = await pool.query<{ c: string; p: string }>(
        'select checkpoint_commit::text as c, checkpoint_prepare::text as p from reactor_checkpoints where name = $1',
        [STREAM_REMINDER_REACTOR],
      );
      const row = r.rows[0];
      return row ? { commit: BigInt(row.c), prepare: BigInt(row.p) } : START;
    } finally {
      await pool.end();
    }
  }
});
