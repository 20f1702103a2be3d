import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Redis pub/sub channel on which every API instance hears of revoked sessions (not key-prefixed). */
export const SESSION_REVOKED_CHANNEL = 'myworld:sessions:revoked';

/** What a revocation names: one session (by the fingerprint of its id), or every session of a user. */
export interface SessionRevocation {
  readonly sessions?: readonly string[];
  readonly userId?: string;
}

/** The fingerprint under which a socket remembers its session (never the id itself). */
export function sessionFingerprint(sessionId: string): string {
  return createHash('sha256').update(`ws-session:${sessionId}`).digest('hex');
}

/**
 * Tells every API instance that sessions were revoked (sign-out: the session's id; password reset
 * or sign-out-everywhere: the user), so their sockets close (see SocketGateway).
 */
export async function announceRevokedSessions(
  redis: Redis,
  revoked: { sessionIds?: readonly string[]; userId?: string },
): Promise<void> {
  const message: SessionRevocation = {
    ...(revoked.sessionIds?.length ? { sessions: revoked.sessionIds.map(sessionFingerprint) } : {}),
    ...(revoked.userId ? { userId: revoked.userId } : {}),
  };
  await redis.publish(SESSION_REVOKED_CHANNEL, JSON.stringify(message));
}
