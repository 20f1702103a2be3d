import { z } from 'zod';
import { giftMessage, giftQuantity, giftType, giftTypeName } from './rules.ts';

/** The HTTP bodies of gifts: the catalogue, sending one, the payment confirmation and earnings. */

/** GET /api/gifts: the catalogue, cheapest first. */
export const giftCatalogueResponse = z.array(giftType);

/** POST /api/streams/{id}/gift. */
export const sendGiftBody = z.object({
  giftType: giftTypeName,
  quantity: giftQuantity,
  message: giftMessage.default(''),
});
export type SendGiftBody = z.input<typeof sendGiftBody>;

/** 201: the PaymentIntent's client secret and where the client confirms it (a new window). */
export const sendGiftResponse = z.object({
  giftId: z.string(),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amountCents: z.number().int(),
  /** The confirmation page to open: Stripe's Payment Element, or the development provider's page. */
  confirmUrl: z.string(),
  position: z.string().nullable(),
});
export type SendGiftResponse = z.infer<typeof sendGiftResponse>;

/** GET /api/payments/config: what the confirmation page needs. */
export const paymentsConfigResponse = z.object({
  /** `none`: no Stripe keys, and the development provider does not run here (gifts are refused with 503). */
  provider: z.enum(['stripe', 'development', 'none']),
  /** Stripe's publishable key (null with the development provider and with none). */
  publishableKey: z.string().nullable(),
});
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponse>;

/** POST /api/payments/webhook → 200 once the event is recorded (or known). */
export const paymentWebhookResponse = z.object({ received: z.literal(true) });

/** GET /api/earnings: the signed-in streamer's gift earnings, in cents. */
export const earningsResponse = z.object({
  userId: z.string(),
  grossCents: z.number().int(),
  refundedCents: z.number().int(),
  /** Taken back by the payers' banks through disputes the streamer lost. */
  reversedCents: z.number().int(),
  /** gross − refunded − reversed. */
  netCents: z.number().int(),
  giftsReceived: z.number().int(),
  lastGiftAt: z.string().nullable(),
});
export type EarningsResponse = z.infer<typeof earningsResponse>;

/** A gift as the room sees it (socket gift_received). */
export const receivedGift = z.object({
  id: z.string(),
  giftType: z.string(),
  emoji: z.string(),
  quantity: z.number().int(),
  message: z.string(),
  sender: z.object({ id: z.string(), username: z.string().nullable() }),
});
export type ReceivedGift = z.infer<typeof receivedGift>;
