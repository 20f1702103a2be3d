import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_TOKEN_SECRET, accountsConfigShape, assertProductionSecret, emailToken, hashToken, userIdOfToken } from './server.ts';

const USER = '0b6f3c1e-2a4d-4e8f-9c10-123456789abc';
const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('emailed tokens', () => {
  it('derive from the token id with the secret and name their user', () => {
    const token = emailToken(SECRET, USER, 'token-id');
    expect(token).toBe(emailToken(SECRET, USER, 'token-id'));
    expect(token).not.toBe(emailToken(`${SECRET}x`, USER, 'token-id'));
    expect(userIdOfToken(token)).toBe(USER);
    expect(userIdOfToken(`${USER}.short`)).toBeNull();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('TOKEN_SECRET', () => {
  it('defaults to the development secret, which production refuses', () => {
    expect(accountsConfigShape.TOKEN_SECRET.parse(undefined)).toBe(DEVELOPMENT_TOKEN_SECRET);
    expect(() => assertProductionSecret({ NODE_ENV: 'production', TOKEN_SECRET: DEVELOPMENT_TOKEN_SECRET })).toThrow(/TOKEN_SECRET/);
    expect(() => assertProductionSecret({ NODE_ENV: 'production', TOKEN_SECRET: SECRET })).not.toThrow();
    expect(() => assertProductionSecret({ NODE_ENV: 'development', TOKEN_SECRET: DEVELOPMENT_TOKEN_SECRET })).not.toThrow();
  });
});
