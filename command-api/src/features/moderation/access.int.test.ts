import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { reportsProjection, timelinesProjection, usersProjection } from '@myworld/projections';
import { ACCOUNTS_STREAMS, parsePosition, postStreamName, type Role } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { moderation } from './index.ts';
import { moderationSettled, testModerators } from './moderation.testing.ts';

describe('moderation: who may call each route', () => {
  let h: Harness;
  const moderators = testModerators();
  beforeAll(async () => {
    h = await startHarness({
      workers: true,
      label: 'moderation_access',
      projections: [reportsProjection, timelinesProjection, usersProjection],
      app: { roles: moderators },
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });
  const holding = (role: Role) => async (): Promise<TestClient> => {
    const user = await h.api.signedInUser();
    moderators.add(user.userId, role);
    return h.client({ cookie: user.cookie });
  };
  /** A pending report filed by `owner`, for the moderation calls. */
  const pendingReport = async (owner: TestClient): Promise<string> => {
    const filed = await owner.post('/api/reports', {
      contentType: 'text_post',
      contentId: randomUUID(),
      reportReason: 'spam',
      description: '',
    });
    expect(filed.statusCode).toBe(201);
    return filed.json().report.id as string;
  };

  /** A user a moderator removed (suspended), known to the reports read model: what an admin reinstates. */
  const suspendedUser = async (): Promise<string> => {
    const { userId } = await h.api.signedInUser();
    const removed = await h.store.append(ACCOUNTS_STREAMS.user(userId), expected.any, [
      {
        id: randomUUID(),
        type: 'ContentRemoved',
        data: {
          contentType: 'user',
          contentId: userId,
          authorId: userId,
          moderatorId: randomUUID(),
          reportIds: [],
          note: 'Spam',
          removedAt: new Date().toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    expect(await h.readModels.waitFor('reports', removed.position, 10_000)).toBe(true);
    return userId;
  };

  const matrix: AccessMatrix<TestClient> = {
    'POST /api/reports': {
      call: async ({ client }) =>
        client.post('/api/reports', { contentType: 'video', contentId: randomUUID(), reportReason: 'other' }),
      allowed: 201,
    },
    'GET /api/reports': { call: async ({ client }) => client.get('/api/reports'), allowed: 200 },
    'PUT /api/reports/:id': {
      call: async ({ client, owner }) =>
        client.put(`/api/reports/${await pendingReport(owner)}`, { status: 'reviewing' }),
      allowed: 200,
    },
    'GET /api/reports/:id/timeline': {
      call: async ({ client, owner }) => {
        const filed = await owner.post('/api/reports', {
          contentType: 'text_post',
          contentId: randomUUID(),
          reportReason: 'spam',
          description: '',
        });
        expect(await h.readModels.waitFor('timelines', parsePosition(filed.json().position as string), 10_000)).toBe(
          true,
        );
        return client.get(`/api/reports/${filed.json().report.id as string}/timeline`);
      },
      allowed: 200,
    },
    'GET /api/reports/stats': { call: async ({ client }) => client.get('/api/reports/stats'), allowed: 200 },
    'GET /api/moderation/settings': {
      call: async ({ client }) => client.get('/api/moderation/settings'),
      allowed: 200,
    },
    'GET /api/reports/reasons': { call: async ({ client }) => client.get('/api/reports/reasons'), allowed: 200 },
    'PUT /api/moderation/settings': {
      call: async ({ client }) => client.put('/api/moderation/settings', { autoHideThreshold: 5 }),
      allowed: 200,
    },
    'POST /api/admin/users/:userId/reinstate': {
      call: async ({ client }) => client.post(`/api/admin/users/${await suspendedUser()}/reinstate`, {}),
      allowed: 200,
    },
  };

  // From each route's declared auth: visitor 401; a user 403 on the moderator routes; a moderator
  // on every moderator route, on reports others filed too, but 403 on the admins' settings change;
  // an admin (without the moderator role) there and on reinstating an account only.
  testAccessMatrix(moderation, matrix, {
    visitor: async () => h.client(),
    user: signedIn,
    staff: { moderator: holding('moderator'), analyst: holding('analyst'), admin: holding('admin') },
  });

  it('a reporter cannot act on their own report (403): acting takes the moderator role', async () => {
    const reporter = await signedIn();
    const id = await pendingReport(reporter);
    const answer = await reporter.put(`/api/reports/${id}`, { status: 'dismissed' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ error: 'forbidden', message: 'You do not have permission to do this.' });
  });

  /** A user holding `roles`, as a client, with their id. */
  const staff = async (...roles: Role[]) => {
    const user = await h.api.signedInUser();
    moderators.add(user.userId, ...roles);
    return { userId: user.userId, client: h.client({ cookie: user.cookie }) };
  };
  const fileOn = async (client: TestClient, contentType: string, contentId: string): Promise<string> => {
    const filed = await client.post('/api/reports', { contentType, contentId, reportReason: 'spam', description: '' });
    expect(filed.statusCode).toBe(201);
    expect(await h.readModels.waitFor('reports', parsePosition(filed.json().position as string), 10_000)).toBe(true);
    return filed.json().report.id as string;
  };

  it.each(['reviewing', 'resolved', 'dismissed'])(
    'a moderator cannot act (%s) on a report they filed (403 own_report); another moderator can',
    async (status) => {
      const mod = await staff('moderator');
      const id = await fileOn(mod.client, 'text_post', randomUUID());
      const answer = await mod.client.put(`/api/reports/${id}`, { status });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({
        error: 'own_report',
        field: 'id',
        message: 'You cannot act on a report you filed; another moderator will',
      });
      expect((await (await staff('moderator')).client.put(`/api/reports/${id}`, { status })).statusCode).toBe(200);
    },
  );

  it.each(['reviewing', 'resolved', 'dismissed'])(
    'a moderator cannot act (%s) on a report about their own post or their own profile (403 own_content)',
    async (status) => {
      const mod = await staff('moderator');
      const postId = randomUUID();
      const created = await h.store.append(postStreamName(postId), expected.noStream, [
        {
          id: randomUUID(),
          type: 'TextPostCreated',
          data: {
            postId,
            authorId: mod.userId,
            content: 'Mine',
            backgroundColor: '#ffffff',
            textColor: '#000000',
            fontStyle: 'normal',
            imageUrl: null,
            imageMediaId: null,
            createdAt: new Date().toISOString(),
          },
          metadata: testMetadata(),
        },
      ]);
      expect(await h.readModels.waitFor('reports', created.position, 10_000)).toBe(true);
      const reporter = await signedIn();
      for (const [contentType, contentId] of [
        ['text_post', postId],
        ['user', mod.userId],
      ] as const) {
        const id = await fileOn(reporter, contentType, contentId);
        const answer = await mod.client.put(`/api/reports/${id}`, { status });
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toMatchObject({ error: 'own_content', field: 'id' });
      }
      // Nothing was recorded on the post.
      expect((await h.store.readStream(postStreamName(postId))).map((e) => e.type)).toEqual(['TextPostCreated']);
    },
  );

  it.each(['moderator', 'analyst', 'admin'] as const)(
    'suspending (removing) a staff account holding %s takes an admin: a moderator gets 403, an admin moderator may',
    async (role) => {
      const target = await staff(role);
      const id = await fileOn(await signedIn(), 'user', target.userId);
      const refused = await (await staff('moderator')).client.put(`/api/reports/${id}`, { status: 'resolved' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'forbidden',
        field: 'id',
        message: 'Only an admin can suspend a staff account',
      });
      expect((await h.store.readStream(ACCOUNTS_STREAMS.user(target.userId))).map((e) => e.type)).toEqual([
        'UserRegistered',
      ]);
      // Reviewing or dismissing is still a moderator's.
      expect(
        (await (await staff('moderator')).client.put(`/api/reports/${id}`, { status: 'reviewing' })).statusCode,
      ).toBe(200);
      expect(
        (await (await staff('moderator', 'admin')).client.put(`/api/reports/${id}`, { status: 'resolved' })).statusCode,
      ).toBe(200);
      // The suspension follows the admin's decision in moderation's reactor.
      await moderationSettled(h, null, []);
      expect((await h.store.readStream(ACCOUNTS_STREAMS.user(target.userId))).map((e) => e.type)).toEqual([
        'UserRegistered',
        'ContentRemoved',
      ]);
    },
  );

  it('a moderator suspends a user without a role', async () => {
    const { userId: targetId } = await h.api.signedInUser();
    const id = await fileOn(await signedIn(), 'user', targetId);
    expect((await (await staff('moderator')).client.put(`/api/reports/${id}`, { status: 'resolved' })).statusCode).toBe(
      200,
    );
  });

  it('the queues dashboard (/admin/queues) needs the admin role: visitor 401, user 403, moderator 403, admin 200', async () => {
    const seen = {
      visitor: (await h.client().get('/admin/queues')).statusCode,
      user: (await (await signedIn()).get('/admin/queues')).statusCode,
      moderator: (await (await staff('moderator')).client.get('/admin/queues')).statusCode,
      admin: (await (await staff('admin')).client.get('/admin/queues')).statusCode,
    };
    expect(seen).toEqual({ visitor: 401, user: 403, moderator: 403, admin: 200 });
    // Its API and job actions too.
    expect((await (await signedIn()).get('/admin/queues/api/queues')).statusCode).toBe(403);
    expect([401, 403]).toContain((await h.client().put('/admin/queues/api/queues/any/retry/failed', {})).statusCode);
    expect((await (await staff('admin')).client.get('/admin/queues/api/queues')).statusCode).toBe(200);
  });
});
