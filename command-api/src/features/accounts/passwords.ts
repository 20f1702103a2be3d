import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard: each guess costs 32 MiB of RAM), a 16-byte random
 * salt per hash and a constant-time comparison. The parameters are stored in the hash so they can
 * be raised later without breaking old passwords.
 */
const COST_LOG2 = 15; // N = 32768
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
// 128 * N * r = 32 MiB; Node's default ceiling is exactly 32 MiB, so allow headroom.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: 2 ** COST_LOG2, r: BLOCK_SIZE, p: PARALLELISM }, KEY_LENGTH);
  return ['scrypt', COST_LOG2, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, salt, expected] = parts as [string, string, string, string, string, string];
  const expectedKey = Buffer.from(expected, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: 2 ** Number(logN), r: Number(r), p: Number(p) }, expectedKey.length);
  return timingSafeEqual(key, expectedKey);
}

/** A real hash of nothing anyone knows: unknown emails are checked against it so they take as long. */
let decoy: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
