import { describe, expect, it } from 'vitest';
import { buildPolicies } from './security-headers.ts';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim().split(' '))
    .find(([n]) => n === name)
    ?.slice(1);

describe('the Content-Security-Policy follows the configuration', () => {
  it('a TLS deployment with a store on its own host and Stripe payments: wss, the store and Stripe are allowed, inline script still is not', () => {
    const { app } = buildPolicies({
      config: {
        PUBLIC_URL: 'https://myworld.example',
        HSTS_MAX_AGE_SECONDS: 31_536_000,
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      },
      storage: { publicUrlOf: (key) => `https://media-bucket.s3.eu-west-1.amazonaws.com/${key}` },
    });
    expect(directive(app, 'connect-src')).toEqual([
      "'self'",
      'wss://myworld.example',
      'https://media-bucket.s3.eu-west-1.amazonaws.com',
      'https://api.stripe.com',
    ]);
    expect(directive(app, 'script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(directive(app, 'frame-src')).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(directive(app, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('the development provider and a store on the same origin: no third party at all, frames refused', () => {
    const { app } = buildPolicies({
      config: { PUBLIC_URL: 'http://127.0.0.1:3000', HSTS_MAX_AGE_SECONDS: 0 },
      storage: { publicUrlOf: (key) => `http://127.0.0.1:3000/storage/myworld-media/${key}` },
    });
    expect(directive(app, 'connect-src')).toEqual(["'self'", 'ws://127.0.0.1:3000']);
    expect(directive(app, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(app, 'frame-src')).toEqual(["'none'"]);
    expect(app).not.toMatch(/stripe|'unsafe-inline'|'unsafe-eval'/);
  });

  it("the client page's inlined stylesheet is allowed by its hash alone", () => {
    const { app } = buildPolicies({
      config: { PUBLIC_URL: 'http://127.0.0.1:3000', HSTS_MAX_AGE_SECONDS: 0 },
      storage: { publicUrlOf: (key) => `http://127.0.0.1:3000/storage/myworld-media/${key}` },
      inlineStyleHashes: ["'sha256-6hWWMOcF+mJesSJGYhmK2lkIIEw9Xc5XKGLPVzh8yxs='"],
    });
    expect(directive(app, 'style-src')).toEqual(["'self'", "'sha256-6hWWMOcF+mJesSJGYhmK2lkIIEw9Xc5XKGLPVzh8yxs='"]);
    expect(app).not.toMatch(/'unsafe-inline'/);
  });
});
