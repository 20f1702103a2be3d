import { randomUUID } from 'node:crypto';
import { emailToken, hashToken } from '@myworld/schemas/server';

/** A fresh emailed token as the log records it: a random id, the hash of the token and its expiry. */
export function issueToken(secret: string, userId: string, ttlMs: number, now: Date, tokenId: string = randomUUID()) {
  return {
    tokenId,
    tokenHash: hashToken(emailToken(secret, userId, tokenId)),
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
  };
}
