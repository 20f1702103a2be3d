import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { GIFT_MESSAGES } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import type { CreatedPaymentIntent, PaymentIntentRequest, PaymentsPort } from './payments-port.ts';
import { devId, devWebhookEvent, type DevEventType, type DevPaymentIntent } from './dev-payment-events.ts';
import { verifiedPaymentNotice } from './stripe-events.ts';

/** The development provider's webhook signing secret: public, like everything about this provider. */
export const DEV_WEBHOOK_SECRET = 'whsec_myworld_development';
/** PaymentIntents (and the idempotency keys naming them) are kept two days, longer than Stripe's 24 h key window. */
const TTL_SECONDS = 2 * 86_400;

const intentKey = (id: string) => `dev-payments:intent:${id}`;
const idempotencyKey = (key: string) => `dev-payments:idempotency:${key}`;

/**
 * Payments without Stripe, for development and tests (refused in production by the config): it
 * creates PaymentIntents itself, keeps them in Redis, and settles them when the payer presses Pay
 * or Decline on its page (dev/payment-page.ts), answering with the webhook event Stripe would send.
 */
export class DevPayments implements PaymentsPort {
  readonly provider = 'development' as const;
  readonly publishableKey = null;
  readonly webhookSecret = DEV_WEBHOOK_SECRET;

  constructor(private readonly redis: Redis) {}

  async createPaymentIntent(request: PaymentIntentRequest): Promise<CreatedPaymentIntent> {
    const id = devId('pi');
    // The first request under a key wins; a retry reads the PaymentIntent it made.
    const won = await this.redis.set(idempotencyKey(request.idempotencyKey), id, 'EX', TTL_SECONDS, 'NX');
    if (won !== 'OK') {
      const existing = await this.intent((await this.redis.get(idempotencyKey(request.idempotencyKey))) ?? '');
      if (!existing) throw new Error(`development PaymentIntent for ${request.idempotencyKey} is missing`);
      return { id: existing.id, clientSecret: existing.client_secret };
    }
    const intent: DevPaymentIntent = {
      id,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      amount: request.amountCents,
      currency: request.currency,
      metadata: { ...request.metadata },
      status: 'requires_payment_method',
      last_payment_error: null,
      latest_charge: null,
      amount_refunded: 0,
      created: Math.floor(Date.now() / 1000),
    };
    await this.save(intent);
    return { id, clientSecret: intent.client_secret };
  }

  async retrievePaymentIntent(id: string): Promise<CreatedPaymentIntent> {
    const intent = await this.intent(id);
    if (!intent) throw new DomainError('not_found', GIFT_MESSAGES.paymentNotFound, 404);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  confirmUrl(intent: CreatedPaymentIntent, returnTo: string): string {
    return `/dev/payments/${encodeURIComponent(intent.id)}?return_to=${encodeURI(returnTo)}`;
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined) {
    return verifiedPaymentNotice(rawBody, signatureHeader, DEV_WEBHOOK_SECRET);
  }

  async paymentIntentMetadata(id: string): Promise<Readonly<Record<string, string>> | null> {
    return (await this.intent(id))?.metadata ?? null;
  }

  /** A PaymentIntent this provider created (null: unknown or expired). */
  async intent(id: string): Promise<DevPaymentIntent | null> {
    const text = /^pi_dev_[0-9a-f]{24}$/.test(id) ? await this.redis.get(intentKey(id)) : null;
    return text ? (JSON.parse(text) as DevPaymentIntent) : null;
  }

  /** The payer pays: the PaymentIntent succeeds (also after a declined attempt). */
  pay(id: string) {
    return this.settle(id, 'payment_intent.succeeded', (intent) => ({
      ...intent,
      status: 'succeeded',
      last_payment_error: null,
      latest_charge: devId('ch'),
    }));
  }

  /** The payer's card is declined: the PaymentIntent waits for another attempt. */
  decline(id: string) {
    return this.settle(id, 'payment_intent.payment_failed', (intent) => ({
      ...intent,
      last_payment_error: { message: GIFT_MESSAGES.paymentDeclined },
    }));
  }

  /** Refunds `amountCents` (default: all that is left) of a paid PaymentIntent. */
  refund(id: string, amountCents?: number) {
    return this.settle(id, 'charge.refunded', (intent) => {
      if (intent.status !== 'succeeded')
        throw new DomainError('payment_not_paid', 'Only a completed payment can be refunded', 409);
      const left = intent.amount - intent.amount_refunded;
      const amount = amountCents ?? left;
      if (amount < 1 || amount > left)
        throw new DomainError('validation_failed', `A refund is from 1 to ${left} cents`, 400, 'amountCents');
      return { ...intent, amount_refunded: intent.amount_refunded + amount };
    });
  }

  /**
   * The PaymentIntent as the payer's action leaves it, and Stripe's event saying so. Not saved
   * here: the caller saves it once the webhook took the event, so a failed delivery can be retried.
   */
  private async settle(id: string, type: DevEventType, change: (intent: DevPaymentIntent) => DevPaymentIntent) {
    const intent = await this.intent(id);
    if (!intent) throw new DomainError('not_found', GIFT_MESSAGES.paymentNotFound, 404);
    if (type !== 'charge.refunded' && intent.status === 'succeeded')
      throw new DomainError('payment_settled', GIFT_MESSAGES.paymentSettled, 409);
    const changed = change(intent);
    return { intent: changed, event: devWebhookEvent(type, changed) };
  }

  /** Keeps the PaymentIntent as an action left it. */
  async save(intent: DevPaymentIntent): Promise<void> {
    await this.redis.set(intentKey(intent.id), JSON.stringify(intent), 'EX', TTL_SECONDS);
  }
}
