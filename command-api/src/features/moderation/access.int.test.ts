import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsProjection } from '@myworld/projections';
import { startHarness, type Harness, type TestClient } from '@myworld/testkit';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { moderation } from './index.ts';
import { testModerators } from './moderation.testing.ts';

describe('moderation: who may call each route', () => {
  let h: Harness;
  const moderators = testModerators();
  beforeAll(async () => {
    h = await startHarness({ label: 'moderation_access', projections: [reportsProjection], app: { roles: moderators } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });
  const asModerator = async (): Promise<TestClient> => {
    const user = await h.api.signedInUser();
    moderators.add(user.userId);
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
  };

  // From each route's declared auth: visitor 401; a user 403 on the moderator routes; a moderator
  // everywhere, on reports others filed too.
  testAccessMatrix(moderation, matrix, { visitor: async () => h.client(), user: signedIn, staff: { moderator: asModerator } });

  it('a reporter cannot act on their own report (403): acting takes the moderator role', async () => {
    const reporter = await signedIn();
    const id = await pendingReport(reporter);
    const answer = await reporter.put(`/api/reports/${id}`, { status: 'dismissed' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ error: 'forbidden', message: 'You do not have permission to do this.' });
  });
});
