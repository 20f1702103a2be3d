import { z } from 'zod';
import { GIFT_MESSAGES } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import type { RouteCall } from '../../../platform/http/route.ts';
import { giftsRoute, type GiftsContext } from '../context.ts';
import type { DevPaymentIntent } from '../payments/dev-payment-events.ts';
import type { DevPayments } from '../payments/dev-payments.ts';
import { deliverDevWebhook, ownWebhookUrl } from './webhook-delivery.ts';
import { sameSitePath, wantsHtml } from './return-to.ts';

const params = z.object({ paymentIntentId: z.string().max(100) });
const querystring = z.object({ return_to: z.string().max(500).optional() });
const answer = z.object({ paymentIntentId: z.string(), status: z.string(), amountRefundedCents: z.number().int() });

type Settle = (
  payments: DevPayments,
  id: string,
) => Promise<{ intent: DevPaymentIntent; event: Record<string, unknown> }>;
/** Where the page's form goes next, given the settled intent and the same-site return address. */
type Next = (intent: DevPaymentIntent, returnTo: string) => string;

/** As Stripe after confirmPayment: the return address, with the outcome in its query. */
const returnWithOutcome: Next = (intent, returnTo) => {
  const outcome = new URLSearchParams({
    payment_intent: intent.id,
    payment_intent_client_secret: intent.client_secret,
    redirect_status: intent.status === 'succeeded' ? 'succeeded' : 'failed',
  });
  return `${returnTo}${returnTo.includes('?') ? '&' : '?'}${outcome}`;
};

/** As Stripe's Payment Element after a declined card: the payer stays on the payment page, which says why. */
const backToPaymentPage: Next = (intent, returnTo) =>
  `/dev/payments/${encodeURIComponent(intent.id)}?return_to=${encodeURIComponent(returnTo)}`;
/** What every action's handler gets (the refund's also has a body, read by its own `settle`). */
type ActionCall = RouteCall<
  GiftsContext,
  { params: typeof params; querystring: typeof querystring; response: { 200: typeof answer } },
  'user'
>;

/**
 * What Stripe does when the payer acts, done here: the PaymentIntent changes once its webhook,
 * signed, was taken by this server's real /api/payments/webhook. Only the payer acts on their
 * PaymentIntent (403 for others, 404 for one this provider never made). A form from the page
 * goes where `next` says (from `return_to`); a program gets JSON.
 */
async function act(call: ActionCall, settle: Settle, next: Next = (_intent, returnTo) => returnTo) {
  const { request, reply, ctx, userId } = call;
  const payments = ctx.devPayments;
  const found = await payments?.intent(request.params.paymentIntentId);
  if (!payments || !found) throw new DomainError('not_found', GIFT_MESSAGES.paymentNotFound, 404);
  if (found.metadata.senderId !== userId)
    throw new DomainError('forbidden', 'Only the payer can act on this payment', 403);
  const { intent, event } = await settle(payments, found.id);
  const status = await deliverDevWebhook(
    ownWebhookUrl(request.server, ctx.config.PUBLIC_URL),
    event,
    payments.webhookSecret,
  );
  if (status !== 200) throw new DomainError('webhook_failed', `The payment webhook answered ${status}`, 503);
  await payments.save(intent);
  if (wantsHtml(request)) return reply.redirect(next(intent, sameSitePath(request.query.return_to)), 303);
  return { paymentIntentId: intent.id, status: intent.status, amountRefundedCents: intent.amount_refunded };
}

const DEV_ONLY = 'Development payment provider only (no STRIPE_SECRET_KEY); 404 otherwise.';

/** Pay: the PaymentIntent succeeds and payment_intent.succeeded is delivered; the page's form returns as Stripe does. */
export const devConfirmPayment = giftsRoute({
  method: 'POST',
  url: '/dev/payments/:paymentIntentId/confirm',
  summary: 'Development provider: pay',
  description: DEV_ONLY,
  config: {
    auth: 'user',
    limit: { none: 'the pages of the development payment provider, standing in for those of the real provider' },
  },
  schema: { params, querystring, response: { 200: answer } },
  handler: (call) => act(call, (payments, id) => payments.pay(id), returnWithOutcome),
});

/** Decline: payment_intent.payment_failed is delivered; the payer may still pay (the page's form shows it again). */
export const devDeclinePayment = giftsRoute({
  method: 'POST',
  url: '/dev/payments/:paymentIntentId/decline',
  summary: 'Development provider: decline the card',
  description: DEV_ONLY,
  config: {
    auth: 'user',
    limit: { none: 'the pages of the development payment provider, standing in for those of the real provider' },
  },
  schema: { params, querystring, response: { 200: answer } },
  handler: (call) => act(call, (payments, id) => payments.decline(id), backToPaymentPage),
});

const refundBody = z.object({ amountCents: z.number().int().positive().optional() });

/** Refund (all that is left, or `amountCents`): charge.refunded is delivered with the cumulative amount refunded. */
export const devRefundPayment = giftsRoute({
  method: 'POST',
  url: '/dev/payments/:paymentIntentId/refund',
  summary: 'Development provider: refund',
  description: DEV_ONLY,
  config: {
    auth: 'user',
    limit: { none: 'the pages of the development payment provider, standing in for those of the real provider' },
  },
  schema: { params, querystring, body: refundBody, response: { 200: answer } },
  handler: (call) => act(call, (payments, id) => payments.refund(id, call.request.body.amountCents)),
});
