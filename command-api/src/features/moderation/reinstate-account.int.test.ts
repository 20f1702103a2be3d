import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  followsProjection,
  postsProjection,
  reportsProjection,
  timelinesProjection,
  usersProjection,
} from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { ACCOUNTS_STREAMS, type Report, type TimelineEntry } from '@myworld/schemas';
import { newRegistration, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { furthestPosition, testModerators, moderationSettled } from './moderation.testing.ts';

const PROJECTIONS = [usersProjection, reportsProjection, timelinesProjection, followsProjection, postsProjection];

describe('an admin reinstates a suspended account (AccountReinstated)', () => {
  let h: Harness;
  const roles = testModerators();
  const suffix = Date.now().toString(36);
  let asMod: TestClient;
  let asAdmin: TestClient;
  let adminId: string;

  beforeAll(async () => {
    h = await startHarness({ workers: true, label: 'reinstate_account', projections: PROJECTIONS, app: { roles } });
    const mod = await h.api.signedInUser(`mod_${suffix}`);
    roles.add(mod.userId, 'moderator');
    asMod = h.client({ cookie: mod.cookie });
    const admin = await h.api.signedInUser(`admin_${suffix}`);
    roles.add(admin.userId, 'admin');
    adminId = admin.userId;
    asAdmin = h.client({ cookie: admin.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const { record, at: furthest } = furthestPosition();
  const settled = () =>
    moderationSettled(
      h,
      furthest(),
      PROJECTIONS.map((p) => p.name),
    );
  let ip = 0;
  const signIn = async (email: string, password: string) =>
    h.client({ ip: `10.9.0.${++ip}` }).post('/api/auth/login', { email, password });

  /** A registered account a moderator then removed (suspended) on a report: its id, sign-in and the report. */
  const suspended = async () => {
    const body = newRegistration('spammer');
    expect(record(await h.client().post('/api/auth/register', body)).statusCode).toBe(201);
    const client = h.client({ ip: `10.9.1.${++ip}` });
    expect(
      record(await client.post('/api/auth/login', { email: body.email, password: body.password })).statusCode,
    ).toBe(200);
    await settled();
    const userId = (await client.get('/api/auth/user')).json().id as string;
    const reporter = await h.api.signedInUser(`rep${++ip}_${suffix}`);
    const filed = record(
      await h.client({ cookie: reporter.cookie }).post('/api/reports', {
        contentType: 'user',
        contentId: userId,
        reportReason: 'spam',
        description: 'Spam account',
      }),
    );
    expect(filed.statusCode).toBe(201);
    const reportId = filed.json().report.id as string;
    expect(
      record(await asMod.put(`/api/reports/${reportId}`, { status: 'resolved', moderatorNote: 'Spam' })).statusCode,
    ).toBe(200);
    // The suspension follows from the moderator's decision in moderation's reactor.
    await settled();
    expect((await signIn(body.email, body.password)).statusCode).toBe(403);
    return { ...body, userId, reportId };
  };

  it('sign-in works again, the profile is shown again, the queue shows the user visible, and the report timeline shows it', async () => {
    const user = await suspended();
    await settled();
    expect((await h.client().get(`/api/users/${user.userId}/profile`)).statusCode).toBe(404);

    const answer = record(await asAdmin.post(`/api/admin/users/${user.userId}/reinstate`, { note: 'Appeal upheld' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      userId: user.userId,
      suspended: false,
      reinstatedAt: expect.any(String),
      position: expect.any(String),
    });
    const events = await h.store.readStream(ACCOUNTS_STREAMS.user(user.userId));
    expect(events.at(-1)).toMatchObject({
      type: 'AccountReinstated',
      data: { userId: user.userId, adminId, note: 'Appeal upheld' },
    });

    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    await settled();
    expect((await h.client().get(`/api/users/${user.userId}/profile`)).statusCode).toBe(200);
    const queued = ((await asMod.get(`/api/reports?search=${user.userId}`)).json() as Report[]).find(
      (r) => r.id === user.reportId,
    );
    expect(queued).toMatchObject({ status: 'resolved', content: { visibility: 'visible' } });
    const timeline = (await asMod.get(`/api/reports/${user.reportId}/timeline`)).json() as TimelineEntry[];
    expect(timeline.map((e) => e.action).slice(-2)).toEqual(['Content removed', 'Account reinstated']);
    expect(timeline.at(-1)).toMatchObject({
      source: 'content',
      actor: { id: adminId },
      note: 'Appeal upheld',
      content: { kind: 'user', id: user.userId },
    });
  });

  it('an Idempotency-Key replays the reinstatement; reinstating again is 409 not_suspended; an unknown user 404; a bad id or note 400', async () => {
    const user = await suspended();
    const key = `reinstate-${user.userId}`;
    const first = record(
      await asAdmin.post(`/api/admin/users/${user.userId}/reinstate`, {}, { 'idempotency-key': key }),
    );
    const retry = await asAdmin.post(`/api/admin/users/${user.userId}/reinstate`, {}, { 'idempotency-key': key });
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json()).toEqual(first.json());
    expect(first.json().reinstatedAt).toEqual(expect.any(String));
    expect(
      (await h.store.readStream(ACCOUNTS_STREAMS.user(user.userId))).filter((e) => e.type === 'AccountReinstated'),
    ).toHaveLength(1);

    const again = await asAdmin.post(`/api/admin/users/${user.userId}/reinstate`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'not_suspended', field: 'userId' });
    const unknown = await asAdmin.post(`/api/admin/users/${randomUUID()}/reinstate`, {});
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'not_found']);
    expect((await asAdmin.post('/api/admin/users/nope/reinstate', {})).json()).toMatchObject({
      error: 'validation_failed',
      field: 'userId',
    });
    expect(
      (await asAdmin.post(`/api/admin/users/${user.userId}/reinstate`, { note: 'x'.repeat(1001) })).json(),
    ).toMatchObject({ error: 'validation_failed', field: 'note' });
  });

  it('a reinstated user can be suspended again by a new removal', async () => {
    const user = await suspended();
    record(await asAdmin.post(`/api/admin/users/${user.userId}/reinstate`, {}));
    const reporter = await h.api.signedInUser(`late_${suffix}`);
    const filed = record(
      await h
        .client({ cookie: reporter.cookie })
        .post('/api/reports', { contentType: 'user', contentId: user.userId, reportReason: 'spam' }),
    );
    expect(
      record(await asMod.put(`/api/reports/${filed.json().report.id as string}`, { status: 'resolved' })).statusCode,
    ).toBe(200);
    await settled();
    expect(
      (await h.store.readStream(ACCOUNTS_STREAMS.user(user.userId)))
        .map((e) => e.type)
        .filter((t) => t.startsWith('Content') || t === 'AccountReinstated'),
    ).toEqual(['ContentRemoved', 'AccountReinstated', 'ContentRemoved']);
    expect((await signIn(user.email, user.password)).statusCode).toBe(403);
  });

  it('a replay from 0 rebuilds the users, reports and timelines read models equal to the live ones', async () => {
    await settled();
    expect((await replayDifferences(h, usersProjection, ['users', 'deleted_usernames'])).differences).toEqual({
      users: 0,
      deleted_usernames: 0,
    });
    expect((await replayDifferences(h, reportsProjection, ['reports', 'content_cards'])).differences).toEqual({
      reports: 0,
      content_cards: 0,
    });
    expect(
      (await replayDifferences(h, timelinesProjection, ['timeline_entries', 'stream_summaries'])).differences,
    ).toEqual({ timeline_entries: 0, stream_summaries: 0 });
  });
});
