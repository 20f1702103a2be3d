import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';

describe('password hashing (scrypt)', () => {
  it('salts each hash at N = 2^17 (OWASP), verifies the right password only, and stores its parameters', async () => {
    const [a, b] = await Promise.all([hashPassword('Secret123'), hashPassword('Secret123')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('Secret123', a)).toBe(true);
    expect(await verifyPassword('Secret124', a)).toBe(false);
    expect(await verifyPassword('Secret123', 'garbage')).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('verifies a hash made with older parameters and says it needs a rehash', async () => {
    const old = await hashPassword('Secret123', 15);
    expect(old).toMatch(/^scrypt\$15\$/);
    expect(await verifyPassword('Secret123', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });
});
