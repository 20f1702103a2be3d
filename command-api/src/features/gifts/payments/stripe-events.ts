import Stripe from 'stripe';
import { WebhookSignatureError, type PaymentNotice } from './payments-port.ts';

/**
 * Verifies a Stripe-signed webhook (the Stripe-Signature header over the exact bytes received, at
 * most 5 minutes old) and reads the notice from it. Shared by both adapters: the development
 * provider signs its events the way Stripe does, with its own secret.
 */
export function verifiedPaymentNotice(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  webhookSecret: string,
): PaymentNotice {
  let event: Stripe.Event;
  try {
    if (!signatureHeader) throw new Error('no Stripe-Signature header');
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
  return paymentNotice(event);
}

function paymentNotice(event: Stripe.Event): PaymentNotice {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return { kind: 'succeeded', paymentIntentId: intent.id, metadata: intent.metadata ?? {} };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        kind: 'failed',
        paymentIntentId: intent.id,
        metadata: intent.metadata ?? {},
        reason: intent.last_payment_error?.message ?? null,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
      if (!paymentIntentId) return { kind: 'ignored', eventType: event.type };
      return {
        kind: 'refunded',
        paymentIntentId,
        metadata: charge.metadata ?? {},
        totalRefundedCents: charge.amount_refunded,
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const paymentIntentId =
        typeof dispute.payment_intent === 'string' ? dispute.payment_intent : (dispute.payment_intent?.id ?? null);
      if (!paymentIntentId) return { kind: 'ignored', eventType: event.type };
      const base = { paymentIntentId, disputeId: dispute.id, amountCents: dispute.amount };
      if (event.type === 'charge.dispute.created')
        return { kind: 'dispute_opened', ...base, reason: dispute.reason ?? null };
      // Only a lost dispute takes the money; won, warning_closed (an inquiry) and prevented keep it.
      return { kind: 'dispute_closed', ...base, outcome: dispute.status === 'lost' ? 'lost' : 'won' };
    }
    default:
      return { kind: 'ignored', eventType: event.type };
  }
}
