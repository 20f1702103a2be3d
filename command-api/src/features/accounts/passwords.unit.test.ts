import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing (scrypt)', () => {
  it('salts each hash, verifies the right password only, and stores its parameters', async () => {
    const [a, b] = await Promise.all([hashPassword('Secret123'), hashPassword('Secret123')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('Secret123', a)).toBe(true);
    expect(await verifyPassword('Secret124', a)).toBe(false);
    expect(await verifyPassword('Secret123', 'garbage')).toBe(false);
  });
});
