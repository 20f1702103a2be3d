import { afterAll, beforeAll, describe } from 'vitest';
import { analyticsProjection, usersProjection } from '@myworld/projections';
import type { Role } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { testModerators } from '../moderation/moderation.testing.ts';
import { analytics } from './index.ts';

describe('analytics: who may call each route', () => {
  let h: Harness;
  const roles = testModerators();
  /** Each signed-in client's user id, to name the owner in the URL. */
  const ids = new WeakMap<TestClient, string>();
  beforeAll(async () => {
    h = await startHarness({
      label: 'analytics_access',
      projections: [analyticsProjection, usersProjection],
      app: { roles },
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** A signed-in user (holding `role`), once the analytics read model knows them. */
  const signedIn = async (role?: Role): Promise<TestClient> => {
    const user = await h.api.signedInUser();
    if (role) roles.add(user.userId, role);
    await h.readModels.waitFor('analytics', (await h.store.readStream(`user-${user.userId}`)).at(-1)!.position, 10_000);
    const client = h.client({ cookie: user.cookie });
    ids.set(client, user.userId);
    return client;
  };

  const matrix: AccessMatrix<TestClient> = {
    'GET /api/analytics/:userId': {
      call: async ({ client, owner }) => client.get(`/api/analytics/${ids.get(owner)}?timeframe=24h`),
      allowed: 200,
    },
    'GET /api/analytics/access': { call: async ({ client }) => client.get('/api/analytics/access'), allowed: 200 },
  };

  // From each route's declared auth: a creator's analytics for the creator and analysts only (no
  // other user, moderator or admin); the access audit for admins only.
  testAccessMatrix(analytics, matrix, {
    visitor: async () => h.client(),
    user: () => signedIn(),
    staff: {
      moderator: () => signedIn('moderator'),
      analyst: () => signedIn('analyst'),
      admin: () => signedIn('admin'),
    },
  });
});
