import type { GiftType } from '@myworld/schemas';
import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';
import { PublicProfiles } from '../live-streams/public-profiles.ts';
import { GiftAnnouncer } from './gift-announcer.ts';
import { DevPayments } from './payments/dev-payments.ts';
import type { PaymentsPort } from './payments/payments-port.ts';
import { StripePayments } from './payments/stripe-payments.ts';

/** What the gifts routes share: the catalogue, the payment provider and the room announcements. */
export interface GiftsContext extends Platform {
  /** GIFT_CATALOGUE, cheapest first. */
  readonly catalogue: readonly GiftType[];
  readonly payments: PaymentsPort;
  /** The development provider when it is the one in use (never in production): its pages act on it. */
  readonly devPayments: DevPayments | null;
  readonly announcer: GiftAnnouncer;
}

/** Stripe when STRIPE_SECRET_KEY is set (the config then requires the other keys); else the development provider. */
export function giftsContext(platform: Platform): GiftsContext {
  const { config } = platform;
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET && config.STRIPE_PUBLISHABLE_KEY
      ? new StripePayments({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, publishableKey: config.STRIPE_PUBLISHABLE_KEY, apiBase: config.STRIPE_API_BASE })
      : null;
  if (!stripe && config.NODE_ENV === 'production') throw new Error('payments: production needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY');
  const payments: PaymentsPort = stripe ?? new DevPayments(platform.redis);
  const profiles = new PublicProfiles(platform.readModels, platform.store);
  return {
    ...platform,
    catalogue: config.GIFT_CATALOGUE,
    payments,
    devPayments: payments instanceof DevPayments ? payments : null,
    announcer: new GiftAnnouncer({ gateway: platform.gateway, readModels: platform.readModels, profiles, logger: platform.logger, waitMs: config.MIN_POSITION_WAIT_MS }),
  };
}

/** Defines one gifts route (see routes/). */
export const giftsRoute = routeFor<GiftsContext>();
