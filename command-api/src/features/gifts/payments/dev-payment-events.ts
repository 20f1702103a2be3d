import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** A PaymentIntent of the development provider, as it keeps it (Stripe's field names). */
export interface DevPaymentIntent {
  readonly id: string;
  readonly client_secret: string;
  readonly amount: number;
  readonly currency: string;
  readonly metadata: Readonly<Record<string, string>>;
  /** Stripe's statuses: a declined attempt goes back to `requires_payment_method` (the payer may try again). */
  readonly status: 'requires_payment_method' | 'succeeded';
  readonly last_payment_error: { readonly message: string } | null;
  /** The charge of the successful attempt; its refunds add up in `amount_refunded`. */
  readonly latest_charge: string | null;
  readonly amount_refunded: number;
  /** Unix seconds. */
  readonly created: number;
}

export const devId = (prefix: string) => `${prefix}_dev_${randomBytes(12).toString('hex')}`;
const unixNow = () => Math.floor(Date.now() / 1000);

/** The webhook events the development provider sends, shaped exactly like Stripe's (snapshot events, API version of the SDK). */
export type DevEventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'charge.refunded';

export function devWebhookEvent(type: DevEventType, intent: DevPaymentIntent): Record<string, unknown> {
  return {
    id: devId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: unixNow(),
    data: { object: type === 'charge.refunded' ? chargeObject(intent) : paymentIntentObject(intent) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

function paymentIntentObject(intent: DevPaymentIntent) {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: intent.status === 'succeeded' ? intent.amount : 0,
    currency: intent.currency,
    client_secret: intent.client_secret,
    created: intent.created,
    latest_charge: intent.latest_charge,
    last_payment_error: intent.last_payment_error
      ? {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: intent.last_payment_error.message,
        }
      : null,
    livemode: false,
    metadata: intent.metadata,
    payment_method_types: ['card'],
    status: intent.status,
  };
}

function chargeObject(intent: DevPaymentIntent) {
  return {
    id: intent.latest_charge,
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: intent.amount_refunded,
    captured: true,
    created: intent.created,
    currency: intent.currency,
    livemode: false,
    // Stripe copies the PaymentIntent's metadata onto its charges.
    metadata: intent.metadata,
    paid: true,
    payment_intent: intent.id,
    refunded: intent.amount_refunded >= intent.amount,
    status: 'succeeded',
  };
}

/** Stripe's dispute events: opened by the payer's bank, then closed won or lost. */
export type DevDisputeEventType = 'charge.dispute.created' | 'charge.dispute.closed';

/**
 * A dispute of a paid development PaymentIntent's charge, shaped like Stripe's (the Dispute
 * object names its charge and PaymentIntent, and carries no metadata of the payment).
 */
export function devDisputeEvent(
  type: DevDisputeEventType,
  intent: DevPaymentIntent,
  dispute: { readonly id: string; readonly status: 'needs_response' | 'won' | 'lost' | 'warning_closed' },
): Record<string, unknown> {
  return {
    id: devId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: unixNow(),
    data: {
      object: {
        id: dispute.id,
        object: 'dispute',
        amount: intent.amount,
        charge: intent.latest_charge,
        currency: intent.currency,
        created: intent.created,
        livemode: false,
        metadata: {},
        payment_intent: intent.id,
        reason: 'fraudulent',
        status: dispute.status,
        is_charge_refundable: false,
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Signs `event` as Stripe does (Stripe-Signature: t=…,v1=…) with `secret`. */
export function signedDevWebhook(
  event: Record<string, unknown>,
  secret: string,
): { payload: string; signature: string } {
  const payload = JSON.stringify(event, null, 2);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
