import { afterAll, beforeAll, describe } from 'vitest';
import { postsProjection, recommendationsProjection, trendingProjection } from '@myworld/projections';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { recommendations } from './index.ts';

describe('recommendations: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      label: 'recommendations_access',
      projections: [postsProjection, recommendationsProjection, trendingProjection],
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });

  // Both are the caller's own: any signed-in user gets theirs, visitors get 401.
  const matrix: AccessMatrix<TestClient> = {
    'GET /api/recommendations': { call: ({ client }) => client.get('/api/recommendations'), allowed: 200 },
    'GET /api/user-preferences': { call: ({ client }) => client.get('/api/user-preferences'), allowed: 200 },
  };

  testAccessMatrix(recommendations, matrix, { visitor: async () => h.client(), user: signedIn });
});
