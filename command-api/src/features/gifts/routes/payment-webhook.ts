import { GIFT_MESSAGES, paymentWebhookResponse } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { eventMetadata } from '../../../platform/http/command-context.ts';
import { giftsRoute } from '../context.ts';
import { WebhookSignatureError, type PaymentNotice } from '../payments/payments-port.ts';
import { recordPayment } from '../record-payment.ts';

/**
 * The payment provider's webhook: the signature is checked over the raw body before anything in
 * it is believed (400 otherwise). Succeeded, failed and refunded payments, and disputes opened and
 * closed (a lost one takes the money back), are recorded on their gift; every other event is acknowledged and ignored. Answers 200 to repeats, so the provider
 * stops sending them.
 */
export const paymentWebhook = giftsRoute({
  method: 'POST',
  url: '/api/payments/webhook',
  summary: 'Payment provider webhook (Stripe)',
  description:
    'Signed with the Stripe-Signature header over the raw JSON body; 400 when the signature, body or timestamp does not hold.',
  config: {
    auth: 'visitor',
    command: 'RecordPayment',
    rawBody: true,
    limit: {
      none: 'deliveries are signed by the payment provider, which retries a refused one: a limit would only delay recording payments',
    },
  },
  schema: { response: { 200: paymentWebhookResponse } },
  handler: async ({ request, ctx }) => {
    const signature = request.headers['stripe-signature'];
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let notice: PaymentNotice;
    try {
      notice = ctx.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      request.log.warn({ reason: error.message }, 'payment webhook refused');
      throw new DomainError('bad_signature', GIFT_MESSAGES.badSignature, 400);
    }
    await recordPayment(ctx, notice, eventMetadata(request, null));
    return { received: true as const };
  },
});
