import { createHash } from 'node:crypto';
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
  /**
   * Failed attempts per account from all addresses together, in a fixed window (the lock period):
   * past it only devices that signed in to the account before may try (a botnet guessing from many
   * addresses stops; the owner does not).
   */
  readonly perAccount: { readonly max: number; readonly windowSeconds: number };
}

/**
 * Why an attempt may not run: the account from this address waits, the address has used its
 * window, or the account has used its budget of failures and this device never signed in to it.
 */
export type LoginRefusal = { readonly refused: 'account' | 'address' | 'locked'; readonly retryAfterSeconds: number };

/** Whether the attempt comes from a device that signed in to the account before (its device cookie names it). */
export interface AttemptOrigin {
  readonly knownDevice: boolean;
}

// KEYS: 1 allowance (attempts the pair may still start), 2 block (the pair waits while it exists), 3 address counter,
//       4 account counter (attempts of the account from every address).
// ARGV: 1 failuresBeforeBackoff, 2 address max, 3 pair window (s), 4 backoff base (s), 5 address window (s),
//       6 account max, 7 account window (s), 8 '1' for a known device.
// The address and account counters count attempts as they start (a success gives its place back), so
// parallel attempts cannot pass them either. A known device is never refused by the account counter.
// Returns {1} to go on, or {0, retryAfterSeconds, 'account'|'address'|'locked'}.
const BEGIN = `
local blocked = redis.call('TTL', KEYS[2])
if blocked > 0 then return {0, blocked, 'account'} end
local address = tonumber(redis.call('GET', KEYS[3]) or '0')
if address >= tonumber(ARGV[2]) then
  local ttl = redis.call('TTL', KEYS[3])
  if ttl < 1 then ttl = 1 end
  return {0, ttl, 'address'}
end
if ARGV[8] ~= '1' and tonumber(redis.call('GET', KEYS[4]) or '0') >= tonumber(ARGV[6]) then
  local ttl = redis.call('TTL', KEYS[4])
  if ttl < 1 then ttl = 1 end
  return {0, ttl, 'locked'}
end
local left = tonumber(redis.call('GET', KEYS[1]) or ARGV[1])
if left <= 0 then return {0, tonumber(ARGV[4]), 'account'} end
redis.call('SET', KEYS[1], left - 1, 'EX', ARGV[3])
if redis.call('INCR', KEYS[3]) == 1 then redis.call('EXPIRE', KEYS[3], ARGV[5]) end
if redis.call('INCR', KEYS[4]) == 1 then redis.call('EXPIRE', KEYS[4], ARGV[7]) end
return {1}
`;

// KEYS: 1 account counter, 2 notice marker. ARGV: 1 account max.
// Once the account's failures reach the budget, the first caller in that lock period gets 1 (tell
// the owner), every later one 0. Returns {noticeDue, lockSecondsLeft}.
const LOCK_NOTICE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') < tonumber(ARGV[1]) then return {0, 0} end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 1 then ttl = 1 end
if redis.call('SET', KEYS[2], '1', 'EX', ttl, 'NX') then return {1, ttl} end
return {0, ttl}
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

