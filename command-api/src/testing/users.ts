import { randomBytes, randomUUID } from 'node:crypto';
import { expect as expected, type EventStore } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { ACCOUNTS_STREAMS } from '@myworld/schemas';
import { SessionStore } from '@myworld/write-model/sessions';
import type { Redis } from 'ioredis';
import { SESSION_COOKIE } from '../platform/sessions/session-cookie.ts';

export interface SignedInUser {
  readonly userId: string;
  readonly username: string;
  /** The session cookie (`myworld_sid=...`) for requests and sockets. */
  readonly cookie: string;
}

/**
 * A registered user with a session, made without the accounts routes (for tests of other
 * features): `UserRegistered` appended as accounts would, and a session in the API's Redis.
 */
export async function signedInUser(
  services: { store: EventStore; redis: Redis },
  username = `user_${randomBytes(4).toString('hex')}`,
): Promise<SignedInUser> {
  const userId = randomUUID();
  await services.store.append(ACCOUNTS_STREAMS.user(userId), expected.noStream, [
    {
      id: randomUUID(),
      type: 'UserRegistered',
      data: {
        userId,
        username,
        firstName: 'Test',
        lastName: username,
        email: `${username}@example.test`,
        birthDate: '1990-01-01',
        passwordHash: 'x',
        registeredAt: new Date().toISOString(),
      },
      metadata: testMetadata(),
    },
  ]);
  const sessionId = await new SessionStore(services.redis).create(userId);
  return { userId, username, cookie: `${SESSION_COOKIE}=${sessionId}` };
}
