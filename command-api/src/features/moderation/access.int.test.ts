import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsProjection, timelinesProjection, usersProjection } from '@myworld/projections';
import { parsePosition, type Role } from '@myworld/schemas';
import { startHarness, type Harness, type TestClient } from '@myworld/testkit';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { moderation } from './index.ts';
import { testModerators } from './moderation.testing.ts';

describe('moderation: who may call each route', () => {
  let h: Harness;
  const moderators = testModerators();
  beforeAll(async () => {
    h = await startHarness({ label: 'moderation_access', projections: [reportsProjection, timelinesProjection, usersProjection], app: { roles: moderators } });
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
    const filed = await owner.post('/api/reports', { contentType: 'text_post', contentId: randomUUID(), reportReason: 'spam', description: '' });
    expect(filed.statusCode).toBe(201);
    return filed.json().report.id as string;
  };

  const matrix: AccessMatrix<TestClient> = {
    'POST /api/reports': { call: async ({ client }) => client.post('/api/reports', { contentType: 'video', contentId: randomUUID(), reportReason: 'other' }), allowed: 201 },
    'GET /api/reports': { call: async ({ client }) => client.get('/api/reports'), allowed: 200 },
    'PUT /api/reports/:id': { call: async ({ client, owner }) => client.put(`/api/reports/${await pendingReport(owner)}`, { status: 'reviewing' }), allowed: 200 },
    'GET /api/reports/:id/timeline': {
      call: async ({ client, owner }) => {
        const filed = await owner.post('/api/reports', { contentType: 'text_post', contentId: randomUUID(), reportReason: 'spam', description: '' });
        expect(await h.readModels.waitFor('timelines', parsePosition(filed.json().position as string), 10_000)).toBe(true);
        return client.get(`/api/reports/${filed.json().report.id as string}/timeline`);
      },
      allowed: 200,
    },
    'GET /api/reports/stats': { call: async ({ client }) => client.get('/api/reports/stats'), allowed: 200 },
    'GET /api/moderation/settings': { call: async ({ client }) => client.get('/api/moderation/settings'), allowed: 200 },
    'GET /api/reports/reasons': { call: async ({ client }) => client.get('/api/reports/reasons'), allowed: 200 },
    'PUT /api/moderation/settings': { call: async ({ client }) => client.put('/api/moderation/settings', { autoHideThreshold: 5 }), allowed: 200 },
  };

  // From each route's declared auth: visitor 401; a user 403 on the moderator routes; a moderator
  // on every moderator route, on reports others filed too, but 403 on the admins' settings change;
  // an admin (without the moderator role) there only.
  testAccessMatrix(moderation, matrix, { visitor: async () => h.client(), user: signedIn, staff: { moderator: holding('moderator'), analyst: holding('analyst'), admin: holding('admin') } });

  it('a reporter cannot act on their own report (403): acting takes the moderator role', async () => {
    const reporter = await signedIn();
    const id = await pendingReport(reporter);
    const answer = await reporter.put(`/api/reports/${id}`, { status: 'dismissed' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ error: 'forbidden', message: 'You do not have permission to do this.' });
  });
});
