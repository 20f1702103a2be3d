import { afterAll, beforeAll, describe } from 'vitest';
import { postsProjection } from '@myworld/projections';
import { sampleWebM, uploadToStore, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { posts } from './index.ts';

describe('posts: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'posts_access', storage: true, projections: [postsProjection] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });

  const matrix: AccessMatrix<TestClient> = {
    'POST /api/text-posts': {
      call: ({ client }) => client.post('/api/text-posts', { content: 'Hello' }),
      allowed: 201,
    },
    'POST /api/videos': {
      // A visitor cannot upload: it tries with the owner's upload.
      call: async ({ client, owner, caller }) =>
        client.post('/api/videos', {
          videoUrl: await uploadToStore(caller === 'visitor' ? owner : client, await sampleWebM()),
        }),
      allowed: 201,
    },
    // Anyone reads a published post.
    'GET /api/posts/:id': {
      call: async ({ client, owner }) => {
        const { post, position } = (await owner.post('/api/text-posts', { content: 'Read me' })).json() as {
          post: { id: string };
          position: string;
        };
        return client.get(`/api/posts/${post.id}`, { 'x-min-position': position });
      },
      allowed: 200,
    },
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