// KEYS: the address counter, then the account counter. Gives a successful attempt's places back.
const GIVE_BACK = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 1
`;

/** A failure's outcome for the account as a whole: whether it used up the budget, and the owner is to be told now (once per lock period). */
export interface FailureOutcome {
  /** The account and address pair's failures so far. */
  readonly failures: number;
  /** Set for the first failure of a lock period that finds the budget used: tell the owner. */
  readonly lockNotice: { readonly lockedForSeconds: number } | null;
}

/**
 * Sign-in throttling in Redis, shared by every API instance and race-free: `begin` checks and
 * takes a place in one script, so parallel guesses cannot all pass a check before any of them is
 * counted (at most `failuresBeforeBackoff` verifications run for one account and address).
 *
 * Failures count per account *and* address: after `failuresBeforeBackoff` of them that pair waits
 * `backoffBaseSeconds`, doubling with each further failure up to `backoffMaxSeconds`. A stranger
 * guessing from one address therefore never locks the owner, who signs in from another, out.
 * A looser per-address cap bounds one address's guesses across all accounts, and a per-account
 * budget bounds the guesses of many addresses together: past it, only devices that signed in to
 * the account before may try (the others get 429 without a password check).
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly limits: LoginThrottleLimits,
    private readonly prefix = 'myworld:accounts:login:',
  ) {}

  /** Keys name the account by a hash of it, never the address typed: Redis holds no email (also after an account's deletion). */
  private accountKey(account: string): string {
    return createHash('sha256').update(`myworld-login-throttle:${account}`).digest('base64url');
  }

  private keys(account: string, address: string) {
    const id = this.accountKey(account);
    const pair = `${id}|${address}`;
    return {
      allowance: `${this.prefix}allowance:${pair}`,
      block: `${this.prefix}block:${pair}`,
      address: `${this.prefix}address:${address}`,
      failures: `${this.prefix}failures:${pair}`,
      // Not "…:{account}|…": clearAccount's pattern must not match these (a reset does not lift the lock).
      account: `${this.prefix}account-attempts:${id}`,
      notice: `${this.prefix}account-lock-notice:${id}`,
    };
  }

  /** How long the pair's failure count is kept after its last failure: long enough for the wait to keep doubling. */
  private get pairWindow(): number {
    return Math.max(3600, this.limits.backoffMaxSeconds * 4);
  }

  /** Takes a place for one attempt, or says why not (and for how long). */
  async begin(account: string, address: string, origin: AttemptOrigin): Promise<LoginRefusal | null> {
    const k = this.keys(account, address);
    const { failuresBeforeBackoff, perAddress, perAccount, backoffBaseSeconds } = this.limits;
    const result = (await this.redis.eval(
      BEGIN,
      4,
      k.allowance,
      k.block,
      k.address,
      k.account,
      failuresBeforeBackoff,
      perAddress.max,
      this.pairWindow,
      backoffBaseSeconds,
      perAddress.windowSeconds,
      perAccount.max,
      perAccount.windowSeconds,
      origin.knownDevice ? '1' : '0',
    )) as [number, number?, string?];
    if (result[0] === 1) return null;
    const refused = result[2] === 'address' || result[2] === 'locked' ? result[2] : 'account';
    return { refused, retryAfterSeconds: Math.max(1, Number(result[1])) };
  }

  /** Records the failure of an attempt `begin` allowed (it already counts for the account). */
  async fail(account: string, address: string): Promise<FailureOutcome> {
    const k = this.keys(account, address);
    const { failuresBeforeBackoff, backoffBaseSeconds, backoffMaxSeconds, perAccount } = this.limits;
    const failures = Number(
      await this.redis.eval(
        FAIL,
        3,
        k.allowance,
        k.block,
        k.failures,
        failuresBeforeBackoff,
        this.pairWindow,
        backoffBaseSeconds,
        backoffMaxSeconds,
      ),
    );
    const [due, ttl] = (await this.redis.eval(LOCK_NOTICE, 2, k.account, k.notice, perAccount.max)) as [number, number];
    return { failures, lockNotice: due === 1 ? { lockedForSeconds: Number(ttl) } : null };
  }

  /** A success forgets the pair's failures and gives the address and the account their places back. */
  async succeed(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    await this.redis.del(k.allowance, k.block, k.failures);
    await this.redis.eval(GIVE_BACK, 2, k.address, k.account);
  }

  /** An attempt `begin` allowed that ended neither way (an error): its places are given back. */
  async abandon(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    await this.redis.eval(GIVE_BACK, 2, k.address, k.account);
    await this.redis.incr(k.allowance);
  }

  /** Forgets every address's failures for an account, and lifts its lock for new devices (after a password reset: the mailbox's owner acted). */
  async clearAccount(account: string): Promise<void> {
    const k = this.keys(account, '');
    await this.redis.del(k.account, k.notice);
    const pattern = `${this.redis.options.keyPrefix ?? ''}${this.prefix}*:${this.accountKey(account).replace(/[*?[\]\\]/g, '\\$&')}|*`;
    let cursor = '0';
    const strip = (key: string) => key.slice((this.redis.options.keyPrefix ?? '').length);
    do {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (found.length) await this.redis.del(...found.map(strip));
    } while (cursor !== '0');
  }
}
