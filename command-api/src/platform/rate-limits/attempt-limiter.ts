import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { DomainError } from '../commands/domain-error.ts';

export interface AttemptLimit {
  /** Attempts allowed in one window. */
  readonly max: number;
  readonly windowSeconds: number;
  /** Shown with the 429. */
  readonly message: string;
}

/**
 * Fixed-window counters in Redis (e.g. sign-in failures per account and per address, emails per
 * account). Shared by every API instance; a key expires with its window. Features name their
 * limits next to their routes.
 */
export class AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'myworld:accounts:attempts:',
  ) {}

  private key = (name: string) => `${this.prefix}${name}`;

  async count(name: string): Promise<number> {
    return Number((await this.redis.get(this.key(name))) ?? 0);
  }

  /** Counts one attempt; the window starts at the first. Returns the count so far. */
  async hit(name: string, limit: AttemptLimit): Promise<number> {
    const [[, count] = [], [, ttl] = []] = (await this.redis.multi().incr(this.key(name)).ttl(this.key(name)).exec()) ?? [];
    if (Number(ttl) < 0) await this.redis.expire(this.key(name), limit.windowSeconds);
    return Number(count);
  }

  async clear(name: string): Promise<void> {
    await this.redis.del(this.key(name));
  }

  /** 429 with a Retry-After when `name` has used up `limit`. */
  async assertBelow(name: string, limit: AttemptLimit): Promise<void> {
    if ((await this.count(name)) < limit.max) return;
    const ttl = await this.redis.ttl(this.key(name));
    throw new TooManyAttemptsError(limit.message, ttl > 0 ? ttl : limit.windowSeconds);
  }
}

export class TooManyAttemptsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_attempts', message, 429);
  }
}

/** Runs a limiter check and puts Retry-After on the 429 it may raise. */
export async function withRetryAfter(reply: FastifyReply, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
