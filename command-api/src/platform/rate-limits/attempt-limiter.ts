import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { DomainError } from '@myworld/write-model';

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

  /**
   * Counts one attempt; the window starts at the first. Returns the count so far. One transaction,
   * so a crash can never leave a counter without its expiry.
   */
  async hit(name: string, limit: AttemptLimit): Promise<number> {
    const key = this.key(name);
    const results = await this.redis.multi().set(key, '0', 'EX', limit.windowSeconds, 'NX').incr(key).exec();
    return Number(results?.[1]?.[1] ?? 0);
  }

  /**
   * Takes one attempt, atomically, so concurrent requests cannot pass the limit together; past
   * `limit` it throws a 429 with the seconds left in the window.
   */
  async take(name: string, limit: AttemptLimit): Promise<void> {
    if ((await this.hit(name, limit)) <= limit.max) return;
    const ttl = await this.redis.ttl(this.key(name));
    throw new TooManyAttemptsError(limit.message, ttl > 0 ? ttl : limit.windowSeconds);
  }

  /** Gives back an attempt taken for something that then did not happen (a refusal, an idempotent replay). */
  async giveBack(name: string): Promise<void> {
    await this.redis.decr(this.key(name));
  }

  async clear(name: string): Promise<void> {
    await this.redis.del(this.key(name));
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

/** Runs `work` (a limiter check, or a command that makes one) and puts Retry-After on the 429 it may raise. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
