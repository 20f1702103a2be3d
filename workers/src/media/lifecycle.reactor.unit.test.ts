import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@myworld/eventstore';
import { mediaLifecycleJobOptions } from './lifecycle.jobs.ts';
import { lifecycleJobsFor } from './lifecycle.reactor.ts';

const now = '2026-11-27T10:00:00.000Z';
const id = (n: number) =>
  `${n}${n}${n}${n}${n}${n}${n}${n}-${n}${n}${n}${n}-4${n}${n}${n}-8${n}${n}${n}-${String(n).repeat(12)}`;
const userId = id(9);

function recorded(n: number, type: string, data: unknown): RecordedEvent {
  return {
    id: id(n),
    type,
    data,
    metadata: {
      actorId: 'x',
      correlationId: 'req-1',
      causationId: null,
      requestId: null,
      client: null,
      timestamp: now,
    },
    stream: 's',
    version: 0n,
    position: { commit: BigInt(n), prepare: BigInt(n) },
    createdAt: new Date(now),
  };
}
const removed = (contentType: string, contentId: string) => ({
  contentType,
  contentId,
  authorId: userId,
  moderatorId: 'mod',
  reportIds: [],
  note: '',
  removedAt: now,
});

describe('media lifecycle reactor (content gone for good -> a deletion job)', () => {
  it("makes one job per deleted post, removed post, video or story, expired story with media, and deleted account; its id the event's", () => {
    const jobs = lifecycleJobsFor([
      recorded(1, 'PostDeleted', { postId: 'p1', authorId: userId, deletedAt: now }),
      recorded(2, 'ContentRemoved', removed('video', 'p2')),
      recorded(3, 'ContentRemoved', removed('text_post', 'p3')),
      recorded(4, 'ContentRemoved', removed('story', 's4')),
      recorded(5, 'StoryExpired', { storyId: 's5', authorId: userId, mediaId: 'm5', expiredAt: now }),
      recorded(6, 'AccountDeleted', { userId, deletedAt: now }),
    ]);
    expect(jobs.map((j) => [j.opts.jobId, j.data.subject, j.data.subjectId, j.data.reason])).toEqual([
      [id(1), 'post', 'p1', 'post_deleted'],
      [id(2), 'post', 'p2', 'content_removed'],
      [id(3), 'post', 'p3', 'content_removed'],
      [id(4), 'story', 's4', 'content_removed'],
      [id(5), 'story', 's5', 'story_expired'],
      [id(6), 'account', userId, 'account_deleted'],
    ]);
    expect(jobs[5]).toEqual({
      name: 'delete-account-media',
      data: {
        eventId: id(6),
        position: expect.any(String),
        correlationId: 'req-1',
        subject: 'account',
        subjectId: userId,
        reason: 'account_deleted',
      },
      opts: { ...mediaLifecycleJobOptions, jobId: id(6) },
    });
  });

  it('deletes nothing for hidden content, a suspended (removed) user, a comment, or a text story; other events are skipped unread', () => {
    expect(
      lifecycleJobsFor([
        recorded(1, 'ContentHidden', { contentType: 'video', contentId: 'p1', reporterCount: 5, hiddenAt: now }),
        recorded(2, 'ContentRemoved', removed('user', userId)),
        recorded(3, 'ContentRemoved', removed('comment', 'c1')),
        recorded(4, 'StoryExpired', { storyId: 's4', authorId: userId, mediaId: null, expiredAt: now }),
        recorded(5, 'StoryViewed', { unread: true }),
      ]),
    ).toEqual([]);
  });

  it('refuses a trigger whose payload does not match its schema', () => {
    expect(() => lifecycleJobsFor([recorded(1, 'PostDeleted', { postId: 1 })])).toThrow();
  });
});
