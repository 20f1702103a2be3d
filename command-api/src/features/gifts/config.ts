import { z } from 'zod';
import { DEFAULT_GIFT_CATALOGUE, giftCatalogue, type GiftType } from '@myworld/schemas';
import { defineFeatureConfig, type SettingsOf } from '../../platform/feature-config.ts';

/** An optional string; an empty variable counts as unset. */
const optionalText = () => z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

/** The catalogue, cheapest first (the order GET /api/gifts answers in). */
const cheapestFirst = (gifts: readonly GiftType[]): GiftType[] =>
  [...gifts].sort((a, b) => a.price - b.price || a.type.localeCompare(b.type));

/** GIFT_CATALOGUE is JSON: a bad document stops start-up naming the variable. */
const catalogueJson = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: 'GIFT_CATALOGUE must be JSON: [{ "type", "emoji", "price" (cents) }, ...]',
    });
    return z.NEVER;
  }
});

/** The gifts and payments settings (the gifts feature contributes them, checked by paymentsConfigIssues). */
const giftsConfigShape = {
  /** The gifts on sale, as JSON `[{ "type": "rose", "emoji": "🌹", "price": 100 }, ...]` (price in cents). Default: DEFAULT_GIFT_CATALOGUE. */
  GIFT_CATALOGUE: z
    .preprocess((v) => (v === '' ? undefined : v), catalogueJson.pipe(giftCatalogue).optional())
    .transform((gifts) => cheapestFirst(gifts ?? DEFAULT_GIFT_CATALOGUE)),
  /**
   * Stripe's secret key (sk_...). Default: unset, and gifts are paid with the development provider
   * where /dev/outbox runs (NODE_ENV development or test on a loopback HOST); anywhere else gifts are refused (503).
   */
  STRIPE_SECRET_KEY: optionalText(),
  /** The signing secret of the Stripe webhook endpoint /api/payments/webhook (whsec_...). Required with STRIPE_SECRET_KEY. Default: unset. */
  STRIPE_WEBHOOK_SECRET: optionalText(),
  /** Stripe's publishable key (pk_...) for the Payment Element page. Required with STRIPE_SECRET_KEY. Default: unset. */
  STRIPE_PUBLISHABLE_KEY: optionalText(),
  /** Where the Stripe SDK sends API calls, e.g. http://127.0.0.1:12111 for a local stand-in. Default: unset (https://api.stripe.com). */
  STRIPE_API_BASE: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
};

type PaymentsSettings = {
  NODE_ENV: string;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
};

/**
 * Production takes real payments: it refuses to start with the development provider (no Stripe
 * keys). Anywhere, a Stripe secret key needs its webhook secret and publishable key beside it.
 */
export function paymentsConfigIssues(config: PaymentsSettings, ctx: z.RefinementCtx): void {
  const stripe = config.STRIPE_SECRET_KEY !== undefined;
  const required = config.NODE_ENV === 'production' || stripe;
  if (!required) return;
  const because =
    config.NODE_ENV === 'production'
      ? 'required in production (the development payment provider is refused there)'
      : 'required with STRIPE_SECRET_KEY';
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const) {
    if (config[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is ${because}` });
  }
}

/** What the gifts feature adds to the API's configuration. */
export const giftsConfig = defineFeatureConfig({ shape: giftsConfigShape, issues: paymentsConfigIssues });

declare module '../../platform/feature-config.ts' {
  interface FeatureSettings extends SettingsOf<typeof giftsConfig.shape> {}
}
