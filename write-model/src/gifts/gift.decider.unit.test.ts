import { describe, expect, it } from 'vitest';
import { GIFT_MESSAGES, type GiftEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { allowGift, giftDecider, type GiftCommand, type GiftRequest } from './gift.decider.ts';

const GIFT = 'a1b2c3d4-0000-4000-8000-000000000001';
const STREAM = '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01';
const STREAMER = 'streamer-1';
const SENDER = 'sender-1';
const PI = 'pi_123';
const now = new Date('2025-08-17T10:00:00.000Z');
const at = now.toISOString();
const star = { type: 'star', emoji: '⭐', price: 1_000 };

const request = (overrides: Partial<GiftRequest> = {}): GiftCommand => ({
  type: 'RequestGift',
  giftId: GIFT,
  paymentIntentId: PI,
  now,
  stream: { id: STREAM, ownerId: STREAMER, status: 'live' },
  senderId: SENDER,
  giftType: 'star',
  gift: star,
  quantity: 3,
  message: ' Great show ',
  ...overrides,
});

const requested: GiftEvent = {
  type: 'GiftRequested',
  data: {
    giftId: GIFT,
    streamId: STREAM,
    streamerId: STREAMER,
    senderId: SENDER,
    giftType: 'star',
    emoji: '⭐',
    quantity: 3,
    message: 'Great show',
    unitPriceCents: 1_000,
    amountCents: 3_000,
    currency: 'usd',
    paymentIntentId: PI,
    requestedAt: at,
  },
};
const paid: GiftEvent = {
  type: 'GiftPaid',
  data: {
    giftId: GIFT,
    streamId: STREAM,
    streamerId: STREAMER,
    senderId: SENDER,
    giftType: 'star',
    quantity: 3,
    amountCents: 3_000,
    paymentIntentId: PI,
    paidAt: at,
  },
};
const failed: GiftEvent = {
  type: 'GiftFailed',
  data: { giftId: GIFT, paymentIntentId: PI, reason: 'Your card was declined.', failedAt: at },
};
const refunded = (refundedCents: number): GiftEvent => ({
  type: 'GiftRefunded',
  data: { giftId: GIFT, streamId: STREAM, streamerId: STREAMER, refundedCents, refundedAt: at },
});

const succeeded: GiftCommand = { type: 'RecordPaymentSucceeded', paymentIntentId: PI, now };
const declined: GiftCommand = {
  type: 'RecordPaymentFailed',
  paymentIntentId: PI,
  reason: 'Your card was declined.',
  now,
};
const refund = (totalRefundedCents: number): GiftCommand => ({
  type: 'RecordRefund',
  paymentIntentId: PI,
  totalRefundedCents,
  now,
});

const spec = deciderSpec(giftDecider);

describe('gift decider', () => {
  describe('request', () => {
    it('given nothing, when a viewer sends 3 stars, then GiftRequested for 3 × 10 dollars with the trimmed message', () => {
      spec.given().when(request()).then([requested]);
    });

    it('refuses the streamer on their own stream (403)', () => {
      spec
        .given()
        .when(request({ senderId: STREAMER }))
        .thenRefuses({ status: 403, code: 'forbidden', message: GIFT_MESSAGES.ownStream });
    });

    it('refuses an ended stream with 410 and a stream that is not live (scheduled) with 409', () => {
      spec
        .given()
        .when(request({ stream: { id: STREAM, ownerId: STREAMER, status: 'ended' } }))
        .thenRefuses({ status: 410, code: 'stream_ended', message: GIFT_MESSAGES.streamNotLive });
      spec
        .given()
        .when(request({ stream: { id: STREAM, ownerId: STREAMER, status: 'scheduled' } }))
        .thenRefuses({ status: 409, code: 'stream_not_live' });
    });

    it('refuses a gift the catalogue does not have (400 naming giftType)', () => {
      spec
        .given()
        .when(request({ giftType: 'unicorn', gift: null }))
        .thenRefuses({ status: 400, code: 'unknown_gift', field: 'giftType', message: GIFT_MESSAGES.unknownGift });
    });

    it('refuses a quantity out of 1..10 and a message over 200 characters', () => {
      spec
        .given()
        .when(request({ quantity: 11 }))
        .thenRefuses({ status: 400, field: 'quantity', message: GIFT_MESSAGES.quantityRange });
      spec
        .given()
        .when(request({ quantity: 0 }))
        .thenRefuses({ status: 400, field: 'quantity' });
      spec
        .given()
        .when(request({ message: 'x'.repeat(201) }))
        .thenRefuses({ status: 400, field: 'message', message: GIFT_MESSAGES.messageTooLong });
    });

    it('allowGift prices the gift as price × quantity', () => {
      const { stream, senderId, giftType, gift, quantity, message } = request() as Extract<
        GiftCommand,
        { type: 'RequestGift' }
      >;
      expect(allowGift({ stream, senderId, giftType, gift, quantity, message }).amountCents).toBe(3_000);
    });

    it('refuses to request the same gift twice (409)', () => {
      spec.given(requested).when(request()).thenRefuses({ status: 409, code: 'gift_exists' });
    });
  });

  describe('payment', () => {
    it('given a requested gift, when the payment succeeds, then GiftPaid', () => {
      spec.given(requested).when(succeeded).then([paid]);
    });

    it('is paid once: a repeated success records nothing, also after a refund', () => {
      spec.given(requested, paid).when(succeeded).then([]);
      spec.given(requested, paid, refunded(3_000)).when(succeeded).then([]);
    });

    it('given a requested gift, when the card is declined, then GiftFailed with the reason; a repeat records nothing', () => {
      spec.given(requested).when(declined).then([failed]);
      spec.given(requested, failed).when(declined).then([]);
    });

    it('a success after a failed attempt counts (the payer tried again)', () => {
      spec.given(requested, failed).when(succeeded).then([paid]);
    });

    it('a late failure report after the success changes nothing', () => {
      spec.given(requested, paid).when(declined).then([]);
    });

    it('ignores payments of another PaymentIntent and of gifts it does not know', () => {
      spec
        .given(requested)
        .when({ ...succeeded, paymentIntentId: 'pi_other' } as GiftCommand)
        .then([]);
      spec.given().when(succeeded).then([]);
      spec.given().when(refund(100)).then([]);
    });
  });

  describe('refunds', () => {
    it("records each refund's own part: Stripe reports the total refunded so far", () => {
      spec
        .given(requested, paid)
        .when(refund(1_000))
        .then([refunded(1_000)]);
      spec
        .given(requested, paid, refunded(1_000))
        .when(refund(2_500))
        .then([refunded(1_500)]);
    });

    it('a repeated refund notice records nothing, and never more than was paid is refunded', () => {
      spec.given(requested, paid, refunded(1_000)).when(refund(1_000)).then([]);
      spec
        .given(requested, paid, refunded(1_000))
        .when(refund(9_999))
        .then([refunded(2_000)]);
      spec.given(requested, paid, refunded(3_000)).when(refund(3_000)).then([]);
    });

    it('a fully refunded gift is refunded; a partly refunded one is still paid', () => {
      expect(spec.given(requested, paid, refunded(1_000)).state()).toMatchObject({
        status: 'paid',
        refundedCents: 1_000,
      });
      expect(spec.given(requested, paid, refunded(1_000), refunded(2_000)).state()).toMatchObject({
        status: 'refunded',
        refundedCents: 3_000,
      });
    });

    it('refuses a refund before the payment is recorded (409: the provider delivers it again later)', () => {
      spec.given(requested).when(refund(3_000)).thenRefuses({ status: 409, code: 'gift_not_paid' });
      spec.given(requested, failed).when(refund(3_000)).thenRefuses({ status: 409, code: 'gift_not_paid' });
    });
  });

  describe('disputes', () => {
    const DP = 'dp_1';
    const opened = (amountCents = 3_000): GiftCommand => ({
      type: 'RecordDisputeOpened',
      paymentIntentId: PI,
      disputeId: DP,
      amountCents,
      reason: 'fraudulent',
      now,
    });
    const closed = (outcome: 'won' | 'lost', amountCents = 3_000): GiftCommand => ({
      type: 'RecordDisputeClosed',
      paymentIntentId: PI,
      disputeId: DP,
      amountCents,
      outcome,
      now,
    });
    const disputed = (reason: string | null = 'fraudulent'): GiftEvent => ({
      type: 'GiftDisputed',
      data: {
        giftId: GIFT,
        streamId: STREAM,
        streamerId: STREAMER,
        disputeId: DP,
        amountCents: 3_000,
        reason,
        disputedAt: at,
      },
    });
    const disputeClosed = (status: 'won' | 'lost', reversedCents: number): GiftEvent => ({
      type: 'GiftDisputeClosed',
      data: {
        giftId: GIFT,
        streamId: STREAM,
        streamerId: STREAMER,
        disputeId: DP,
        status,
        reversedCents,
        closedAt: at,
      },
    });

    it('given a paid gift, a dispute opens once however often Stripe says so', () => {
      spec.given(requested, paid).when(opened()).then([disputed()]);
      spec.given(requested, paid, disputed()).when(opened()).then([]);
    });

    it('lost: takes back what refunds left, at most the disputed amount; won: takes nothing; a repeated close records nothing', () => {
      spec
        .given(requested, paid, disputed())
        .when(closed('lost'))
        .then([disputeClosed('lost', 3_000)]);
      spec
        .given(requested, paid, refunded(1_000), disputed())
        .when(closed('lost'))
        .then([disputeClosed('lost', 2_000)]);
      spec
        .given(requested, paid, disputed())
        .when(closed('lost', 500))
        .then([disputeClosed('lost', 500)]);
      spec
        .given(requested, paid, disputed())
        .when(closed('won'))
        .then([disputeClosed('won', 0)]);
      spec.given(requested, paid, disputed(), disputeClosed('lost', 3_000)).when(closed('lost')).then([]);
      spec.given(requested, paid, disputed(), disputeClosed('won', 0)).when(opened()).then([]);
    });

    it('a close heard before its opening records both', () => {
      spec
        .given(requested, paid)
        .when(closed('lost'))
        .then([disputed(null), disputeClosed('lost', 3_000)]);
    });

    it('after a lost dispute, a refund cannot give back the same money again', () => {
      spec.given(requested, paid, disputed(), disputeClosed('lost', 3_000)).when(refund(3_000)).then([]);
    });

    it('refuses a dispute before the payment is recorded (409), and ignores one of another PaymentIntent', () => {
      spec.given(requested).when(opened()).thenRefuses({ status: 409, code: 'gift_not_paid' });
      spec
        .given(requested, paid)
        .when({ ...opened(), paymentIntentId: 'pi_other' } as GiftCommand)
        .then([]);
    });
  });
});
