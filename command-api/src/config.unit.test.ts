import { describe, expect, it } from 'vitest';
import { loadApiConfig } from './config.ts';

describe('loadApiConfig', () => {
  it('refuses the default TOKEN_SECRET on a non-loopback HOST, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => loadApiConfig({ NODE_ENV, HOST: '0.0.0.0' })).toThrow(/TOKEN_SECRET/);
    }
    expect(() => loadApiConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', TOKEN_SECRET: 'x'.repeat(40) })).not.toThrow();
    expect(() => loadApiConfig({ NODE_ENV: 'development', HOST: '127.0.0.1' })).not.toThrow();
  });

  it('METRICS_TOKEN is optional (empty counts as unset) and must be long enough when set', () => {
    expect(loadApiConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadApiConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadApiConfig({}).METRICS_CACHE_MS).toBe(1000);
    expect(() => loadApiConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
