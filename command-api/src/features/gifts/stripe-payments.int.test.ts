import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftsProjection, liveStreamsProjection } from '@myworld/projections';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { giftEventTypes, liveStream, postWebhook } from './gifts.testing.ts';
import { DEV_WEBHOOK_SECRET } from './payments/dev-payments.ts';

interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A stand-in for api.stripe.com on this machine: it records what the SDK sends and answers PaymentIntents. */
function fakeStripe() {
  const seen: SeenRequest[] = [];
  const state = { failing: false };
  const intents = new Map<string, Record<string, unknown>>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const answer = (status: number, json: object) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
        response.end(JSON.stringify(json));
      };
      if (state.failing)
        return answer(500, { error: { type: 'api_error', message: "Something went wrong on Stripe's end." } });
      if (request.method === 'POST' && request.url === '/v1/payment_intents') {
        const form = new URLSearchParams(body);
        const id = `pi_test_${intents.size + 1}`;
        const metadata = Object.fromEntries(
          [...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
        );
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          client_secret: `${id}_secret_abc`,
          metadata,
          status: 'requires_payment_method',
          livemode: false,
        };
        intents.set(id, intent);
        return answer(200, intent);
      }
      const retrieved =
        request.method === 'GET' && intents.get((request.url ?? '').replace('/v1/payment_intents/', ''));
      if (retrieved) return answer(200, retrieved);
      return answer(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${request.url})`,
        },
      });
    });
  });
  return { server, seen, state };
}

describe('gifts with Stripe: the PaymentIntent request exactly as the stripe SDK sends it, and Stripe-signed webhooks', () => {
  let h: Harness;
  let stripe: ReturnType<typeof fakeStripe>;
  let sender: SignedInUser;

  beforeAll(async () => {
    stripe = fakeStripe();
    await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
    const { port } = stripe.server.address() as AddressInfo;
    h = await startHarness({
      label: 'gifts_stripe',
      projections: [liveStreamsProjection, giftsProjection],
      env: {
        STRIPE_SECRET_KEY: 'sk_test_gifts',
        STRIPE_WEBHOOK_SECRET: 'whsec_test_gifts',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_gifts',
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      },
    });
    sender = await h.api.signedInUser(`stripe_sender_${Date.now()}`);
  });
  afterAll(async () => {
    await h?.stop();
    await new Promise<void>((resolve) => (stripe ? stripe.server.close(() => resolve()) : resolve()));
  });

  const sendGift = (streamId: string, body: object, key?: string) =>
    h.api.app.inject({
      method: 'POST',
      url: `/api/streams/${streamId}/gift`,
      headers: { cookie: sender.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });

  it('POST /v1/payment_intents: form-encoded amount, currency and metadata, the Idempotency-Key and the secret key; the route answers the client secret', async () => {
    const { streamId } = await liveStream(h.api);
    const before = stripe.seen.length;
    const sent = await sendGift(streamId, { giftType: 'star', quantity: 3, message: 'Hello' });
    expect(sent.statusCode).toBe(201);
    const { giftId } = sent.json();
    expect(sent.json()).toMatchObject({
      paymentIntentId: 'pi_test_1',
      clientSecret: 'pi_test_1_secret_abc',
      amountCents: 3_000,
      confirmUrl: `/payments/confirm?payment_intent=pi_test_1&client_secret=pi_test_1_secret_abc&return_to=/stream/${streamId}`,
    });

    const [request, ...more] = stripe.seen.slice(before);
    expect(more).toEqual([]);
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/payment_intents');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.headers.authorization).toBe('Bearer sk_test_gifts');
    expect(request!.headers['idempotency-key']).toBe(`gift-${giftId}`);
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      amount: '3000',
      currency: 'usd',
      'metadata[giftId]': giftId,
      'metadata[streamId]': streamId,
      'metadata[senderId]': sender.userId,
      'metadata[giftType]': 'star',
      'metadata[quantity]': '3',
    });
    const [requested] = await h.store.readStream(`gift-${giftId}`);
    expect(requested!.data).toMatchObject({ paymentIntentId: 'pi_test_1', amountCents: 3_000 });
  });

  it('a retried request (same Idempotency-Key) answers the same gift and client secret, reading the PaymentIntent back', async () => {
    const { streamId } = await liveStream(h.api);
    const first = await sendGift(streamId, { giftType: 'rose' }, `stripe-retry-${streamId}`);
    const before = stripe.seen.length;
    const again = await sendGift(streamId, { giftType: 'rose' }, `stripe-retry-${streamId}`);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(stripe.seen.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /v1/payment_intents/${first.json().paymentIntentId}`,
    ]);
  });

  it('Stripe failing on its side: 503 and nothing recorded; the retry with the same key then sends the gift once', async () => {
    const { streamId } = await liveStream(h.api);
    const key = `stripe-down-${streamId}`;
    stripe.state.failing = true;
    try {
      const sent = await sendGift(streamId, { giftType: 'rose' }, key);
      expect([sent.statusCode, sent.json().error]).toEqual([503, 'payments_unavailable']);
    } finally {
      stripe.state.failing = false;
    }
    const retried = await sendGift(streamId, { giftType: 'rose' }, key);
    expect(retried.statusCode).toBe(201);
    expect(await giftEventTypes(h, retried.json().giftId)).toEqual(['GiftRequested']);
  });

  it('webhooks are checked with STRIPE_WEBHOOK_SECRET (the development secret is refused); the payment config names Stripe; the development pages are not there', async () => {
    const { streamId } = await liveStream(h.api);
    const sent = (await sendGift(streamId, { giftType: 'heart', quantity: 2 })).json();
    const event = {
      id: 'evt_test_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: sent.paymentIntentId,
          object: 'payment_intent',
          amount: 1_000,
          status: 'succeeded',
          metadata: { giftId: sent.giftId, streamId },
        },
      },
    };
    const payload = JSON.stringify(event);
    expect((await postWebhook(h.api, payload, { secret: DEV_WEBHOOK_SECRET })).statusCode).toBe(400);
    expect((await postWebhook(h.api, payload, { secret: 'whsec_test_gifts' })).json()).toEqual({ received: true });
    expect(await giftEventTypes(h, sent.giftId)).toEqual(['GiftRequested', 'GiftPaid']);

    expect((await h.api.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_gifts',
    });
    expect((await h.api.app.inject({ method: 'GET', url: `/dev/payments/${sent.paymentIntentId}` })).statusCode).toBe(
      404,
    );
    expect(
      (
        await h.api.app.inject({
          method: 'POST',
          url: `/dev/payments/${sent.paymentIntentId}/confirm`,
          headers: { cookie: sender.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a dispute names only its charge and PaymentIntent: the gift is found by reading the PaymentIntent back from Stripe, and a lost one is recorded once', async () => {
    const { streamId } = await liveStream(h.api);
    const sent = (await sendGift(streamId, { giftType: 'star', quantity: 1 })).json();
    const signed = (event: object) => postWebhook(h.api, JSON.stringify(event), { secret: 'whsec_test_gifts' });
    const paid = {
      id: 'evt_test_paid',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: sent.paymentIntentId, object: 'payment_intent', metadata: { giftId: sent.giftId } } },
    };
    expect((await signed(paid)).statusCode).toBe(200);
    const dispute = (type: string, status: string) => ({
      id: `evt_${type}`,
      object: 'event',
      type,
      data: {
        object: {
          id: 'dp_test_1',
          object: 'dispute',
          amount: 1_000,
          charge: 'ch_test_1',
          currency: 'usd',
          metadata: {},
          payment_intent: sent.paymentIntentId,
          reason: 'fraudulent',
          status,
        },
      },
    });
    const before = stripe.seen.length;
    for (const event of [
      dispute('charge.dispute.created', 'needs_response'),
      dispute('charge.dispute.closed', 'lost'),
      dispute('charge.dispute.closed', 'lost'),
    ]) {
      expect((await signed(event)).json()).toEqual({ received: true });
    }
    expect(stripe.seen.slice(before).map((r) => `${r.method} ${r.url}`)).toContain(
      `GET /v1/payment_intents/${sent.paymentIntentId}`,
    );
    const events = await h.store.readStream(`gift-${sent.giftId}`);
    expect(events.map((e) => e.type)).toEqual(['GiftRequested', 'GiftPaid', 'GiftDisputed', 'GiftDisputeClosed']);
    expect(events.at(-1)!.data).toMatchObject({ disputeId: 'dp_test_1', status: 'lost', reversedCents: 1_000 });
  });
});
