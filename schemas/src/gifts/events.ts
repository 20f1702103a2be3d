import { z } from 'zod';

/**
 * Events of the gift aggregate, stream `gift-{id}`: requested when its PaymentIntent is created,
 * then paid, failed or (after being paid) refunded or disputed, as Stripe's webhooks say. Payloads carry the
 * stream, streamer and amount so read models need no other event.
 */

export const giftStreamName = (giftId: string) => `gift-${giftId}`;

export const giftRequested = z.object({
  giftId: z.string(),
  streamId: z.string(),
  streamerId: z.string(),
  senderId: z.string(),
  giftType: z.string(),
  emoji: z.string(),
  quantity: z.number().int(),
  message: z.string(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  paymentIntentId: z.string(),
  requestedAt: z.string(),
});

export const giftPaid = z.object({
  giftId: z.string(),
  streamId: z.string(),
  streamerId: z.string(),
  senderId: z.string(),
  giftType: z.string(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
  paymentIntentId: z.string(),
  paidAt: z.string(),
});

export const giftFailed = z.object({
  giftId: z.string(),
  paymentIntentId: z.string(),
  /** The provider's reason (Stripe's last_payment_error.message), when it gave one. */
  reason: z.string().nullable(),
  failedAt: z.string(),
});

/** Money given back after the gift was paid: `refundedCents` is this refund's part (refunds may be partial). */
export const giftRefunded = z.object({
  giftId: z.string(),
  streamId: z.string(),
  streamerId: z.string(),
  refundedCents: z.number().int(),
  refundedAt: z.string(),
});

/**
 * The payer's bank disputed the payment (Stripe's charge.dispute.created): `disputeId` is Stripe's
 * (dp_...), `amountCents` what is disputed. The gift still counts until the dispute is lost.
 */
export const giftDisputed = z.object({
  giftId: z.string(),
  streamId: z.string(),
  streamerId: z.string(),
  disputeId: z.string(),
  amountCents: z.number().int(),
  reason: z.string().nullable(),
  disputedAt: z.string(),
});

/** won: the money stays. lost: the bank took it back (Stripe's charge.dispute.closed with status lost). */
export const GIFT_DISPUTE_OUTCOMES = ['won', 'lost'] as const;

/** A dispute closed: a lost one takes `reversedCents` back from the streamer's earnings (0 when won). */
export const giftDisputeClosed = z.object({
  giftId: z.string(),
  streamId: z.string(),
  streamerId: z.string(),
  disputeId: z.string(),
  status: z.enum(GIFT_DISPUTE_OUTCOMES),
  reversedCents: z.number().int(),
  closedAt: z.string(),
});

export const giftEventSchemas = {
  GiftRequested: giftRequested,
  GiftPaid: giftPaid,
  GiftFailed: giftFailed,
  GiftRefunded: giftRefunded,
  GiftDisputed: giftDisputed,
  GiftDisputeClosed: giftDisputeClosed,
} as const;

export type GiftEventType = keyof typeof giftEventSchemas;
export type GiftEvent = {
  [K in GiftEventType]: { readonly type: K; readonly data: z.infer<(typeof giftEventSchemas)[K]> };
}[GiftEventType];
