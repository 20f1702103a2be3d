import { afterAll, beforeAll, describe } from 'vitest';
import { storiesProjection } from '@myworld/projections';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { stories } from './index.ts';
import { storyFormBody } from './stories.testing.ts';
import { readModelsCaughtUp } from '../../platform/http/read-model-testing.ts';

describe('stories: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'stories_access', storage: true, projections: [storiesProjection] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });
  /** A story of `owner`'s. */
  const storyOf = async (owner: TestClient) => {
    const { payload, headers } = await storyFormBody({ mediaType: 'text', content: 'Access' });
    return ((await owner.post('/api/stories', payload, headers)).json() as { story: { id: string } }).story.id;
  };

  const matrix: AccessMatrix<TestClient> = {
    'POST /api/stories': {
      call: async ({ client }) => {
        const { payload, headers } = await storyFormBody({ mediaType: 'text', content: 'Hello' });
        return client.post('/api/stories', payload, headers);
      },
      allowed: 201,
    },
    'GET /api/stories': { call: ({ client }) => client.get('/api/stories'), allowed: 200 },
    // Any signed-in user views a live story (the author's own view counts nothing, but is answered).
    'POST /api/stories/:id/view': {
      call: async ({ client, owner }) => client.post(`/api/stories/${await storyOf(owner)}/view`),
      allowed: 200,
    },
    // Only its author sees who viewed a story.
    'GET /api/stories/:id/viewers': {
      call: async ({ client, owner }) => {
        const id = await storyOf(owner);
        await readModelsCaughtUp(h, ['stories']);
        return client.get(`/api/stories/${id}/viewers`);
      },
      allowed: 200,
      otherUser: 403,
    },
  };

  testAccessMatrix(stories, matrix, { visitor: async () => h.client(), user: signedIn });
});
