import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@myworld/eventstore';
import { recordedEvent } from '@myworld/eventstore/testing';
import { storyExpiryJobOptions } from './expiry.jobs.ts';
import { expiryJobsFor } from './expiry.reactor.ts';

const now = new Date('2026-11-23T10:00:00.000Z');
const storyId = '11111111-1111-4111-8111-111111111111';
const created = (expiresAt: string) => ({
  storyId,
  authorId: 'ada',
  mediaType: 'text',
  content: 'Hello',
  backgroundColor: '#000000',
  mediaId: null,
  mediaUrl: null,
  createdAt: now.toISOString(),
  expiresAt,
});

const recorded = (id: string, type: string, data: unknown): RecordedEvent =>
  recordedEvent({ id, type, data, stream: `story-${storyId}`, at: now });

describe('story expiry reactor (StoryCreated -> a delayed job)', () => {
  it("makes one job per StoryCreated, its id the story's, delayed until the story's time; other events are skipped unread", () => {
    const jobs = expiryJobsFor(
      [
        recorded('22222222-2222-4222-8222-222222222222', 'StoryViewed', {
          unread: 'events of other types are skipped without parsing',
        }),
        recorded('33333333-3333-4333-8333-333333333333', 'StoryCreated', created('2026-11-24T10:00:00.000Z')),
      ],
      now.getTime(),
    );
    expect(jobs).toEqual([
      {
        name: 'expire-story',
        data: {
          storyId,
          expiresAt: '2026-11-24T10:00:00.000Z',
          causationId: '33333333-3333-4333-8333-333333333333',
          correlationId: 'req-1',
        },
        opts: { ...storyExpiryJobOptions, jobId: storyId, delay: 24 * 3600 * 1000 },
      },
    ]);
  });

  it('a story whose time has already passed (the workers were down) is expired at once', () => {
    const [job] = expiryJobsFor(
      [recorded('33333333-3333-4333-8333-333333333333', 'StoryCreated', created('2026-11-23T09:00:00.000Z'))],
      now.getTime(),
    );
    expect(job!.opts.delay).toBe(0);
  });

  it('refuses a StoryCreated whose payload does not match its schema', () => {
    expect(() =>
      expiryJobsFor([recorded('33333333-3333-4333-8333-333333333333', 'StoryCreated', { storyId })], now.getTime()),
    ).toThrow();
  });
});
