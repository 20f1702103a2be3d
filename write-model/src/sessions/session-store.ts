import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { formatPosition, positionText, type Position } from '@myworld/schemas';
import { scriptCommand } from '../platform/redis-script.ts';
import { announceRevokedSessions } from './session-revocations.ts';

/** Absolute lifetime of a session: it ends 30 days after sign-in, however much it is used. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
/** Default idle timeout: a session unused for 7 days ends (SESSION_IDLE_SECONDS). */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;

export interface Session {
  readonly userId: string;
  readonly createdAt: string;
}

/** A session as a request sees it: with the position of its last write, if it made one. */
export interface LoadedSession extends Session {
  /** The latest position any command of this session answered with (null: no write yet). */
  readonly lastWrite: Position | null;
}

export interface SessionStoreOptions {
  /** Seconds of inactivity after which a session ends (sliding on every use). Default: 7 days. */
  readonly idleSeconds?: number;
  /** Absolute lifetime in seconds. Default: 30 days. */
  readonly ttlSeconds?: number;
  readonly prefix?: string;
}

/** The Redis key part for a session: sha256 of the cookie value, so a Redis dump holds no usable session id. */
export function sessionKeyId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/**
 * Server-side sessions in Redis: the cookie holds only a random id, and Redis only its sha256.
 * A session ends after `idleSeconds` without use (each use slides it) and at the latest
 * `ttlSeconds` after it began. A per-user set of hashed ids lets sign-out-everywhere and password
 * resets revoke every session of a user at once.
 */
export class SessionStore {
  private readonly prefix: string;
  readonly idleSeconds: number;
  readonly ttlSeconds: number;
  private readonly readSession: ReadSession;
  private readonly keepLaterPosition: KeepLaterPosition;

  constructor(
    private readonly redis: Redis,
    options: SessionStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? 'myworld:session:';
    this.ttlSeconds = options.ttlSeconds ?? SESSION_TTL_SECONDS;
    this.idleSeconds = Math.min(options.idleSeconds ?? SESSION_IDLE_SECONDS, this.ttlSeconds);
    this.readSession = scriptCommand<ReadSession>(redis, 2, READ_SESSION);
    this.keepLaterPosition = scriptCommand<KeepLaterPosition>(redis, 2, KEEP_LATER_POSITION);
  }

  private hashedKey = (hash: string) => `${this.prefix}${hash}`;
  /** Beside the session record, so recording a write never rewrites the session itself. */
  private lastWriteKey = (hash: string) => `${this.prefix}${hash}:last-write`;
  private userKey = (userId: string) => `${this.prefix}user:${userId}`;

  /** Seconds the session may still live: the idle timeout, cut at its absolute end. */
  private remaining(session: Session, now = Date.now()): number {
    const absoluteEnd = Date.parse(session.createdAt) + this.ttlSeconds * 1000;
    return Math.min(this.idleSeconds, Math.ceil((absoluteEnd - now) / 1000));
  }

  async create(userId: string): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const session: Session = { userId, createdAt: new Date().toISOString() };
    const hash = sessionKeyId(id);
    await this.redis
      .multi()
      .set(this.hashedKey(hash), JSON.stringify(session), 'EX', this.remaining(session))
      .sadd(this.userKey(userId), hash)
      .expire(this.userKey(userId), this.ttlSeconds)
      .exec();
    return id;
  }

  /**
   * The session behind a cookie value, or null; a found session's idle timer starts again. The
   * session, its expiry and its last write are read in one round trip, one script (EVALSHA): every
   * signed-in request reads this, and a pipeline of three commands cost the API more CPU than the
   * feed page it served. The timer is only moved when it has run down by more than a tenth of the
   * idle timeout (a minute at most).
   */
  async get(id: string): Promise<LoadedSession | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
    const hash = sessionKeyId(id);
    const key = this.hashedKey(hash);
    const found = await this.readSession(key, this.lastWriteKey(hash));
    if (!found) return null;
    const [raw, expiresIn, write] = found;
    const lastWrite = write ? positionText.safeParse(write) : undefined;
    const session: LoadedSession = {
      ...(JSON.parse(raw) as Session),
      lastWrite: lastWrite?.success ? lastWrite.data : null,
    };
    const left = this.remaining(session);
    if (left <= 0) {
      await this.redis.del(key);
      return null;
    }
    if (left - expiresIn > Math.min(60, this.idleSeconds / 10)) await this.redis.expire(key, left);
    return session;
  }

  /**
   * Keeps `position` as the session's last write unless a later one is already kept: one atomic
   * step in Redis, so concurrent commands of one session never move it backwards. It expires when
   * the session would have at that moment (a later use that slides the session does not extend it:
   * by then the read models have long passed it), and nothing is kept for a session that has ended.
   */
  async recordWrite(id: string, position: Position): Promise<void> {
    const hash = sessionKeyId(id);
    await this.keepLaterPosition(this.hashedKey(hash), this.lastWriteKey(hash), formatPosition(position));
  }

  async destroy(id: string): Promise<void> {
    const hash = sessionKeyId(id);
    const raw = await this.redis.get(this.hashedKey(hash));
    const session = raw ? (JSON.parse(raw) as Session) : null;
    const multi = this.redis.multi().del(this.hashedKey(hash), this.lastWriteKey(hash));
    if (session) multi.srem(this.userKey(session.userId), hash);
    await multi.exec();
    // Sockets that authenticated with this session close, on every API instance.
    await announceRevokedSessions(this.redis, { sessionIds: [id] });
  }

  /** Revokes every session of a user (password reset, account compromise). */
  async destroyAllForUser(userId: string): Promise<number> {
    const hashes = await this.redis.smembers(this.userKey(userId));
    await this.redis.del(
      ...hashes.flatMap((hash) => [this.hashedKey(hash), this.lastWriteKey(hash)]),
      this.userKey(userId),
    );
    // Every socket of the user closes, on every API instance.
    await announceRevokedSessions(this.redis, { userId });
    return hashes.length;
  }
}

type KeepLaterPosition = (sessionKey: string, lastWriteKey: string, position: string) => Promise<number>;
/** A session's JSON, its TTL in seconds and its last write (if any); null when there is no session. */
type ReadSession = (sessionKey: string, lastWriteKey: string) => Promise<[string, number, string | null] | null>;

/** KEYS: the session, its last write. Returns {session JSON, TTL in seconds, last write or false}, or nil. */
const READ_SESSION = `
local session = redis.call('GET', KEYS[1])
if not session then return nil end
return {session, redis.call('TTL', KEYS[1]), redis.call('GET', KEYS[2])}
`;

/**
 * KEYS: the session, its last write; ARGV: a position "commit/prepare" (no leading zeros). Sets the
 * last write to ARGV[1] if it is later than the kept one, with the session's remaining lifetime.
 * Positions are compared as digit strings (length, then text): commits can pass 2^53, Lua's
 * numbers are doubles.
 */
const KEEP_LATER_POSITION = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then return 0 end
local function later(a, b)
  if string.len(a) ~= string.len(b) then return string.len(a) > string.len(b) end
  return a > b
end
local new = ARGV[1]
local old = redis.call('GET', KEYS[2])
if old then
  local nc, np = string.match(new, '^(%d+)/(%d+)$')
  local oc, op = string.match(old, '^(%d+)/(%d+)$')
  if oc and (later(oc, nc) or (oc == nc and not later(np, op))) then
    redis.call('PEXPIRE', KEYS[2], ttl)
    return 0
  end
end
redis.call('SET', KEYS[2], new, 'PX', ttl)
return 1
`;
