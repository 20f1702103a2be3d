import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftById, giftsProjection, liveStreamsProjection, type GiftsDb } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { giftStreamName } from '@myworld/schemas';
import { startHarness, type ApiInstance, type Harness, type SignedInUser } from '../../testing/index.ts';
import { devAction, disputeEventFor, giftEventTypes, liveStream, postWebhook, sendGift } from './gifts.testing.ts';

/**
 * Stripe's dispute webhooks, signed, are recorded on the gift they are about (found through the
 * PaymentIntent the dispute names): a lost dispute takes the money back from the streamer's
 * earnings and the stream's total; a won one keeps it; a repeated webhook records once.
 */
describe('gift disputes: charge.dispute.created and charge.dispute.closed', () => {
  let h: Harness;
  let api: ApiInstance;
  let sender: SignedInUser;

  beforeAll(async () => {
    h = await startHarness({ label: 'gift_disputes', projections: [liveStreamsProjection, giftsProjection] });
    api = h.api;
    sender = await api.signedInUser(`dispute_sender_${Date.now()}`);
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** A gift of $30 paid through the development provider to a new streamer's live stream. */
  const paidGift = async () => {
    const { owner, streamId } = await liveStream(api);
    const sent = await sendGift(api, sender, streamId);
    expect((await devAction(api, sender, sent.paymentIntentId, 'confirm')).statusCode).toBe(200);
    return { owner, streamId, sent };
  };
  const deliver = async (event: Record<string, unknown>) => {
    const answer = await postWebhook(api, JSON.stringify(event));
    expect([answer.statusCode, answer.json()]).toEqual([200, { received: true }]);
  };
  /** The gifts and live-streams read models have applied the gift's last event. */
  const caughtUp = async (giftId: string) => {
    const last = (await h.store.readStream(giftStreamName(giftId))).at(-1)!;
    for (const name of ['gifts', 'live_streams'])
      expect(await h.readModels.waitFor(name, last.position, 5_000)).toBe(true);
  };
  const earningsOf = async (user: SignedInUser) =>
    (await api.app.inject({ method: 'GET', url: '/api/earnings', headers: { cookie: user.cookie } })).json();
  const streamTotal = async (streamId: string) =>
    (await api.app.inject({ method: 'GET', url: `/api/streams/${streamId}` })).json().stream.totalGiftsReceived;

  it('opened, then closed lost: recorded once each however often delivered, and the earnings are taken back', async () => {
    const { owner, streamId, sent } = await paidGift();
    const dispute = { id: `dp_dev_lost_${Date.now()}` };
    const opened = await disputeEventFor(h, sent.paymentIntentId, 'charge.dispute.created', {
      ...dispute,
      status: 'needs_response',
    });
    for (let i = 0; i < 3; i++) await deliver(opened);
    expect(await giftEventTypes(h, sent.giftId)).toEqual(['GiftRequested', 'GiftPaid', 'GiftDisputed']);
    await caughtUp(sent.giftId);
    // Open, the money is still the streamer's.
    expect(await earningsOf(owner)).toMatchObject({
      grossCents: 3_000,
      reversedCents: 0,
      netCents: 3_000,
      giftsReceived: 1,
    });

    const lost = await disputeEventFor(h, sent.paymentIntentId, 'charge.dispute.closed', {
      ...dispute,
      status: 'lost',
    });
    for (let i = 0; i < 3; i++) await deliver(lost);
    const events = await h.store.readStream(giftStreamName(sent.giftId));
    expect(events.map((e) => e.type)).toEqual(['GiftRequested', 'GiftPaid', 'GiftDisputed', 'GiftDisputeClosed']);
    expect(events.at(-1)!.data).toMatchObject({
      disputeId: dispute.id,
      status: 'lost',
      reversedCents: 3_000,
      streamerId: owner.userId,
      streamId,
    });
    await caughtUp(sent.giftId);
    expect(await earningsOf(owner)).toEqual({
      userId: owner.userId,
      grossCents: 3_000,
      refundedCents: 0,
      reversedCents: 3_000,
      netCents: 0,
      giftsReceived: 0,
      lastGiftAt: expect.any(String),
    });
    expect(await giftById(await h.readModels.query<GiftsDb>('gifts'), sent.giftId)).toMatchObject({
      dispute_status: 'lost',
      reversed_cents: 3_000,
    });
    expect(await streamTotal(streamId)).toBe(0);
  });

  it('opened, then closed won: the earnings stay', async () => {
    const { owner, streamId, sent } = await paidGift();
    const dispute = { id: `dp_dev_won_${Date.now()}` };
    await deliver(
      await disputeEventFor(h, sent.paymentIntentId, 'charge.dispute.created', {
        ...dispute,
        status: 'needs_response',
      }),
    );
    await deliver(
      await disputeEventFor(h, sent.paymentIntentId, 'charge.dispute.closed', { ...dispute, status: 'won' }),
    );
    const events = await h.store.readStream(giftStreamName(sent.giftId));
    expect(events.at(-1)!.data).toMatchObject({ status: 'won', reversedCents: 0 });
    await caughtUp(sent.giftId);
    expect(await earningsOf(owner)).toMatchObject({
      grossCents: 3_000,
      reversedCents: 0,
      netCents: 3_000,
      giftsReceived: 1,
    });
    expect(await giftById(await h.readModels.query<GiftsDb>('gifts'), sent.giftId)).toMatchObject({
      dispute_status: 'won',
      reversed_cents: 0,
    });
    expect(await streamTotal(streamId)).toBe(3_000);
  });

  it('a close heard before its opening records both; a dispute of a gift not yet paid is refused (409) so Stripe delivers it again', async () => {
    const { owner, sent } = await paidGift();
    await deliver(
      await disputeEventFor(h, sent.paymentIntentId, 'charge.dispute.closed', {
        id: 'dp_dev_early_close',
        status: 'lost',
      }),
    );
    expect(await giftEventTypes(h, sent.giftId)).toEqual([
      'GiftRequested',
      'GiftPaid',
      'GiftDisputed',
      'GiftDisputeClosed',
    ]);
    await caughtUp(sent.giftId);
    expect(await earningsOf(owner)).toMatchObject({ reversedCents: 3_000, netCents: 0 });

    const { streamId } = await liveStream(api);
    const unpaid = await sendGift(api, sender, streamId);
    const early = await postWebhook(
      api,
      JSON.stringify(
        await disputeEventFor(h, unpaid.paymentIntentId, 'charge.dispute.created', {
          id: 'dp_dev_unpaid',
          status: 'needs_response',
        }),
      ),
    );
    expect([early.statusCode, early.json().error]).toEqual([409, 'gift_not_paid']);
    expect(await giftEventTypes(h, unpaid.giftId)).toEqual(['GiftRequested']);
  });

  it('a replay from 0 rebuilds the gifts read model equal to the live one', async () => {
    const { differences } = await replayDifferences(h, giftsProjection, ['gifts', 'earnings']);
    expect(differences).toEqual({ gifts: 0, earnings: 0 });
    const streams = await replayDifferences(h, liveStreamsProjection, ['live_streams']);
    expect(streams.differences).toEqual({ live_streams: 0 });
  });
});
