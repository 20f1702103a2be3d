import Stripe from 'stripe';
import { giftStreamName } from '@myworld/schemas';
import type { ApiInstance, Harness, SignedInUser } from '../../testing/index.ts';
import {
  devDisputeEvent,
  devWebhookEvent,
  type DevDisputeEventType,
  type DevEventType,
  type DevPaymentIntent,
} from './payments/dev-payment-events.ts';
import { DEV_WEBHOOK_SECRET } from './payments/dev-payments.ts';

/** Helpers for the gifts integration tests: live streams, gifts sent, webhooks signed as Stripe does. */

/** A live stream started by a new streamer on `api`. */
export async function liveStream(
  api: ApiInstance,
  label = 'streamer',
): Promise<{ owner: SignedInUser; streamId: string }> {
  const owner = await api.signedInUser(`${label}_${Math.random().toString(36).slice(2, 10)}`);
  const started = await api.app.inject({
    method: 'POST',
    url: '/api/streams/start',
    headers: { cookie: owner.cookie },
    payload: { title: 'Gifts welcome', category: 'music' },
  });
  if (started.statusCode !== 201) throw new Error(`start failed: ${started.statusCode} ${started.body}`);
  return { owner, streamId: started.json().stream.id as string };
}

export interface SentGift {
  readonly giftId: string;
  readonly paymentIntentId: string;
  readonly clientSecret: string;
  readonly amountCents: number;
  readonly confirmUrl: string;
  readonly position: string | null;
}

/** `sender` sends a gift on `api` (201 expected). */
export async function sendGift(
  api: ApiInstance,
  sender: SignedInUser,
  streamId: string,
  body: Record<string, unknown> = { giftType: 'star', quantity: 3, message: 'Great show' },
): Promise<SentGift> {
  const sent = await api.app.inject({
    method: 'POST',
    url: `/api/streams/${streamId}/gift`,
    headers: { cookie: sender.cookie },
    payload: body,
  });
  if (sent.statusCode !== 201) throw new Error(`gift failed: ${sent.statusCode} ${sent.body}`);
  return sent.json() as SentGift;
}

/** A development-provider action on a PaymentIntent (confirm, decline, refund) by `payer`. */
export function devAction(
  api: ApiInstance,
  payer: SignedInUser,
  paymentIntentId: string,
  action: 'confirm' | 'decline' | 'refund',
  body?: object,
) {
  return api.app.inject({
    method: 'POST',
    url: `/dev/payments/${paymentIntentId}/${action}`,
    headers: { cookie: payer.cookie },
    ...(body ? { payload: body } : {}),
  });
}

/** A Stripe-shaped webhook event about a development PaymentIntent (as it is in Redis, with `change`). */
export async function webhookEventFor(
  h: Harness,
  paymentIntentId: string,
  type: DevEventType,
  change: Partial<DevPaymentIntent> = {},
): Promise<Record<string, unknown>> {
  const stored = await h.redis.get(`dev-payments:intent:${paymentIntentId}`);
  if (!stored) throw new Error(`no development PaymentIntent ${paymentIntentId}`);
  return devWebhookEvent(type, { ...(JSON.parse(stored) as DevPaymentIntent), ...change });
}

/** A Stripe-shaped dispute event (charge.dispute.created or .closed) about a paid development PaymentIntent, as it is in Redis. */
export async function disputeEventFor(
  h: Harness,
  paymentIntentId: string,
  type: DevDisputeEventType,
  dispute: Parameters<typeof devDisputeEvent>[2],
): Promise<Record<string, unknown>> {
  const stored = await h.redis.get(`dev-payments:intent:${paymentIntentId}`);
  if (!stored) throw new Error(`no development PaymentIntent ${paymentIntentId}`);
  return devDisputeEvent(type, JSON.parse(stored) as DevPaymentIntent, dispute);
}

/** POSTs `payload` to the webhook with a Stripe-Signature made from `secret` at `timestamp` (Unix seconds). */
export function postWebhook(
  api: ApiInstance,
  payload: string,
  {
    secret = DEV_WEBHOOK_SECRET,
    timestamp,
    signedPayload = payload,
  }: { secret?: string; timestamp?: number; signedPayload?: string } = {},
) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: signedPayload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });
  return api.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

/** The types of the events on a gift's stream. */
export async function giftEventTypes(h: Harness, giftId: string): Promise<string[]> {
  return (await h.store.readStream(giftStreamName(giftId))).map((e) => e.type);
}
