import { z } from 'zod';

/**
 * How the payment window hands the buyer back to the stream's tab. Stripe (and the development
 * provider, which stands in for it) sends the window to the return address with the outcome in the
 * query; the window then tells the buyer's tab over a BroadcastChannel, which answers and shows the
 * gift, so the window can close instead of opening a second copy of the stream.
 */

/** Stripe's query on the return address after confirmPayment (the client secret it adds is not read). */
export const paymentReturnQuery = z.object({
  payment_intent: z.string().min(1).max(100),
  /** succeeded, processing, or requires_payment_method / failed when the payment did not go through. */
  redirect_status: z.string().max(40),
});
export type PaymentReturnQuery = z.infer<typeof paymentReturnQuery>;

/** The outcome the window reports: a processing payment is reported as sent (its webhook follows). */
export const paymentOutcome = (redirectStatus: string): 'succeeded' | 'failed' =>
  redirectStatus === 'succeeded' || redirectStatus === 'processing' ? 'succeeded' : 'failed';

export const PAYMENT_RETURN_CHANNEL = 'myworld:gift-payments';

/** The messages on PAYMENT_RETURN_CHANNEL: the window's report, and the buyer's tab taking it. */
export const paymentReturnNotice = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('payment_returned'),
    paymentIntentId: z.string(),
    outcome: z.enum(['succeeded', 'failed']),
  }),
  z.object({ type: z.literal('payment_taken'), paymentIntentId: z.string() }),
]);
export type PaymentReturnNotice = z.infer<typeof paymentReturnNotice>;
