import { describe, expect, it } from 'vitest';
import { paymentsProviderFor } from './context.ts';

describe('paymentsProviderFor: the development provider runs only where /dev/outbox does', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  };
  const none = { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_PUBLISHABLE_KEY: undefined };

  it('development or test on a loopback HOST, no Stripe keys: the development provider', () => {
    for (const NODE_ENV of ['development', 'test'] as const) {
      for (const HOST of ['127.0.0.1', 'localhost', '::1', '[::1]'])
        expect(paymentsProviderFor({ NODE_ENV, HOST, ...none })).toBe('development');
    }
  });

  it('production, or a non-loopback HOST in any mode, no Stripe keys: none (gifts refused), never the development provider', () => {
    expect(paymentsProviderFor({ NODE_ENV: 'production', HOST: '127.0.0.1', ...none })).toBe('none');
    for (const NODE_ENV of ['development', 'test', 'production'] as const) {
      for (const HOST of ['0.0.0.0', '::', '10.1.2.3', 'example.com'])
        expect(paymentsProviderFor({ NODE_ENV, HOST, ...none })).toBe('none');
    }
  });

  it('Stripe keys: Stripe in every mode', () => {
    for (const NODE_ENV of ['development', 'test', 'production'] as const)
      expect(paymentsProviderFor({ NODE_ENV, HOST: '0.0.0.0', ...stripe })).toBe('stripe');
  });
});
