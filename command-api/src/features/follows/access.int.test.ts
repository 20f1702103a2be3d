import { afterAll, beforeAll, describe } from 'vitest';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { follows } from './index.ts';

describe('follows: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'follows_access', projections: [] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });
  /** Someone to follow who is neither the caller nor the owner. */
  const someone = async () => (await h.api.signedInUser()).userId;

  const matrix: AccessMatrix<TestClient> = {
    'POST /api/users/:id/follow': {
      call: async ({ client }) => client.post(`/api/users/${await someone()}/follow`),
      allowed: 200,
    },
    'DELETE /api/users/:id/follow': {
      call: async ({ client }) => client.delete(`/api/users/${await someone()}/follow`),
      allowed: 200,
    },
  };

  testAccessMatrix(follows, matrix, { visitor: async () => h.client(), user: signedIn });
});
