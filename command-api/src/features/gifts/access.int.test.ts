import { afterAll, beforeAll, describe } from 'vitest';
import { giftsProjection, liveStreamsProjection } from '@myworld/projections';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { liveStream, postWebhook } from './gifts.testing.ts';
import { gifts } from './index.ts';

describe('gifts: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'gifts_access', projections: [liveStreamsProjection, giftsProjection] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });

  /** A gift `owner` sent to someone else's live stream: its PaymentIntent belongs to `owner`. */
  const giftOf = async (owner: TestClient) => {
    const { streamId } = await liveStream(h.api);
    const sent = await owner.post(`/api/streams/${streamId}/gift`, { giftType: 'rose' });
    if (sent.statusCode !== 201) throw new Error(`gift failed: ${sent.statusCode} ${sent.body}`);
    return sent.json() as { giftId: string; paymentIntentId: string };
  };

  const matrix: AccessMatrix<TestClient> = {
    'GET /api/gifts': { call: ({ client }) => client.get('/api/gifts'), allowed: 200 },
    'POST /api/streams/:id/gift': {
      call: async ({ client }) =>
        client.post(`/api/streams/${(await liveStream(h.api)).streamId}/gift`, { giftType: 'rose' }),
      allowed: 201,
    },
    'GET /api/payments/config': { call: ({ client }) => client.get('/api/payments/config'), allowed: 200 },
    // The provider calls it, signed: anyone may deliver, only a valid signature is believed.
    'POST /api/payments/webhook': {
      call: () =>
        postWebhook(
          h.api,
          JSON.stringify({
            id: 'evt_access',
            object: 'event',
            type: 'customer.created',
            data: { object: { id: 'cus_1', object: 'customer' } },
          }),
        ),
      allowed: 200,
    },
    'GET /api/earnings': { call: ({ client }) => client.get('/api/earnings'), allowed: 200 },
    'GET /dev/payments/:paymentIntentId': {
      call: async ({ client, owner }) => client.get(`/dev/payments/${(await giftOf(owner)).paymentIntentId}`),
      allowed: 200,
    },
    // Only the payer acts on their PaymentIntent.
    'POST /dev/payments/:paymentIntentId/confirm': {
      call: async ({ client, owner }) => client.post(`/dev/payments/${(await giftOf(owner)).paymentIntentId}/confirm`),
      allowed: 200,
      otherUser: 403,
    },
    'POST /dev/payments/:paymentIntentId/decline': {
      call: async ({ client, owner }) => client.post(`/dev/payments/${(await giftOf(owner)).paymentIntentId}/decline`),
      allowed: 200,
      otherUser: 403,
    },
    'POST /dev/payments/:paymentIntentId/refund': {
      call: async ({ client, owner }) => {
        const { paymentIntentId } = await giftOf(owner);
        await owner.post(`/dev/payments/${paymentIntentId}/confirm`);
        return client.post(`/dev/payments/${paymentIntentId}/refund`, {});
      },
      allowed: 200,
      otherUser: 403,
    },
  };

  testAccessMatrix(gifts, matrix, { visitor: async () => h.client(), user: signedIn });
});
