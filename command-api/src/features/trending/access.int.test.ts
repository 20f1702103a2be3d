import { afterAll, beforeAll, describe } from 'vitest';
import { searchProjection, trendingProjection } from '@myworld/projections';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { trending } from './index.ts';

describe('trending: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'trending_access', projections: [searchProjection, trendingProjection] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });

  // Open to visitors: /search with an empty query and /discover show it signed out.
  const matrix: AccessMatrix<TestClient> = {
    'GET /api/trending': { call: ({ client }) => client.get('/api/trending'), allowed: 200 },
  };

  testAccessMatrix(trending, matrix, { visitor: async () => h.client(), user: signedIn });
});
