import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_MESSAGES, START } from '@myworld/schemas';
import { startHarness, type Harness } from '../../testing/index.ts';
import { signedDevWebhook } from './payments/dev-payment-events.ts';
import { DEV_WEBHOOK_SECRET } from './payments/dev-payments.ts';
import { liveStream } from './gifts.testing.ts';

/**
 * On a HOST other machines can reach, the development payment provider does not run (its webhook
 * secret is public): with no Stripe keys, gifts are refused with 503 and nothing is recorded, its
 * pages do not exist, and a webhook signed with its secret is not believed. /dev/outbox, which
 * runs under the same condition, is gone too.
 */
describe('the development payment provider runs only where /dev/outbox does', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      label: 'dev_payments_scope',
      projections: [],
      // A development process bound to every interface (the secrets must then be its own).
      env: {
        NODE_ENV: 'development',
        HOST: '0.0.0.0',
        TOKEN_SECRET: 'a-token-secret-of-this-deployment-0123456789',
        PERSONAL_DATA_SECRET: 'a-personal-data-secret-of-this-deployment-0123',
      },
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('names no provider, refuses gifts with 503 before recording anything, and believes no development-signed webhook', async () => {
    expect((await h.client().get('/api/payments/config')).json()).toEqual({ provider: 'none', publishableKey: null });

    const { streamId } = await liveStream(h.api);
    const sender = await h.api.signedInUser(`scope_sender_${Date.now()}`);
    const refused = await h
      .client({ cookie: sender.cookie })
      .post(`/api/streams/${streamId}/gift`, { giftType: 'star', quantity: 1 });
    expect([refused.statusCode, refused.json()]).toEqual([
      503,
      { error: 'payments_unavailable', message: GIFT_MESSAGES.paymentsUnavailable },
    ]);
    const log = await h.store.readAll({ after: START, maxCount: 1_000 });
    expect(log.filter((e) => e.type.startsWith('Gift'))).toEqual([]);

    const event = {
      id: 'evt_dev_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: { id: 'pi_dev_000000000000000000000000', object: 'payment_intent', metadata: { giftId: 'any' } },
      },
    };
    const { payload, signature } = signedDevWebhook(event, DEV_WEBHOOK_SECRET);
    const forged = await h.api.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect([forged.statusCode, forged.json().error]).toEqual([400, 'bad_signature']);
  });

  it('its pages and actions do not exist, nor /dev/outbox', async () => {
    const user = await h.api.signedInUser(`scope_payer_${Date.now()}`);
    const id = 'pi_dev_000000000000000000000000';
    expect((await h.client().get(`/dev/payments/${id}`)).statusCode).toBe(404);
    expect((await h.client({ cookie: user.cookie }).post(`/dev/payments/${id}/confirm`)).statusCode).toBe(404);
    expect((await h.client().get('/dev/outbox')).statusCode).toBe(404);
  });
});
