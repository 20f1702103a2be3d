import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@myworld/eventstore';
import { recordedEvent } from '@myworld/eventstore/testing';
import { reminderJobOptions } from './reminders.jobs.ts';
import { reminderJobsFor } from './reminders.reactor.ts';

const now = new Date('2026-11-26T10:00:00.000Z');
const streamId = '11111111-1111-4111-8111-111111111111';
const scheduled = (scheduledFor: string) => ({
  streamId,
  userId: '22222222-2222-4222-8222-222222222222',
  title: 'Morning jam',
  description: '',
  category: 'music',
  tags: [],
  allowDuets: false,
  scheduledFor,
  scheduledAt: '2026-11-25T10:00:00.000Z',
});

const recorded = (id: string, type: string, data: unknown): RecordedEvent =>
  recordedEvent({ id, type, data, stream: `livestream-${streamId}`, at: now });

describe('stream reminders reactor (LiveStreamScheduled / LiveStreamWentLive -> due jobs)', () => {
  it('a schedule -> a job delayed until the scheduled time, its id the stream and that time; an early go-live -> a job at once; other events skipped unread', () => {
    const jobs = reminderJobsFor(
      [
        recorded('33333333-3333-4333-8333-333333333333', 'LiveStreamReminderRequested', {
          unread: 'events of other types are skipped without parsing',
        }),
        recorded('44444444-4444-4444-8444-444444444444', 'LiveStreamScheduled', scheduled('2026-11-26T12:00:00.000Z')),
        recorded('55555555-5555-4555-8555-555555555555', 'LiveStreamWentLive', {
          streamId,
          startedAt: '2026-11-26T09:59:00.000Z',
        }),
        recorded('66666666-6666-4666-8666-666666666666', 'LiveStreamEnded', {
          streamId,
          endedBy: null,
          reason: 'owner',
          endedAt: now.toISOString(),
        }),
      ],
      now.getTime(),
    );
    expect(jobs).toEqual([
      {
        name: 'remind-scheduled',
        data: { streamId, causationId: '44444444-4444-4444-8444-444444444444', correlationId: 'req-1' },
        opts: {
          ...reminderJobOptions,
          jobId: `${streamId}.${Date.parse('2026-11-26T12:00:00.000Z')}`,
          delay: 2 * 3600 * 1000,
        },
      },
      {
        name: 'remind-went-live',
        data: { streamId, causationId: '55555555-5555-4555-8555-555555555555', correlationId: 'req-1' },
        opts: { ...reminderJobOptions, jobId: `${streamId}.live`, delay: 0 },
      },
    ]);
  });

  it('a later schedule of the same stream gets a job of its own', () => {
    const ids = reminderJobsFor(
      [
        recorded('44444444-4444-4444-8444-444444444444', 'LiveStreamScheduled', scheduled('2026-11-26T12:00:00.000Z')),
        recorded('77777777-7777-4777-8777-777777777777', 'LiveStreamScheduled', scheduled('2026-11-26T13:00:00.000Z')),
      ],
      now.getTime(),
    ).map((j) => j.opts.jobId);
    expect(new Set(ids).size).toBe(2);
  });

  it('a time just past is reminded at once; history older than an hour (a replayed log) adds nothing', () => {
    const jobs = reminderJobsFor(
      [
        recorded('44444444-4444-4444-8444-444444444444', 'LiveStreamScheduled', scheduled('2026-11-26T09:30:00.000Z')),
        recorded('77777777-7777-4777-8777-777777777777', 'LiveStreamScheduled', scheduled('2026-11-26T08:59:59.000Z')),
        recorded('55555555-5555-4555-8555-555555555555', 'LiveStreamWentLive', {
          streamId,
          startedAt: '2026-11-26T08:00:00.000Z',
        }),
      ],
      now.getTime(),
    );
    expect(jobs.map((j) => [j.name, j.opts.delay])).toEqual([['remind-scheduled', 0]]);
  });

  it('refuses a LiveStreamScheduled whose payload does not match its schema', () => {
    expect(() =>
      reminderJobsFor(
        [recorded('44444444-4444-4444-8444-444444444444', 'LiveStreamScheduled', { streamId })],
        now.getTime(),
      ),
    ).toThrow();
  });
});
