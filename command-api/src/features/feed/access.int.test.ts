import { afterAll, beforeAll, describe } from 'vitest';
import { postsProjection } from '@myworld/projections';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { feed } from './index.ts';

describe('feed: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'feed_access', projections: [postsProjection] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });

  // For You and the category pages are open to visitors (discover shows them); Following needs a signed-in user (tested in feed.int.test.ts).
  const matrix: AccessMatrix<TestClient> = {
    'GET /api/feed': { call: ({ client }) => client.get('/api/feed'), allowed: 200 },
    'GET /api/videos/category/:category': {
      call: ({ client }) => client.get('/api/videos/category/music'),
      allowed: 200,
    },
  };

  testAccessMatrix(feed, matrix, { visitor: async () => h.client(), user: signedIn });
});
