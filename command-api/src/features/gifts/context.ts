import type { GiftType } from '@myworld/schemas';
import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';
import { devOnlyToolsAllowed } from '../../platform/dev/dev-only.ts';
import { DevPayments } from './payments/dev-payments.ts';
import { NoPayments } from './payments/no-payments.ts';
import type { PaymentsPort } from './payments/payments-port.ts';
import { StripePayments } from './payments/stripe-payments.ts';

/** What the gifts routes share: the catalogue and the payment provider. */
export interface GiftsContext extends Platform {
  /** GIFT_CATALOGUE, cheapest first. */
  readonly catalogue: readonly GiftType[];
  readonly payments: PaymentsPort;
  /** The development provider when it is the one in use (only where /dev/outbox runs): its pages act on it. */
  readonly devPayments: DevPayments | null;
}

type PaymentsSettings = Pick<
  Platform['config'],
  'NODE_ENV' | 'HOST' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PUBLISHABLE_KEY'
>;

/**
 * Which provider takes payments: Stripe when its keys are set; else the development provider, but
 * only where /dev/outbox runs (its webhook secret is public: anywhere else it would let anyone
 * forge a paid gift); else none, and gifts are refused (503).
 */
export function paymentsProviderFor(config: PaymentsSettings): PaymentsPort['provider'] {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET && config.STRIPE_PUBLISHABLE_KEY) return 'stripe';
  return devOnlyToolsAllowed(config) ? 'development' : 'none';
}

function paymentsFor(platform: Platform): PaymentsPort {
  const { config } = platform;
  switch (paymentsProviderFor(config)) {
    case 'stripe':
      return new StripePayments({
        secretKey: config.STRIPE_SECRET_KEY!,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
        apiBase: config.STRIPE_API_BASE,
      });
    case 'development':
      return new DevPayments(platform.redis);
    case 'none':
      platform.logger.warn(
        'payments: no STRIPE_SECRET_KEY and the development provider may not run here (production or a non-loopback HOST): gifts are refused',
      );
      return new NoPayments();
  }
}

/** The payment provider (paymentsProviderFor) and what the gifts routes share with it. */
export function giftsContext(platform: Platform): GiftsContext {
  const { config } = platform;
  const payments = paymentsFor(platform);
  return {
    ...platform,
    catalogue: config.GIFT_CATALOGUE,
    payments,
    devPayments: payments instanceof DevPayments ? payments : null,
  };
}

/** Defines one gifts route (see routes/). */
export const giftsRoute = routeFor<GiftsContext>();
