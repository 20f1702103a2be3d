import { afterAll, beforeAll, describe } from 'vitest';
import { conversationsProjection } from '@myworld/projections';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { messages } from './index.ts';

describe('messages: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'messages_access', projections: [conversationsProjection] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });
  /** Someone to write to who is neither the caller nor the owner. */
  const someone = async () => (await h.api.signedInUser()).userId;
  /** The owner's conversation with someone, holding one message; the other user names the same person and gets their own. */
  const conversationOf = async (owner: TestClient) => {
    const otherUserId = await someone();
    await owner.post('/api/messages', { receiverId: otherUserId, content: 'Hi' });
    return otherUserId;
  };

  // Every route is the caller's own by construction (no conversation id to name), so another user is let in to their own.
  const matrix: AccessMatrix<TestClient> = {
    'POST /api/messages': {
      call: async ({ client }) => client.post('/api/messages', { receiverId: await someone(), content: 'Hello' }),
      allowed: 201,
    },
    'GET /api/conversations': { call: async ({ client }) => client.get('/api/conversations'), allowed: 200 },
    'GET /api/messages/:otherUserId': {
      call: async ({ client, owner }) => client.get(`/api/messages/${await conversationOf(owner)}`),
      allowed: 200,
    },
    'PUT /api/messages/:otherUserId/read': {
      call: async ({ client, owner }) => client.put(`/api/messages/${await conversationOf(owner)}/read`),
      allowed: 200,
    },
  };

  testAccessMatrix(messages, matrix, { visitor: async () => h.client(), user: signedIn });
});
