import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface Session {
  readonly userId: string;
  readonly createdAt: string;
}

/**
 * Server-side sessions in Redis: the cookie holds only a random id. A per-user set of ids lets
 * sign-out-everywhere and password resets revoke every session of a user at once.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'myworld:session:',
  ) {}

  private key = (id: string) => `${this.prefix}${id}`;
  private userKey = (userId: string) => `${this.prefix}user:${userId}`;

  async create(userId: string): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const session: Session = { userId, createdAt: new Date().toISOString() };
    await this.redis
      .multi()
      .set(this.key(id), JSON.stringify(session), 'EX', SESSION_TTL_SECONDS)
      .sadd(this.userKey(userId), id)
      .expire(this.userKey(userId), SESSION_TTL_SECONDS)
      .exec();
    return id;
  }

  async get(id: string): Promise<Session | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
    const raw = await this.redis.get(this.key(id));
    return raw ? (JSON.parse(raw) as Session) : null;
  }

  async destroy(id: string): Promise<void> {
    const session = await this.get(id);
    const multi = this.redis.multi().del(this.key(id));
    if (session) multi.srem(this.userKey(session.userId), id);
    await multi.exec();
  }

  /** Revokes every session of a user (password reset, account compromise). */
  async destroyAllForUser(userId: string): Promise<number> {
    const ids = await this.redis.smembers(this.userKey(userId));
    await this.redis.del(...ids.map(this.key), this.userKey(userId));
    return ids.length;
  }
}
