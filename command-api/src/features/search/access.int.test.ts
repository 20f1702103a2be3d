import { afterAll, beforeAll, describe } from 'vitest';
import { postsProjection, searchProjection, trendingProjection } from '@myworld/projections';
import { appendTextPost } from '@myworld/projections/testing';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { search } from './index.ts';

describe('search: who may call each route', () => {
  let h: Harness;
  let last = '';
  beforeAll(async () => {
    h = await startHarness({
      label: 'search_access',
      projections: [postsProjection, searchProjection, trendingProjection],
    });
    const author = await h.api.signedInUser();
    last = (await appendTextPost(h.store, author.userId, 'Open to everyone #lighthouse')).position;
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });
  const get = (client: TestClient, url: string) => client.get(url, { 'x-min-position': last });

  // Search and the hashtag pages are open to visitors (/search and /discover work signed out).
  const matrix: AccessMatrix<TestClient> = {
    'GET /api/search': { call: ({ client }) => get(client, '/api/search?q=lighthouse'), allowed: 200 },
    'GET /api/search/:query': { call: ({ client }) => get(client, '/api/search/lighthouse'), allowed: 200 },
    'GET /api/hashtags/:tag': { call: ({ client }) => get(client, '/api/hashtags/lighthouse'), allowed: 200 },
    'GET /api/hashtags/:tag/posts': {
      call: ({ client }) => get(client, '/api/hashtags/lighthouse/posts'),
      allowed: 200,
    },
  };

  testAccessMatrix(search, matrix, { visitor: async () => h.client(), user: signedIn });
});
