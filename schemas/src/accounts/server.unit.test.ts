import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_PERSONAL_DATA_SECRET,
  DEVELOPMENT_TOKEN_SECRET,
  accountsConfigShape,
  assertProductionSecret,
  emailDigest,
  emailToken,
  hashToken,
  isLoopbackHost,
  userIdOfToken,
} from './server.ts';

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
    expect(() =>
      assertProductionSecret({ NODE_ENV: 'production', TOKEN_SECRET: DEVELOPMENT_TOKEN_SECRET, HOST: '127.0.0.1' }),
    ).toThrow(/TOKEN_SECRET/);
    expect(() =>
      assertProductionSecret({ NODE_ENV: 'production', TOKEN_SECRET: SECRET, HOST: '0.0.0.0' }),
    ).not.toThrow();
    expect(() =>
      assertProductionSecret({ NODE_ENV: 'development', TOKEN_SECRET: DEVELOPMENT_TOKEN_SECRET, HOST: '127.0.0.1' }),
    ).not.toThrow();
  });

  it('is refused on a non-loopback HOST whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() =>
        assertProductionSecret({ NODE_ENV, TOKEN_SECRET: DEVELOPMENT_TOKEN_SECRET, HOST: '0.0.0.0' }),
      ).toThrow(/TOKEN_SECRET/);
      expect(() => assertProductionSecret({ NODE_ENV, TOKEN_SECRET: SECRET, HOST: '0.0.0.0' })).not.toThrow();
    }
    expect(['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.5', 'example.com', '128.0.0.1'].some(isLoopbackHost)).toBe(false);
  });
});

describe('email digests (names of email reservation streams)', () => {
  it('are keyed hashes: the same address and secret give the same name, which does not contain the address', () => {
    const digest = emailDigest(SECRET, 'jane@example.com');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).toBe(emailDigest(SECRET, 'jane@example.com'));
    expect(digest).not.toBe(emailDigest(SECRET, 'john@example.com'));
    expect(digest).not.toBe(emailDigest(`${SECRET}x`, 'jane@example.com'));
  });
});

describe('PERSONAL_DATA_SECRET', () => {
  it('defaults to the development secret, which production and non-loopback hosts refuse', () => {
    expect(accountsConfigShape.PERSONAL_DATA_SECRET.parse(undefined)).toBe(DEVELOPMENT_PERSONAL_DATA_SECRET);
    const base = { TOKEN_SECRET: SECRET, PERSONAL_DATA_SECRET: DEVELOPMENT_PERSONAL_DATA_SECRET };
    expect(() => assertProductionSecret({ ...base, NODE_ENV: 'production', HOST: '127.0.0.1' })).toThrow(
      /PERSONAL_DATA_SECRET/,
    );
    expect(() => assertProductionSecret({ ...base, NODE_ENV: 'test', HOST: '0.0.0.0' })).toThrow(
      /PERSONAL_DATA_SECRET/,
    );
    expect(() => assertProductionSecret({ ...base, NODE_ENV: 'development', HOST: '127.0.0.1' })).not.toThrow();
    expect(() =>
      assertProductionSecret({ ...base, PERSONAL_DATA_SECRET: SECRET, NODE_ENV: 'production', HOST: '0.0.0.0' }),
    ).not.toThrow();
  });
});
