import { afterAll, beforeAll, describe } from 'vitest';
import { followsProjection, postsProjection, usersProjection } from '@myworld/projections';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { profiles } from './index.ts';
import { readModelsCaughtUp } from '../../platform/http/read-model-testing.ts';

describe('profiles: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      label: 'profiles_access',
      projections: [usersProjection, followsProjection, postsProjection],
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const ids = new WeakMap<TestClient, string>();
  const signedIn = async (): Promise<TestClient> => {
    const user = await h.api.signedInUser();
    const client = h.client({ cookie: user.cookie });
    ids.set(client, user.userId);
    // The profile is read from the users read model: let it catch up with the registration.
    await readModelsCaughtUp(h, ['users']);
    return client;
  };
  const ownerId = async (owner: TestClient) => ids.get(owner)!;

  // Profiles are public (search links reach them): everyone reads them.
  const matrix: AccessMatrix<TestClient> = {
    'GET /api/users/:userId/profile': {
      call: async ({ client, owner }) => client.get(`/api/users/${await ownerId(owner)}/profile`),
      allowed: 200,
    },
    'GET /api/users/:id/posts': {
      call: async ({ client, owner }) => client.get(`/api/users/${await ownerId(owner)}/posts`),
      allowed: 200,
    },
    'GET /api/users/:id/videos': {
      call: async ({ client, owner }) => client.get(`/api/users/${await ownerId(owner)}/videos`),
      allowed: 200,
    },
    'GET /api/users/:id/photos': {
      call: async ({ client, owner }) => client.get(`/api/users/${await ownerId(owner)}/photos`),
      allowed: 200,
    },
  };

  testAccessMatrix(profiles, matrix, { visitor: async () => h.client(), user: signedIn });
});
