import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@myworld/eventstore';
import { usernameReleaseJobsFor } from './username-release.reactor.ts';

const userId = '11111111-1111-4111-8111-111111111111';
const deletedAt = '2025-06-01T10:00:00.000Z';
const DAY_MS = 24 * 3600 * 1000;

function recorded(id: string, type: string, data: unknown): RecordedEvent {
  const at = new Date(deletedAt);
  return {
    id,
    type,
    data,
    metadata: {
      actorId: userId,
      correlationId: 'corr',
      causationId: null,
      requestId: null,
      client: null,
      timestamp: deletedAt,
    },
    stream: `user-${userId}`,
    version: 3n,
    position: { commit: 1n, prepare: 1n },
    createdAt: at,
  };
}

describe('username release reactor (AccountDeleted -> a job delayed 30 days)', () => {
  it('makes one job per deleted account, due 30 days after the deletion, and none for other events', () => {
    const now = Date.parse(deletedAt) + DAY_MS;
    const jobs = usernameReleaseJobsFor(
      [
        recorded('22222222-2222-4222-8222-222222222222', 'UserSignedOut', { userId, signedOutAt: deletedAt }),
        recorded('33333333-3333-4333-8333-333333333333', 'AccountDeleted', { userId, deletedAt }),
      ],
      now,
    );
    expect(jobs).toEqual([
      {
        name: 'release-username',
        data: { userId, deletedAt, causationId: '33333333-3333-4333-8333-333333333333', correlationId: 'corr' },
        opts: expect.objectContaining({ jobId: `release-${userId}`, delay: 29 * DAY_MS }),
      },
    ]);
  });

  it('a deletion older than the hold is due at once', () => {
    const [job] = usernameReleaseJobsFor(
      [recorded('33333333-3333-4333-8333-333333333333', 'AccountDeleted', { userId, deletedAt })],
      Date.parse(deletedAt) + 31 * DAY_MS,
    );
    expect(job?.opts.delay).toBe(0);
  });
});
