import { GIFT_MESSAGES } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { WebhookSignatureError, type CreatedPaymentIntent, type PaymentsPort } from './payments-port.ts';

const unavailable = () => new DomainError('payments_unavailable', GIFT_MESSAGES.paymentsUnavailable, 503);

/**
 * No payment provider: no Stripe keys, and the development provider (whose webhook secret is
 * public) may not run here. Every gift is refused with 503 before anything is recorded, and no
 * webhook is believed: nothing is ever faked as paid.
 */
export class NoPayments implements PaymentsPort {
  readonly provider = 'none' as const;
  readonly publishableKey = null;

  createPaymentIntent(): Promise<CreatedPaymentIntent> {
    return Promise.reject(unavailable());
  }

  retrievePaymentIntent(): Promise<CreatedPaymentIntent> {
    return Promise.reject(unavailable());
  }

  confirmUrl(): string {
    throw unavailable();
  }

  paymentIntentMetadata(): Promise<null> {
    return Promise.resolve(null);
  }

  verifyWebhook(): never {
    throw new WebhookSignatureError('no payment provider is configured');
  }
}
