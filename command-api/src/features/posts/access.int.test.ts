import { afterAll, beforeAll, describe } from 'vitest';
import { startHarness, type Harness, type TestClient } from '@myworld/testkit';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { posts } from './index.ts';

describe('posts: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'posts_access', projections: [] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });

  const matrix: AccessMatrix<TestClient> = {
    'POST /api/text-posts': { call: ({ client }) => client.post('/api/text-posts', { content: 'Hello' }), allowed: 201 },
    // Only its author deletes a post.
    'DELETE /api/posts/:id': {
      call: async ({ client, owner }) => {
        const { post } = (await owner.post('/api/text-posts', { content: 'Mine' })).json() as { post: { id: string } };
        return client.delete(`/api/posts/${post.id}`);
      },
      allowed: 200,
      otherUser: 403,
    },
  };

  testAccessMatrix(posts, matrix, { visitor: async () => h.client(), user: signedIn });
});
