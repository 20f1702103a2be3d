import { describe, expect, it } from 'vitest';
import { loadApiConfig } from './config.ts';

const SECRETS = { TOKEN_SECRET: 'x'.repeat(40), PERSONAL_DATA_SECRET: 'y'.repeat(40) };
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
};

describe('loadApiConfig', () => {
  it('refuses the default TOKEN_SECRET on a non-loopback HOST, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => loadApiConfig({ NODE_ENV, HOST: '0.0.0.0', ...STRIPE })).toThrow(/TOKEN_SECRET/);
    }
    expect(() =>
      loadApiConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', TOKEN_SECRET: 'x'.repeat(40), ...STRIPE }),
    ).toThrow(/PERSONAL_DATA_SECRET: set a secret of your own in production/);
    expect(() => loadApiConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', ...SECRETS, ...STRIPE })).not.toThrow();
    expect(() => loadApiConfig({ NODE_ENV: 'development', HOST: '127.0.0.1' })).not.toThrow();
  });

  it('PASSWORD_HASH_COST is 17 by default, may be lowered for tests, and never below 17 in production', () => {
    expect(loadApiConfig({}).PASSWORD_HASH_COST).toBe(17);
    expect(loadApiConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '12' }).PASSWORD_HASH_COST).toBe(12);
    expect(() => loadApiConfig({ PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
    const production = { NODE_ENV: 'production', ...SECRETS, ...STRIPE };
    expect(() => loadApiConfig({ ...production, PASSWORD_HASH_COST: '16' })).toThrow(
      /PASSWORD_HASH_COST: PASSWORD_HASH_COST must be at least 17 in production/,
    );
    expect(loadApiConfig({ ...production, PASSWORD_HASH_COST: '18' }).PASSWORD_HASH_COST).toBe(18);
  });

  it('METRICS_TOKEN is optional (empty counts as unset) and must be long enough when set', () => {
    expect(loadApiConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadApiConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadApiConfig({}).METRICS_CACHE_MS).toBe(1000);
    expect(() => loadApiConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('production refuses the development payment provider, naming each missing Stripe variable', () => {
    const production = { NODE_ENV: 'production', ...SECRETS };
    expect(() => loadApiConfig(production)).toThrow(/STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is required in production/);
    expect(() => loadApiConfig({ ...production, ...STRIPE, STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required in production/,
    );
    expect(() => loadApiConfig({ ...production, ...STRIPE, STRIPE_PUBLISHABLE_KEY: undefined })).toThrow(
      /STRIPE_PUBLISHABLE_KEY/,
    );
    expect(loadApiConfig({ ...production, ...STRIPE }).STRIPE_SECRET_KEY).toBe('sk_test_123');
    // Development without keys uses the development provider; a secret key alone is half a set-up.
    expect(loadApiConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => loadApiConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY/,
    );
  });

  it('GIFT_CATALOGUE: JSON checked by the shared rules, served cheapest first; default the built-in catalogue', () => {
    expect(loadApiConfig({}).GIFT_CATALOGUE.map((g) => g.type)).toEqual([
      'rose',
      'heart',
      'star',
      'diamond',
      'crown',
      'rocket',
      'castle',
    ]);
    const gifts = ['f', 'e', 'd', 'c', 'b', 'a'].map((type, i) => ({ type, emoji: '🎁', price: 600 - i * 100 }));
    expect(loadApiConfig({ GIFT_CATALOGUE: JSON.stringify(gifts) }).GIFT_CATALOGUE.map((g) => g.price)).toEqual([
      100, 200, 300, 400, 500, 600,
    ]);
    expect(() => loadApiConfig({ GIFT_CATALOGUE: '[{' })).toThrow(/GIFT_CATALOGUE: GIFT_CATALOGUE must be JSON/);
    expect(() => loadApiConfig({ GIFT_CATALOGUE: JSON.stringify(gifts.slice(0, 5)) })).toThrow(
      /GIFT_CATALOGUE: the gift catalogue has at least 6 gifts/,
    );
    expect(() =>
      loadApiConfig({ GIFT_CATALOGUE: JSON.stringify([...gifts.slice(1), { ...gifts[1], price: 50 }]) }),
    ).toThrow(/GIFT_CATALOGUE/);
  });
});
