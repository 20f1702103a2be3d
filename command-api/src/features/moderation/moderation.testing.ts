import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { expect as expected, type EventStore } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { ACCOUNTS_STREAMS, laterPosition, parsePosition, type Position, type Role } from '@myworld/schemas';
import type { Harness } from '../../testing/index.ts';
import type { RoleDirectory } from '../../platform/http/auth.ts';
import { SESSION_COOKIE } from '../../platform/sessions/session-cookie.ts';
import { SessionStore } from '@myworld/write-model/sessions';

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

/**
 * The furthest position the commands of a test answered: reads then wait for it, not for the
 * store's head, which leaves out what committed after a still-open transaction. `record` passes an
 * answer through and notes its `position`, `note` notes a position appended directly; `at` is null
 * until one was noted.
 */
export function furthestPosition(): {
  record<T extends { json: () => any }>(answer: T): T;
  note(position: Position): void;
  at(): Position | null;
} {
  let furthest: Position | null = null;
  const note = (position: Position) => void (furthest = laterPosition(furthest, position));
  return {
    record(answer) {
      const position = (answer.json() as { position?: unknown }).position;
      if (typeof position === 'string') note(parsePosition(position));
      return answer;
    },
    note,
    at: () => furthest,
  };
}

/** The workers' reactor that decides what follows from reports (policies.ts). */
export const MODERATION_POLICIES_REACTOR = 'moderation_policies';

/**
 * After a test's commands (up to `at`; the log's end when null): moderation's reactor in the
 * workers has handled them (hides, restores, removals), and `readModels` hold what it recorded too.
 */
export async function moderationSettled(
  h: Pick<Harness, 'reactorAt' | 'appendedSoFar' | 'readModels'>,
  at: Position | null,
  readModels: readonly string[],
): Promise<void> {
  const upTo = at ?? (await h.appendedSoFar());
  if (!(await h.reactorAt(MODERATION_POLICIES_REACTOR, upTo, 20_000)))
    throw new Error("moderation policies did not handle the test's events in 20 s");
  // What the reactor appended (committed once its checkpoint moved).
  const head = await h.appendedSoFar();
  for (const name of readModels)
    if (!(await h.readModels.waitFor(name, head, 10_000))) throw new Error(`the ${name} read model did not catch up`);
}
