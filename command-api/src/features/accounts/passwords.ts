import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt at OWASP's parameters (N = 2^17, r = 8, p = 1: each guess costs
 * 128 MiB of RAM), a 16-byte random salt per hash and a constant-time comparison. The parameters
 * are stored in the hash (`scrypt$log2N$r$p$salt$key`), so they can be raised without breaking
 * old passwords: `needsRehash` tells sign-in to store a fresh hash of a password it just verified.
 */
export const COST_LOG2 = 17; // N = 131072
/** The lowest cost PASSWORD_HASH_COST may set outside production (tests: N = 2^12 costs about 7 ms instead of 700). */
export const MIN_COST_LOG2 = 10;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
/** scrypt needs 128 * N * r bytes (128 MiB at N = 2^17); Node's default ceiling is 32 MiB. Headroom for costs up to 2^18. */
const MAX_MEMORY = 2 * 128 * 2 ** 18 * BLOCK_SIZE;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Hashes with the current parameters (`costLog2`: PASSWORD_HASH_COST, 17 in production). */
export async function hashPassword(password: string, costLog2: number = COST_LOG2): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: 2 ** costLog2, r: BLOCK_SIZE, p: PARALLELISM }, KEY_LENGTH);
  return ['scrypt', costLog2, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, logN, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const [cost, block, parallel] = [Number(logN), Number(r), Number(p)];
  if (![cost, block, parallel].every((n) => Number.isInteger(n) && n > 0) || cost > 18 || block > 32 || parallel > 16)
    return null;
  return { cost, block, parallel, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await derive(
    password,
    parsed.salt,
    { N: 2 ** parsed.cost, r: parsed.block, p: parsed.parallel },
    parsed.key.length,
  );
  return timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with other parameters than today's (upgrade it after a successful sign-in). */
export function needsRehash(stored: string, costLog2: number = COST_LOG2): boolean {
  const parsed = parse(stored);
  return (
    !parsed ||
    parsed.cost !== costLog2 ||
    parsed.block !== BLOCK_SIZE ||
    parsed.parallel !== PARALLELISM ||
    parsed.key.length !== KEY_LENGTH
  );
}

/** A real hash of nothing anyone knows: unknown emails are checked against it so they take as long. */
const decoys = new Map<number, Promise<string>>();
export function decoyPasswordHash(costLog2: number = COST_LOG2): Promise<string> {
  let decoy = decoys.get(costLog2);
  if (!decoy) decoys.set(costLog2, (decoy = hashPassword(randomBytes(16).toString('hex'), costLog2)));
  return decoy;
}
