import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryCreator } from 'kysely';
import { expect as expected, type PostgresEventStore } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { START, giftStreamName, type GiftEvent, type Position } from '@myworld/schemas';
import type { ReadModels } from '../../query-side.ts';
import { startLiveReadModel, type LiveReadModel } from '../../testing/live-read-model.ts';
import { replayDifferences } from '../../testing/replay-differences.ts';
import { giftsProjection, type GiftsDb } from './gifts.projection.ts';
import { earningsOf, giftById, streamGiftTotal } from './gifts.queries.ts';

describe('gifts projection: one row per gift, earnings per streamer', () => {
  let live: LiveReadModel;
  let store: PostgresEventStore;
  let readModels: ReadModels;
  let gifts: QueryCreator<GiftsDb>;
  let last: Position = START;
  const [alice, bob, carol, dan] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const [aliceStream, bobStream, danStream] = [randomUUID(), randomUUID(), randomUUID()];
  const ids = {
    paid: randomUUID(),
    failedThenPaid: randomUUID(),
    refunded: randomUUID(),
    partly: randomUUID(),
    pending: randomUUID(),
    declined: randomUUID(),
    bobs: randomUUID(),
    lost: randomUUID(),
    won: randomUUID(),
  };

  const at = (minute: number) => `2025-08-17T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const append = async (giftId: string, ...events: GiftEvent[]) => {
    const result = await store.append(
      giftStreamName(giftId),
      expected.any,
      events.map((e) => ({ id: randomUUID(), ...e, metadata: testMetadata() })),
    );
    last = result.position;
  };
  const requested = (
    giftId: string,
    streamId: string,
    streamerId: string,
    amountCents: number,
    minute = 0,
  ): GiftEvent => ({
    type: 'GiftRequested',
    data: {
      giftId,
      streamId,
      streamerId,
      senderId: carol,
      giftType: 'star',
      emoji: '⭐',
      quantity: amountCents / 1_000,
      message: 'hi',
      unitPriceCents: 1_000,
      amountCents,
      currency: 'usd',
      paymentIntentId: `pi_${giftId}`,
      requestedAt: at(minute),
    },
  });
  const paid = (
    giftId: string,
    streamId: string,
    streamerId: string,
    amountCents: number,
    minute: number,
  ): GiftEvent => ({
    type: 'GiftPaid',
    data: {
      giftId,
      streamId,
      streamerId,
      senderId: carol,
      giftType: 'star',
      quantity: amountCents / 1_000,
      amountCents,
      paymentIntentId: `pi_${giftId}`,
      paidAt: at(minute),
    },
  });
  const failed = (giftId: string): GiftEvent => ({
    type: 'GiftFailed',
    data: { giftId, paymentIntentId: `pi_${giftId}`, reason: 'Your card was declined.', failedAt: at(1) },
  });
  const refunded = (giftId: string, streamId: string, streamerId: string, refundedCents: number): GiftEvent => ({
    type: 'GiftRefunded',
    data: { giftId, streamId, streamerId, refundedCents, refundedAt: at(30) },
  });

  const disputed = (giftId: string, streamId: string, streamerId: string): GiftEvent => ({
    type: 'GiftDisputed',
    data: {
      giftId,
      streamId,
      streamerId,
      disputeId: `dp_${giftId}`,
      amountCents: 2_000,
      reason: 'fraudulent',
      disputedAt: at(40),
    },
  });
  const disputeClosed = (
    giftId: string,
    streamId: string,
    streamerId: string,
    status: 'won' | 'lost',
    reversedCents: number,
  ): GiftEvent => ({
    type: 'GiftDisputeClosed',
    data: { giftId, streamId, streamerId, disputeId: `dp_${giftId}`, status, reversedCents, closedAt: at(50) },
  });

  beforeAll(async () => {
    live = await startLiveReadModel('gifts_rm', giftsProjection, 2);
    ({ store, readModels } = live);

    await append(
      ids.paid,
      requested(ids.paid, aliceStream, alice, 3_000),
      paid(ids.paid, aliceStream, alice, 3_000, 5),
    );
    await append(
      ids.failedThenPaid,
      requested(ids.failedThenPaid, aliceStream, alice, 1_000),
      failed(ids.failedThenPaid),
      paid(ids.failedThenPaid, aliceStream, alice, 1_000, 9),
    );
    await append(
      ids.refunded,
      requested(ids.refunded, aliceStream, alice, 2_000),
      paid(ids.refunded, aliceStream, alice, 2_000, 7),
    );
    await append(
      ids.refunded,
      refunded(ids.refunded, aliceStream, alice, 500),
      refunded(ids.refunded, aliceStream, alice, 1_500),
    );
    await append(
      ids.partly,
      requested(ids.partly, aliceStream, alice, 4_000),
      paid(ids.partly, aliceStream, alice, 4_000, 8),
      refunded(ids.partly, aliceStream, alice, 1_000),
    );
    await append(ids.pending, requested(ids.pending, aliceStream, alice, 5_000));
    await append(ids.declined, requested(ids.declined, aliceStream, alice, 6_000), failed(ids.declined));
    await append(ids.bobs, requested(ids.bobs, bobStream, bob, 10_000), paid(ids.bobs, bobStream, bob, 10_000, 3));
    // Dan's two gifts: one partly refunded, then disputed and lost (the rest taken back); one disputed and won.
    await append(
      ids.lost,
      requested(ids.lost, danStream, dan, 2_000),
      paid(ids.lost, danStream, dan, 2_000, 11),
      refunded(ids.lost, danStream, dan, 500),
    );
    await append(ids.lost, disputed(ids.lost, danStream, dan), disputeClosed(ids.lost, danStream, dan, 'lost', 1_500));
    await append(
      ids.won,
      requested(ids.won, danStream, dan, 3_000),
      paid(ids.won, danStream, dan, 3_000, 12),
      disputed(ids.won, danStream, dan),
    );
    await append(ids.won, disputeClosed(ids.won, danStream, dan, 'won', 0));
    expect(await readModels.waitFor('gifts', last, 10_000)).toBe(true);
    gifts = await readModels.query<GiftsDb>('gifts');
  });
  afterAll(async () => {
    await live?.stop();
  });

  it("keeps each gift's payment state: requested, failed, paid (also after a failed attempt), refunded in part or in full", async () => {
    const row = async (id: string) => giftById(gifts, id);
    expect(await row(ids.paid)).toMatchObject({
      status: 'paid',
      amount_cents: 3_000,
      refunded_cents: 0,
      stream_id: aliceStream,
      streamer_id: alice,
      sender_id: carol,
      gift_type: 'star',
      emoji: '⭐',
      quantity: 3,
      message: 'hi',
      payment_intent_id: `pi_${ids.paid}`,
    });
    expect((await row(ids.paid))!.paid_at?.toISOString()).toBe(at(5));
    expect(await row(ids.failedThenPaid)).toMatchObject({ status: 'paid' });
    expect(await row(ids.refunded)).toMatchObject({ status: 'refunded', refunded_cents: 2_000 });
    expect(await row(ids.partly)).toMatchObject({ status: 'paid', refunded_cents: 1_000 });
    expect(await row(ids.pending)).toMatchObject({ status: 'requested', paid_at: null });
    expect(await row(ids.declined)).toMatchObject({ status: 'failed', paid_at: null });
  });

  it("earnings: gross paid, refunded, net, gifts not refunded in full and the last gift's time; zeros for nobody", async () => {
    expect(await earningsOf(gifts, alice)).toEqual({
      grossCents: 10_000,
      refundedCents: 3_000,
      reversedCents: 0,
      netCents: 7_000,
      giftsReceived: 3,
      lastGiftAt: at(9),
    });
    expect(await earningsOf(gifts, bob)).toEqual({
      grossCents: 10_000,
      refundedCents: 0,
      reversedCents: 0,
      netCents: 10_000,
      giftsReceived: 1,
      lastGiftAt: at(3),
    });
    expect(await earningsOf(gifts, carol)).toEqual({
      grossCents: 0,
      refundedCents: 0,
      reversedCents: 0,
      netCents: 0,
      giftsReceived: 0,
      lastGiftAt: null,
    });
  });

  it('disputes: a lost one takes back what refunds left (the gift no longer counts); a won one keeps everything', async () => {
    expect(await giftById(gifts, ids.lost)).toMatchObject({
      status: 'paid',
      refunded_cents: 500,
      reversed_cents: 1_500,
      dispute_status: 'lost',
    });
    expect(await giftById(gifts, ids.won)).toMatchObject({
      status: 'paid',
      refunded_cents: 0,
      reversed_cents: 0,
      dispute_status: 'won',
    });
    expect(await earningsOf(gifts, dan)).toEqual({
      grossCents: 5_000,
      refundedCents: 500,
      reversedCents: 1_500,
      netCents: 3_000,
      giftsReceived: 1,
      lastGiftAt: at(12),
    });
    expect(await streamGiftTotal(gifts, danStream)).toBe(3_000);
  });

  it("a stream's total is what its paid gifts brought, minus refunds (pending and failed gifts count nothing)", async () => {
    expect(await streamGiftTotal(gifts, aliceStream)).toBe(7_000);
    expect(await streamGiftTotal(gifts, bobStream)).toBe(10_000);
    expect(await streamGiftTotal(gifts, randomUUID())).toBe(0);
  });

  it('a replay from 0 rebuilds the same tables as the live projection', async () => {
    const { differences, rows } = await replayDifferences(live, giftsProjection, ['gifts', 'earnings']);
    expect(rows).toEqual({ gifts: 9, earnings: 3 });
    expect(differences).toEqual({ gifts: 0, earnings: 0 });
  });
});
