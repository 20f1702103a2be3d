import { afterAll, beforeAll, describe } from 'vitest';
import { postsProjection } from '@myworld/projections';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { engagement } from './index.ts';

describe('engagement: who may call each route', () => {
  let h: Harness;
  let author: TestClient;
  beforeAll(async () => {
    // The answers read counts from the posts read model.
    h = await startHarness({ label: 'engagement_access', projections: [postsProjection] });
    author = await signedIn();
  });
  afterAll(async () => {
    await h?.stop();
  });

  async function signedIn(): Promise<TestClient> {
    return h.client({ cookie: (await h.api.signedInUser()).cookie });
  }
  /** A post by someone who is neither the caller nor the owner. */
  const somePost = async () =>
    ((await author.post('/api/text-posts', { content: 'Engage with me' })).json() as { post: { id: string } }).post.id;

  const matrix: AccessMatrix<TestClient> = {
    'POST /api/posts/:id/like': {
      call: async ({ client }) => client.post(`/api/posts/${await somePost()}/like`),
      allowed: 200,
    },
    'DELETE /api/posts/:id/like': {
      call: async ({ client }) => client.delete(`/api/posts/${await somePost()}/like`),
      allowed: 200,
    },
    // Comments of a published post are public.
    'GET /api/posts/:id/comments': {
      call: async ({ client }) => {
        const postId = await somePost();
        await h.readModels.waitFor('posts', author.lastPosition!, 5_000);
        return client.get(`/api/posts/${postId}/comments`);
      },
      allowed: 200,
    },
    'POST /api/posts/:id/comments': {
      call: async ({ client }) => client.post(`/api/posts/${await somePost()}/comments`, { content: 'Nice' }),
      allowed: 201,
    },
    // Only its writer deletes a comment.
    'DELETE /api/posts/:id/comments/:commentId': {
      call: async ({ client, owner }) => {
        const postId = await somePost();
        const { comment } = (await owner.post(`/api/posts/${postId}/comments`, { content: 'Mine' })).json() as {
          comment: { id: string };
        };
        return client.delete(`/api/posts/${postId}/comments/${comment.id}`);
      },
      allowed: 200,
      otherUser: 403,
    },
    'POST /api/posts/:id/share': {
      call: async ({ client }) => client.post(`/api/posts/${await somePost()}/share`),
      allowed: 200,
    },
    'POST /api/user-interactions': {
      call: async ({ client }) =>
        client.post('/api/user-interactions', { contentId: await somePost(), interactionType: 'view' }),
      allowed: 200,
    },
  };

  testAccessMatrix(engagement, matrix, { visitor: async () => h.client(), user: signedIn });
});
