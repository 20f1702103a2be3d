import Stripe from 'stripe';
import { DomainError } from '@myworld/write-model';
import type { CreatedPaymentIntent, PaymentIntentRequest, PaymentsPort } from './payments-port.ts';
import { verifiedPaymentNotice } from './stripe-events.ts';

export interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly publishableKey: string;
  /** Where API calls go (a local stand-in in tests); unset: Stripe's own API. */
  readonly apiBase?: string | undefined;
}

/** Payments through Stripe: PaymentIntents confirmed in the browser with the Payment Element. */
export class StripePayments implements PaymentsPort {
  readonly provider = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.stripe = new Stripe(settings.secretKey, settings.apiBase ? apiAddress(settings.apiBase) : {});
  }

  async createPaymentIntent(request: PaymentIntentRequest): Promise<CreatedPaymentIntent> {
    const intent = await reachStripe(() =>
      this.stripe.paymentIntents.create(
        { amount: request.amountCents, currency: request.currency, metadata: { ...request.metadata } },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return withClientSecret(intent);
  }

  async retrievePaymentIntent(id: string): Promise<CreatedPaymentIntent> {
    return withClientSecret(await reachStripe(() => this.stripe.paymentIntents.retrieve(id)));
  }

  confirmUrl(intent: CreatedPaymentIntent, returnTo: string): string {
    return `/payments/confirm?payment_intent=${encodeURIComponent(intent.id)}&client_secret=${encodeURIComponent(intent.clientSecret)}&return_to=${encodeURI(returnTo)}`;
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined) {
    return verifiedPaymentNotice(rawBody, signatureHeader, this.settings.webhookSecret);
  }

  async paymentIntentMetadata(id: string): Promise<Readonly<Record<string, string>> | null> {
    try {
      return (await reachStripe(() => this.stripe.paymentIntents.retrieve(id))).metadata ?? {};
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }
}

function withClientSecret(intent: Stripe.PaymentIntent): CreatedPaymentIntent {
  if (!intent.client_secret) throw new Error(`Stripe answered PaymentIntent ${intent.id} without a client secret`);
  return { id: intent.id, clientSecret: intent.client_secret };
}

/** Stripe unreachable or failing on its side: the caller may retry (503), the request was not wrong. */
async function reachStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      throw new DomainError(
        'payments_unavailable',
        'Payments are not available right now. Please try again in a moment.',
        503,
      );
    }
    throw error;
  }
}

/** STRIPE_API_BASE as the SDK takes it: host, port and protocol. */
function apiAddress(base: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}
