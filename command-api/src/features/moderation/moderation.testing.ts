import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { expect as expected, type EventStore } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { ACCOUNTS_STREAMS, type Role } from '@myworld/schemas';
import type { RoleDirectory } from '../../platform/http/auth.ts';
import { SESSION_COOKIE } from '../../platform/sessions/session-cookie.ts';
import { SessionStore } from '../../platform/sessions/session-store.ts';

/**
 * A RoleDirectory for tests: the users added to it hold the roles given (moderator unless said
 * otherwise; the roles feature's real directory is built from role events; this stands in for it here).
 */
export function testModerators(): RoleDirectory & { add(userId: string, ...roles: Role[]): void } {
  const held = new Map<string, readonly Role[]>();
  return {
    add: (userId, ...roles) => void held.set(userId, roles.length > 0 ? roles : ['moderator']),
    rolesOf: async (userId): Promise<readonly Role[]> => held.get(userId) ?? [],
  };
}

/**
 * A user with a session whose account is as old as `ageDays` and, unless `verified` is false, has
 * a verified email (verified an hour after registering): a reporter auto-hide trusts (trust.ts)
 * when older than REPORT_TRUST_MIN_ACCOUNT_AGE_DAYS. Registered straight into the log, as the
 * testkit's signedInUser is, with the back-dated times accounts would have recorded then.
 */
export async function reporterAged(
  services: { store: EventStore; redis: Redis },
  username: string,
  { ageDays = 30, verified = true }: { ageDays?: number; verified?: boolean } = {},
): Promise<{ userId: string; username: string; cookie: string }> {
  const userId = randomUUID();
  const email = `${username}@example.test`;
  const registeredAt = new Date(Date.now() - ageDays * 86_400_000);
  const events = [
    {
      id: randomUUID(),
      type: 'UserRegistered',
      data: {
        userId,
        username,
        firstName: 'Test',
        lastName: username,
        email,
        birthDate: '1990-01-01',
        passwordHash: 'x',
        registeredAt: registeredAt.toISOString(),
      },
      metadata: testMetadata(),
    },
    ...(verified
      ? [
          {
            id: randomUUID(),
            type: 'EmailVerified',
            data: { userId, email, verifiedAt: new Date(registeredAt.getTime() + 3_600_000).toISOString() },
            metadata: testMetadata(),
          },
        ]
      : []),
  ];
  await services.store.append(ACCOUNTS_STREAMS.user(userId), expected.noStream, events);
  const sessionId = await new SessionStore(services.redis).create(userId);
  return { userId, username, cookie: `${SESSION_COOKIE}=${sessionId}` };
}
