import type { Redis } from 'ioredis';

export interface LoginThrottleLimits {
  /** Failures per account and address before that pair waits. */
  readonly failuresBeforeBackoff: number;
  /** The first wait in seconds; each further failure doubles it ... */
  readonly backoffBaseSeconds: number;
  /** ... up to this. */
  readonly backoffMaxSeconds: number;
  /** Failed attempts per address for all accounts together, in a fixed window. */
  readonly perAddress: { readonly max: number; readonly windowSeconds: number };
}

/** Why an attempt may not run: the account from this address waits, or the address has used its window. */
export type LoginRefusal = { readonly refused: 'account' | 'address'; readonly retryAfterSeconds: number };

// KEYS: 1 allowance (attempts the pair may still start), 2 block (the pair waits while it exists), 3 address counter.
// ARGV: 1 failuresBeforeBackoff, 2 address max, 3 pair window (s), 4 backoff base (s), 5 address window (s).
// The address counter counts attempts as they start (a success gives its place back), so parallel
// attempts cannot pass it either.
// Returns {1} to go on, or {0, retryAfterSeconds, 'account'|'address'}.
const BEGIN = `
local blocked = redis.call('TTL', KEYS[2])
if blocked > 0 then return {0, blocked, 'account'} end
local address = tonumber(redis.call('GET', KEYS[3]) or '0')
if address >= tonumber(ARGV[2]) then
  local ttl = redis.call('TTL', KEYS[3])
  if ttl < 1 then ttl = 1 end
  return {0, ttl, 'address'}
end
local left = tonumber(redis.call('GET', KEYS[1]) or ARGV[1])
if left <= 0 then return {0, tonumber(ARGV[4]), 'account'} end
redis.call('SET', KEYS[1], left - 1, 'EX', ARGV[3])
if redis.call('INCR', KEYS[3]) == 1 then redis.call('EXPIRE', KEYS[3], ARGV[5]) end
return {1}
`;

// KEYS: 1 allowance, 2 block, 3 failure count of the pair.
// ARGV: 1 failuresBeforeBackoff, 2 pair window (s), 3 base (s), 4 max (s).
// Returns the pair's failure count.
const FAIL = `
local failures = redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], ARGV[2])
local threshold = tonumber(ARGV[1])
if failures >= threshold then
  local wait = math.min(tonumber(ARGV[3]) * 2 ^ (failures - threshold), tonumber(ARGV[4]))
  redis.call('SET', KEYS[2], '1', 'EX', math.floor(wait))
  -- After the wait, one more try (whose failure doubles the wait).
  redis.call('SET', KEYS[1], 1, 'EX', ARGV[2])
end
return failures
`;

// KEYS: 1 address counter. Gives a successful attempt's place back.
const GIVE_BACK = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 1
`;

/**
 * Sign-in throttling in Redis, shared by every API instance and race-free: `begin` checks and
 * takes a place in one script, so parallel guesses cannot all pass a check before any of them is
 * counted (at most `failuresBeforeBackoff` verifications run for one account and address).
 *
 * Failures count per account *and* address: after `failuresBeforeBackoff` of them that pair waits
 * `backoffBaseSeconds`, doubling with each further failure up to `backoffMaxSeconds`. A stranger
 * guessing from one address therefore never locks the owner, who signs in from another, out.
 * A looser per-address cap bounds one address's guesses across all accounts.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly limits: LoginThrottleLimits,
    private readonly prefix = 'myworld:accounts:login:',
  ) {}

  private keys(account: string, address: string) {
    const pair = `${encodeURIComponent(account)}|${address}`;
    return {
      allowance: `${this.prefix}allowance:${pair}`,
      block: `${this.prefix}block:${pair}`,
      address: `${this.prefix}address:${address}`,
      failures: `${this.prefix}failures:${pair}`,
    };
  }

  /** How long the pair's failure count is kept after its last failure: long enough for the wait to keep doubling. */
  private get pairWindow(): number {
    return Math.max(3600, this.limits.backoffMaxSeconds * 4);
  }

  /** Takes a place for one attempt, or says why not (and for how long). */
  async begin(account: string, address: string): Promise<LoginRefusal | null> {
    const k = this.keys(account, address);
    const { failuresBeforeBackoff, perAddress, backoffBaseSeconds } = this.limits;
    const result = (await this.redis.eval(
      BEGIN,
      3,
      k.allowance,
      k.block,
      k.address,
      failuresBeforeBackoff,
      perAddress.max,
      this.pairWindow,
      backoffBaseSeconds,
      perAddress.windowSeconds,
    )) as [number, number?, string?];
    if (result[0] === 1) return null;
    return { refused: result[2] === 'address' ? 'address' : 'account', retryAfterSeconds: Math.max(1, Number(result[1])) };
  }

  /** Records the failure of an attempt `begin` allowed; returns the pair's failures so far. */
  async fail(account: string, address: string): Promise<number> {
    const k = this.keys(account, address);
    const { failuresBeforeBackoff, backoffBaseSeconds, backoffMaxSeconds } = this.limits;
    return Number(await this.redis.eval(FAIL, 3, k.allowance, k.block, k.failures, failuresBeforeBackoff, this.pairWindow, backoffBaseSeconds, backoffMaxSeconds));
  }

  /** A success forgets the pair's failures and gives the address its place back. */
  async succeed(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    await this.redis.del(k.allowance, k.block, k.failures);
    await this.redis.eval(GIVE_BACK, 1, k.address);
  }

  /** An attempt `begin` allowed that ended neither way (an error): its places are given back. */
  async abandon(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    await this.redis.eval(GIVE_BACK, 1, k.address);
    await this.redis.incr(k.allowance);
  }

  /** Forgets every address's failures for an account (after a password reset). */
  async clearAccount(account: string): Promise<void> {
    const pattern = `${this.redis.options.keyPrefix ?? ''}${this.prefix}*:${encodeURIComponent(account).replace(/[*?[\]\\]/g, '\\$&')}|*`;
    let cursor = '0';
    const strip = (key: string) => key.slice((this.redis.options.keyPrefix ?? '').length);
    do {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (found.length) await this.redis.del(...found.map(strip));
    } while (cursor !== '0');
  }
}
