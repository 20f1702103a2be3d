/**
 * The payment provider as the gifts feature sees it: it creates PaymentIntents and turns the
 * provider's signed webhooks into payment notices. Adapters: Stripe (stripe-payments.ts) and the
 * development provider (dev-payments.ts), which plays Stripe's part on this machine, and none
 * (no-payments.ts) where neither may run.
 */
export interface PaymentsPort {
  readonly provider: 'stripe' | 'development' | 'none';
  /** What the browser needs to confirm a payment with the provider (Stripe's publishable key). */
  readonly publishableKey: string | null;
  /** The same idempotency key answers the same PaymentIntent (a retried request pays once). */
  createPaymentIntent(request: PaymentIntentRequest): Promise<CreatedPaymentIntent>;
  /** A PaymentIntent created before (a retried request answers its client secret again). */
  retrievePaymentIntent(id: string): Promise<CreatedPaymentIntent>;
  /** Where the payer confirms: Stripe's Payment Element page, or the development page. */
  confirmUrl(intent: CreatedPaymentIntent, returnTo: string): string;
  /** Checks the signature over the raw body; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentNotice;
  /**
   * The metadata the PaymentIntent was created with (null: unknown to the provider). A dispute
   * names only its charge and PaymentIntent, so its gift is found through the PaymentIntent.
   */
  paymentIntentMetadata(id: string): Promise<Readonly<Record<string, string>> | null>;
}

export interface PaymentIntentRequest {
  readonly amountCents: number;
  readonly currency: string;
  /** Stripe keeps string values only; the webhooks carry them back. */
  readonly metadata: Readonly<Record<string, string>>;
  readonly idempotencyKey: string;
}

export interface CreatedPaymentIntent {
  readonly id: string;
  readonly clientSecret: string;
}

/** A verified webhook, reduced to what the gifts feature acts on. */
export type PaymentNotice =
  | {
      readonly kind: 'succeeded';
      readonly paymentIntentId: string;
      readonly metadata: Readonly<Record<string, string>>;
    }
  | {
      readonly kind: 'failed';
      readonly paymentIntentId: string;
      readonly metadata: Readonly<Record<string, string>>;
      readonly reason: string | null;
    }
  /** `totalRefundedCents` is cumulative (Stripe's charge.amount_refunded). */
  | {
      readonly kind: 'refunded';
      readonly paymentIntentId: string;
      readonly metadata: Readonly<Record<string, string>>;
      readonly totalRefundedCents: number;
    }
  /** Stripe's charge.dispute.created and charge.dispute.closed (a closed dispute is won or lost); no metadata: see paymentIntentMetadata. */
  | {
      readonly kind: 'dispute_opened';
      readonly paymentIntentId: string;
      readonly disputeId: string;
      readonly amountCents: number;
      readonly reason: string | null;
    }
  | {
      readonly kind: 'dispute_closed';
      readonly paymentIntentId: string;
      readonly disputeId: string;
      readonly amountCents: number;
      readonly outcome: 'won' | 'lost';
    }
  | { readonly kind: 'ignored'; readonly eventType: string };

/** The webhook's signature is missing, wrong, over another body or too old. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}
