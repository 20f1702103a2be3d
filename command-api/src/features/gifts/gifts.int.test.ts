import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftById, giftsProjection, liveStreamsProjection, type GiftsDb } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { DEFAULT_GIFT_CATALOGUE, GIFT_MESSAGES, sendGiftResponse } from '@myworld/schemas';
import { startHarness, type ApiInstance, type Harness, type SignedInUser } from '../../testing/index.ts';
import { gifts } from './index.ts';
import { devAction, giftEventTypes, liveStream, postWebhook, sendGift, webhookEventFor } from './gifts.testing.ts';

describe('gifts: sent, paid through the development provider, announced and counted (two API instances)', () => {
  let h: Harness;
  let a: ApiInstance;
  let b: ApiInstance;
  let sender: SignedInUser;

  beforeAll(async () => {
    h = await startHarness({ label: 'gifts', instances: 2, projections: [liveStreamsProjection, giftsProjection] });
    [a, b] = h.apis as [ApiInstance, ApiInstance];
    sender = await a.signedInUser(`gift_sender_${Date.now()}`);
  });
  afterAll(async () => {
    await h?.stop();
  });

  const earningsOf = async (user: SignedInUser, position?: string | null) => {
    const answer = await a.app.inject({
      method: 'GET',
      url: '/api/earnings',
      headers: { cookie: user.cookie, ...(position ? { 'x-min-position': position } : {}) },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const giftRow = async (giftId: string) => giftById(await h.readModels.query<GiftsDb>('gifts'), giftId);
  /** Waits until the gifts read model holds the gift's last event (the log's head is no guide while other databases' transactions are open). */
  const caughtUp = async (giftId: string) => {
    const last = (await h.store.readStream(`gift-${giftId}`)).at(-1)!;
    expect(await h.readModels.waitFor('gifts', last.position, 5_000)).toBe(true);
  };

  it('GET /api/gifts answers the catalogue cheapest first; GET /api/payments/config names the development provider', async () => {
    const catalogue = await a.app.inject({ method: 'GET', url: '/api/gifts' });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.json()).toEqual([...DEFAULT_GIFT_CATALOGUE]);
    expect((await a.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({
      provider: 'development',
      publishableKey: null,
    });
  });

  it('documents every gifts route with who may call it (the webhook too, though it has a parsing scope of its own)', async () => {
    const paths = (await a.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    for (const route of gifts.routes) {
      const op = paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toMatchObject({
        'x-auth': route.config.auth,
        tags: ['gifts'],
        summary: route.summary,
      });
    }
  });

  it('a gift creates a PaymentIntent (price × quantity) and GiftRequested, and answers where to confirm it', async () => {
    const { owner, streamId } = await liveStream(a);
    const sent = await sendGift(a, sender, streamId);
    expect(sendGiftResponse.parse(sent)).toMatchObject({
      amountCents: 3_000,
      confirmUrl: `/dev/payments/${sent.paymentIntentId}?return_to=/stream/${streamId}`,
    });
    expect(sent.paymentIntentId).toMatch(/^pi_dev_[0-9a-f]{24}$/);
    expect(sent.clientSecret).toMatch(new RegExp(`^${sent.paymentIntentId}_secret_`));
    expect(sent.position).not.toBeNull();
    expect(await giftEventTypes(h, sent.giftId)).toEqual(['GiftRequested']);
    const [requested] = await h.store.readStream(`gift-${sent.giftId}`);
    expect(requested!.data).toMatchObject({
      streamId,
      streamerId: owner.userId,
      senderId: sender.userId,
      giftType: 'star',
      emoji: '⭐',
      quantity: 3,
      message: 'Great show',
      unitPriceCents: 1_000,
      amountCents: 3_000,
      currency: 'usd',
      paymentIntentId: sent.paymentIntentId,
    });
    // The development PaymentIntent carries the gift in its metadata and lives a day or more.
    const intent = JSON.parse((await h.redis.get(`dev-payments:intent:${sent.paymentIntentId}`))!);
    expect(intent).toMatchObject({
      amount: 3_000,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { giftId: sent.giftId, streamId, senderId: sender.userId, giftType: 'star', quantity: '3' },
    });
    expect(await h.redis.ttl(`dev-payments:intent:${sent.paymentIntentId}`)).toBeGreaterThanOrEqual(86_400);

    const page = await a.app.inject({ method: 'GET', url: sent.confirmUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const text of [
      '⭐ 3 × star',
      '$30.00',
      GIFT_MESSAGES.final,
      '>Pay</button>',
      '>Decline</button>',
      `/dev/payments/${sent.paymentIntentId}/confirm?return_to=%2Fstream%2F${streamId}`,
    ])
      expect(page.body).toContain(text);
  });

  it('Pay on instance A: GiftPaid once, gift_received reaches a socket in the room on instance B, and the streamer earns it', async () => {
    const { owner, streamId } = await liveStream(a);
    const watcher = await b.socket();
    watcher.send({ type: 'join_stream', streamId });
    await watcher.next('stream_joined');

    const sent = await sendGift(a, sender, streamId, { giftType: 'diamond', quantity: 2, message: 'For you' });
    const paid = await devAction(a, sender, sent.paymentIntentId, 'confirm');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ paymentIntentId: sent.paymentIntentId, status: 'succeeded', amountRefundedCents: 0 });
    expect(await watcher.next('gift_received')).toEqual({
      type: 'gift_received',
      streamId,
      gift: {
        id: sent.giftId,
        giftType: 'diamond',
        emoji: '💎',
        quantity: 2,
        message: 'For you',
        sender: { id: sender.userId, username: sender.username },
      },
      totalGiftsReceived: 10_000,
    });
    expect(await giftEventTypes(h, sent.giftId)).toEqual(['GiftRequested', 'GiftPaid']);
    await caughtUp(sent.giftId);
    expect(await earningsOf(owner)).toMatchObject({
      userId: owner.userId,
      grossCents: 10_000,
      refundedCents: 0,
      netCents: 10_000,
      giftsReceived: 1,
    });
    expect(await giftRow(sent.giftId)).toMatchObject({
      status: 'paid',
      amount_cents: 10_000,
      refunded_cents: 0,
      payment_intent_id: sent.paymentIntentId,
      stream_id: streamId,
      streamer_id: owner.userId,
    });

    // Paying again is refused by the provider (already completed); the page says so.
    expect((await devAction(a, sender, sent.paymentIntentId, 'confirm')).json()).toMatchObject({
      error: 'payment_settled',
      message: GIFT_MESSAGES.paymentSettled,
    });
    expect((await a.app.inject({ method: 'GET', url: sent.confirmUrl })).body).toContain(GIFT_MESSAGES.paymentSettled);
    await watcher.close();
  });

  it('a webhook delivered three times records one GiftPaid and one credit in earnings (each answered 200)', async () => {
    const { owner, streamId } = await liveStream(a);
    const sent = await sendGift(a, sender, streamId, { giftType: 'rose', quantity: 5 });
    const payload = JSON.stringify(await webhookEventFor(h, sent.paymentIntentId, 'payment_intent.succeeded'));
    for (const api of [a, b, a]) {
      const delivered = await postWebhook(api, payload);
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json()).toEqual({ received: true });
    }
    expect(await giftEventTypes(h, sent.giftId)).toEqual(['GiftRequested', 'GiftPaid']);
    await caughtUp(sent.giftId);
    expect(await earningsOf(owner)).toMatchObject({ grossCents: 500, netCents: 500, giftsReceived: 1 });
  });

  it('refuses a wrong signature, a changed body, an old timestamp and no signature with 400 and records nothing', async () => {
    const { streamId } = await liveStream(a);
    const sent = await sendGift(a, sender, streamId);
    const payload = JSON.stringify(await webhookEventFor(h, sent.paymentIntentId, 'payment_intent.succeeded'));
    const refused = [
      await postWebhook(a, payload, { secret: 'whsec_someone_else' }),
      await postWebhook(a, payload.replace('"amount":3000', '"amount":1'), { signedPayload: payload }),
      await postWebhook(a, payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      await a.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json' },
        payload,
      }),
    ];
    expect(payload).toContain('"amount":3000');
    for (const answer of refused) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: 'bad_signature', message: GIFT_MESSAGES.badSignature });
    }
    expect(await giftEventTypes(h, sent.giftId)).toEqual(['GiftRequested']);
  });

  it('acknowledges event types it does not handle and events naming no gift, recording nothing', async () => {
    const { streamId } = await liveStream(a);
    const sent = await sendGift(a, sender, streamId);
    const event = await webhookEventFor(h, sent.paymentIntentId, 'payment_intent.succeeded');
    const other = await postWebhook(a, JSON.stringify({ ...event, type: 'payment_intent.created' }));
    expect([other.statusCode, other.json()]).toEqual([200, { received: true }]);
    const object = (event.data as { object: { metadata: Record<string, string> } }).object;
    const anonymous = await postWebhook(a, JSON.stringify({ ...event, data: { object: { ...object, metadata: {} } } }));
    expect([anonymous.statusCode, anonymous.json()]).toEqual([200, { received: true }]);
    expect(await giftEventTypes(h, sent.giftId)).toEqual(['GiftRequested']);
  });

  it('a declined card records GiftFailed (the page shows why); paying afterwards still counts', async () => {
    const { owner, streamId } = await liveStream(a);
    const sent = await sendGift(a, sender, streamId, { giftType: 'heart', quantity: 1 });
    const declined = await devAction(a, sender, sent.paymentIntentId, 'decline');
    expect(declined.json()).toEqual({
      paymentIntentId: sent.paymentIntentId,
      status: 'requires_payment_method',
      amountRefundedCents: 0,
    });
    expect(await giftEventTypes(h, sent.giftId)).toEqual(['GiftRequested', 'GiftFailed']);
    const [, failed] = await h.store.readStream(`gift-${sent.giftId}`);
    expect(failed!.data).toMatchObject({ reason: GIFT_MESSAGES.paymentDeclined });
    await caughtUp(sent.giftId);
    expect(await giftRow(sent.giftId)).toMatchObject({ status: 'failed' });
    expect((await a.app.inject({ method: 'GET', url: sent.confirmUrl })).body).toContain(GIFT_MESSAGES.paymentDeclined);

    expect((await devAction(a, sender, sent.paymentIntentId, 'confirm')).statusCode).toBe(200);
    expect(await giftEventTypes(h, sent.giftId)).toEqual(['GiftRequested', 'GiftFailed', 'GiftPaid']);
    await caughtUp(sent.giftId);
    expect(await giftRow(sent.giftId)).toMatchObject({ status: 'paid' });
    expect(await earningsOf(owner)).toMatchObject({ grossCents: 500, giftsReceived: 1 });
  });

  it('refunds subtract their own part (Stripe reports the cumulative amount), from the gift and from net earnings', async () => {
    const { owner, streamId } = await liveStream(a);
    const sent = await sendGift(a, sender, streamId, { giftType: 'star', quantity: 3 });
    // The provider refunds only what was paid; a refund webhook heard before the payment's is
    // refused (409), so Stripe delivers it again later, and then it counts.
    expect((await devAction(a, sender, sent.paymentIntentId, 'refund', {})).json()).toMatchObject({
      error: 'payment_not_paid',
    });
    const early = JSON.stringify(
      await webhookEventFor(h, sent.paymentIntentId, 'charge.refunded', {
        latest_charge: 'ch_dev_early',
        amount_refunded: 1_000,
      }),
    );
    const refused = await postWebhook(a, early);
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'gift_not_paid']);
    await devAction(a, sender, sent.paymentIntentId, 'confirm');
    expect((await postWebhook(a, early)).statusCode).toBe(200);

    await caughtUp(sent.giftId);
    expect(await giftRow(sent.giftId)).toMatchObject({ status: 'paid', refunded_cents: 1_000 });
    expect(await earningsOf(owner)).toMatchObject({
      grossCents: 3_000,
      refundedCents: 1_000,
      netCents: 2_000,
      giftsReceived: 1,
    });

    // Refunds through the provider report the cumulative amount: 1,000 again records nothing new
    // (Stripe has refunded 1,000 in all), 2,500 in all records 1,500, and the rest refunds the gift in full.
    const partial = await devAction(a, sender, sent.paymentIntentId, 'refund', { amountCents: 1_000 });
    expect(partial.json()).toEqual({
      paymentIntentId: sent.paymentIntentId,
      status: 'succeeded',
      amountRefundedCents: 1_000,
    });
    expect((await devAction(a, sender, sent.paymentIntentId, 'refund', { amountCents: 1_500 })).json()).toMatchObject({
      amountRefundedCents: 2_500,
    });
    expect((await devAction(a, sender, sent.paymentIntentId, 'refund', {})).json()).toMatchObject({
      amountRefundedCents: 3_000,
    });
    const stream = await h.store.readStream(`gift-${sent.giftId}`);
    expect(
      stream.filter((e) => e.type === 'GiftRefunded').map((e) => (e.data as { refundedCents: number }).refundedCents),
    ).toEqual([1_000, 1_500, 500]);
    await caughtUp(sent.giftId);
    expect(await giftRow(sent.giftId)).toMatchObject({ status: 'refunded', refunded_cents: 3_000 });
    expect(await earningsOf(owner)).toMatchObject({
      grossCents: 3_000,
      refundedCents: 3_000,
      netCents: 0,
      giftsReceived: 0,
    });
  });

  it('every rule has its refusal: 401 visitor, 404 unknown stream, 403 own stream, 410 ended, 400 gift, quantity and message', async () => {
    const { owner, streamId } = await liveStream(a);
    const post = (user: SignedInUser | null, body: object, id = streamId) =>
      a.app.inject({
        method: 'POST',
        url: `/api/streams/${id}/gift`,
        headers: user ? { cookie: user.cookie } : {},
        payload: body,
      });
    const refusal = async (answer: Awaited<ReturnType<typeof post>>) => [answer.statusCode, answer.json()];

    expect(await refusal(await post(null, { giftType: 'rose' }))).toEqual([
      401,
      expect.objectContaining({ error: 'unauthorized' }),
    ]);
    expect(await refusal(await post(sender, { giftType: 'rose' }, '00000000-0000-4000-8000-000000000000'))).toEqual([
      404,
      expect.objectContaining({ error: 'not_found' }),
    ]);
    expect(await refusal(await post(owner, { giftType: 'rose' }))).toEqual([
      403,
      { error: 'forbidden', message: GIFT_MESSAGES.ownStream },
    ]);
    expect(await refusal(await post(sender, { giftType: 'unicorn' }))).toEqual([
      400,
      { error: 'unknown_gift', field: 'giftType', message: GIFT_MESSAGES.unknownGift },
    ]);
    expect(await refusal(await post(sender, { giftType: 'rose', quantity: 11 }))).toEqual([
      400,
      { error: 'validation_failed', field: 'quantity', message: GIFT_MESSAGES.quantityRange },
    ]);
    expect(await refusal(await post(sender, { giftType: 'rose', message: 'x'.repeat(201) }))).toEqual([
      400,
      { error: 'validation_failed', field: 'message', message: GIFT_MESSAGES.messageTooLong },
    ]);
    // Not a number: counts as one.
    const one = await post(sender, { giftType: 'crown', quantity: 'abc' });
    expect([one.statusCode, one.json().amountCents]).toEqual([201, 10_000]);

    await a.app.inject({ method: 'POST', url: `/api/streams/${streamId}/end`, headers: { cookie: owner.cookie } });
    expect(await refusal(await post(sender, { giftType: 'rose' }))).toEqual([
      410,
      { error: 'stream_ended', message: GIFT_MESSAGES.streamNotLive },
    ]);
  });

  it('an Idempotency-Key replay answers the same gift and PaymentIntent; the key with another body is 422', async () => {
    const { streamId } = await liveStream(a);
    const send = (body: object) =>
      a.app.inject({
        method: 'POST',
        url: `/api/streams/${streamId}/gift`,
        headers: { cookie: sender.cookie, 'idempotency-key': `gift-retry-${streamId}` },
        payload: body,
      });
    const first = await send({ giftType: 'rocket', quantity: 1, message: 'Once' });
    const again = await send({ giftType: 'rocket', quantity: 1, message: 'Once' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    const [one, two] = [first.json(), again.json()];
    expect(two).toEqual({ ...one, position: one.position });
    expect(await giftEventTypes(h, one.giftId)).toEqual(['GiftRequested']);
    const other = await send({ giftType: 'rocket', quantity: 2, message: 'Once' });
    expect([other.statusCode, other.json().error]).toEqual([422, 'idempotency_key_reused']);
  });

  it('the development actions: only the payer, only an existing PaymentIntent; a form goes back to its same-site page', async () => {
    const { streamId } = await liveStream(a);
    const sent = await sendGift(a, sender, streamId);
    const stranger = await a.signedInUser(`gift_stranger_${Date.now()}`);
    expect((await devAction(a, stranger, sent.paymentIntentId, 'confirm')).statusCode).toBe(403);
    expect((await devAction(a, sender, 'pi_dev_000000000000000000000000', 'confirm')).json()).toEqual({
      error: 'not_found',
      message: GIFT_MESSAGES.paymentNotFound,
    });
    expect((await a.app.inject({ method: 'GET', url: '/dev/payments/pi_unknown' })).statusCode).toBe(404);

    const form = (action: string, returnTo: string) =>
      a.app.inject({
        method: 'POST',
        url: `/dev/payments/${sent.paymentIntentId}/${action}?return_to=${encodeURIComponent(returnTo)}`,
        headers: { cookie: sender.cookie, accept: 'text/html,application/xhtml+xml', 'content-type': 'text/plain' },
        payload: '',
      });
    // A declined card keeps the payer on the payment page (as Stripe's Payment Element does).
    const paymentPage = (returnTo: string) =>
      `/dev/payments/${sent.paymentIntentId}?return_to=${encodeURIComponent(returnTo)}`;
    const declined = await form('decline', 'https://elsewhere.example/steal');
    expect([declined.statusCode, declined.headers.location]).toEqual([303, paymentPage('/')]);
    // Browsers drop a tab and read `\` as `/`: each of these would be another site.
    for (const offSite of [
      '/\t/evil.example',
      '//evil.example',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
    ]) {
      const again = await form('decline', offSite);
      expect([offSite, again.statusCode, again.headers.location]).toEqual([offSite, 303, paymentPage('/')]);
    }
    expect((await form('decline', `/stream/${streamId}`)).headers.location).toBe(paymentPage(`/stream/${streamId}`));
    // Paid, the payer returns as from Stripe: to the stream, the outcome in the query.
    const paid = await form('confirm', `/stream/${streamId}`);
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location!, 'http://same.site');
    expect(back.pathname).toBe(`/stream/${streamId}`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      payment_intent: sent.paymentIntentId,
      payment_intent_client_secret: sent.clientSecret,
      redirect_status: 'succeeded',
    });
    expect(await giftEventTypes(h, sent.giftId)).toEqual(['GiftRequested', 'GiftFailed', 'GiftPaid']);
  });

  it('earnings are zeros before any gift', async () => {
    const nobody = await a.signedInUser(`gift_nobody_${Date.now()}`);
    expect(await earningsOf(nobody)).toEqual({
      userId: nobody.userId,
      grossCents: 0,
      refundedCents: 0,
      reversedCents: 0,
      netCents: 0,
      giftsReceived: 0,
      lastGiftAt: null,
    });
  });

  it('a replay from 0 rebuilds the gifts read model equal to the live one', async () => {
    const { differences, rows } = await replayDifferences(h, giftsProjection, ['gifts', 'earnings']);
    expect(rows.gifts).toBeGreaterThan(8);
    expect(rows.earnings).toBeGreaterThanOrEqual(4);
    expect(differences).toEqual({ gifts: 0, earnings: 0 });
  });
});
