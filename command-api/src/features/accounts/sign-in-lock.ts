import { ACCOUNTS_STREAMS, type EventMetadata } from '@myworld/schemas';
import { expect as expected, type EventStore } from '@myworld/eventstore';
import { uuidV5 } from '@myworld/write-model';

/**
 * Records that an account's failed sign-ins reached its budget (SignInLockedForNewDevices), so the
 * workers mail its owner. LoginThrottle says "once per lock period"; the id is derived from the
 * user and the lock's end (to the minute), so a repeat of the same lock appends nothing.
 */
export async function recordSignInLock(
  store: EventStore,
  lock: { userId: string; email: string; failedAttempts: number; lockedForSeconds: number; now: Date },
  metadata: EventMetadata,
): Promise<void> {
  const lockedUntil = new Date(lock.now.getTime() + lock.lockedForSeconds * 1000);
  const id = uuidV5(`sign-in-lock\u0000${lock.userId}\u0000${Math.floor(lockedUntil.getTime() / 60_000)}`);
  await store.append(ACCOUNTS_STREAMS.signInLocks(lock.userId), expected.any, [
    {
      id,
      type: 'SignInLockedForNewDevices',
      data: {
        userId: lock.userId,
        email: lock.email,
        failedAttempts: lock.failedAttempts,
        lockedAt: lock.now.toISOString(),
        lockedUntil: lockedUntil.toISOString(),
      },
      metadata,
    },
  ]);
}
