import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from './request-fingerprint.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters!';

describe('request fingerprint (what an Idempotency-Key is bound to)', () => {
  it('canonical JSON sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":null,"z":1}]},"b":1}',
    );
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('equal requests give one fingerprint whatever the key order; method, route, body and secret each change it', () => {
    const fp = requestFingerprint(SECRET, 'PATCH', '/api/users/privacy', { hideActivity: true, hideEngagement: false });
    expect(
      requestFingerprint(SECRET, 'patch', '/api/users/privacy', { hideEngagement: false, hideActivity: true }),
    ).toBe(fp);
    expect(
      requestFingerprint(SECRET, 'POST', '/api/users/privacy', { hideActivity: true, hideEngagement: false }),
    ).not.toBe(fp);
    expect(
      requestFingerprint(SECRET, 'PATCH', '/api/users/other', { hideActivity: true, hideEngagement: false }),
    ).not.toBe(fp);
    expect(
      requestFingerprint(SECRET, 'PATCH', '/api/users/privacy', { hideActivity: false, hideEngagement: false }),
    ).not.toBe(fp);
    expect(
      requestFingerprint(`${SECRET}x`, 'PATCH', '/api/users/privacy', { hideActivity: true, hideEngagement: false }),
    ).not.toBe(fp);
  });

  it('is keyed: a password in the body is not recoverable by hashing guesses without the secret', async () => {
    const { createHash } = await import('node:crypto');
    const body = { email: 'a@example.com', password: 'Secret123' };
    const fp = requestFingerprint(SECRET, 'POST', '/api/auth/register', body);
    const unkeyed = createHash('sha256')
      .update(`POST\n/api/auth/register\n${canonicalJson(body)}`)
      .digest('base64url');
    expect(fp).not.toBe(unkeyed);
  });
});
