import { describe, expect, it } from 'vitest';
import { loadWorkersConfig } from './config.ts';

const SMTP_URL = 'smtp://127.0.0.1:2525';

describe('loadWorkersConfig', () => {
  it('refuses the default TOKEN_SECRET on a non-loopback HOST, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => loadWorkersConfig({ NODE_ENV, HOST: '0.0.0.0', SMTP_URL })).toThrow(/TOKEN_SECRET/);
    }
    expect(() =>
      loadWorkersConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', SMTP_URL, TOKEN_SECRET: 'x'.repeat(40) }),
    ).toThrow(/PERSONAL_DATA_SECRET/);
    expect(() =>
      loadWorkersConfig({
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        SMTP_URL,
        TOKEN_SECRET: 'x'.repeat(40),
        PERSONAL_DATA_SECRET: 'y'.repeat(40),
      }),
    ).not.toThrow();
    expect(() => loadWorkersConfig({ NODE_ENV: 'development', HOST: '127.0.0.1' })).not.toThrow();
  });

  it('refuses the development outbox (no SMTP_URL) on a non-loopback HOST, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(() => loadWorkersConfig({ NODE_ENV, HOST: '0.0.0.0', TOKEN_SECRET: 'x'.repeat(40) })).toThrow(/SMTP_URL/);
    }
    expect(loadWorkersConfig({ NODE_ENV: 'development', HOST: 'localhost' }).SMTP_URL).toBeUndefined();
  });
});
