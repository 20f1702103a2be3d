import { describe, expect, it } from 'vitest';
import type { LiveStreamEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { liveStreamDecider, type LiveStreamCommand } from './live-stream.decider.ts';

const STREAM = '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01';
const OWNER = 'owner-1';
const FAN = 'fan-1';
const now = new Date('2025-08-17T10:00:00.000Z');
const at = now.toISOString();
const inAnHour = '2025-08-17T11:00:00.000Z';

const setup = {
  streamId: STREAM,
  userId: OWNER,
  title: 'Morning jam',
  description: '',
  category: 'music',
  tags: [],
  allowDuets: true,
} as const;
const scheduled: LiveStreamEvent = {
  type: 'LiveStreamScheduled',
  data: { ...setup, tags: [], scheduledFor: inAnHour, scheduledAt: at },
};
const wentLive: LiveStreamEvent = { type: 'LiveStreamWentLive', data: { streamId: STREAM, startedAt: at } };
const started: LiveStreamEvent = { type: 'LiveStreamStarted', data: { ...setup, tags: [], startedAt: at } };
const ended: LiveStreamEvent = {
  type: 'LiveStreamEnded',
  data: { streamId: STREAM, endedBy: OWNER, reason: 'owner', endedAt: at },
};
const reminded: LiveStreamEvent = {
  type: 'LiveStreamReminderRequested',
  data: { streamId: STREAM, userId: FAN, requestedAt: at },
};
const unreminded: LiveStreamEvent = {
  type: 'LiveStreamReminderCancelled',
  data: { streamId: STREAM, userId: FAN, cancelledAt: at },
};

const spec = deciderSpec(liveStreamDecider);
const schedule = (scheduledFor: string | undefined): LiveStreamCommand => ({
  type: 'StartLiveStream',
  ...setup,
  scheduledFor,
  now,
});
const remind = (userId = FAN): LiveStreamCommand => ({ type: 'RequestReminder', userId, now });
const cancel = (userId = FAN): LiveStreamCommand => ({ type: 'CancelReminder', userId, now });

describe('scheduled streams', () => {
  describe('schedule', () => {
    it('given nothing, when started with a future scheduledFor, then LiveStreamScheduled (not live)', () => {
      // Any offset is kept as UTC.
      spec.given().when(schedule('2025-08-17T13:00:00+02:00')).then([scheduled]);
    });

    it('without scheduledFor the stream starts right away', () => {
      spec.given().when(schedule(undefined)).then([started]);
    });

    it('refuses a time now or in the past (400 naming scheduledFor)', () => {
      for (const time of [at, '2025-08-17T09:59:59.000Z']) {
        spec
          .given()
          .when(schedule(time))
          .thenRefuses({ status: 400, field: 'scheduledFor', message: 'scheduledFor must be in the future' });
      }
    });

    it('accepts exactly 30 days ahead and refuses later (400 naming scheduledFor)', () => {
      expect(
        liveStreamDecider.decide(schedule('2025-09-16T10:00:00.000Z'), liveStreamDecider.initialState()),
      ).toHaveLength(1);
      spec
        .given()
        .when(schedule('2025-09-16T10:00:00.001Z'))
        .thenRefuses({ status: 400, field: 'scheduledFor', message: 'scheduledFor is at most 30 days ahead' });
    });

    it('a scheduled stream is not live: no views, no chat, no duet requests (409 not yet live)', () => {
      spec
        .given(scheduled)
        .when({ type: 'JoinLiveStream', viewerId: 'c1', userId: FAN, now })
        .thenRefuses({ status: 409, code: 'not_yet_live', message: 'This stream has not started yet' });
      spec
        .given(scheduled)
        .when({ type: 'PostStreamChatMessage', messageId: 'm1', userId: FAN, content: 'hi', now })
        .thenRefuses({ status: 409, code: 'not_yet_live' });
      spec
        .given(scheduled)
        .when({ type: 'RequestDuet', userId: FAN, message: '', now })
        .thenRefuses({ status: 409, code: 'not_yet_live' });
    });
  });

  describe('go live', () => {
    it('given a scheduled stream, when its owner goes live (even before the announced time), then LiveStreamWentLive', () => {
      spec.given(scheduled).when({ type: 'GoLive', userId: OWNER, now }).then([wentLive]);
    });

    it('then viewers may watch it', () => {
      expect(spec.given(scheduled, wentLive).state()).toMatchObject({
        status: 'live',
        startedAt: at,
        scheduledFor: inAnHour,
      });
      spec
        .given(scheduled, wentLive)
        .when({ type: 'JoinLiveStream', viewerId: 'c1', userId: FAN, now })
        .then([
          { type: 'LiveStreamViewerJoined', data: { streamId: STREAM, viewerId: 'c1', userId: FAN, joinedAt: at } },
        ]);
    });

    it('refuses anyone but the owner (403), a stream that is not scheduled (409), an ended one (410), an unknown one (404)', () => {
      spec.given(scheduled).when({ type: 'GoLive', userId: FAN, now }).thenRefuses({ status: 403, code: 'forbidden' });
      spec
        .given(started)
        .when({ type: 'GoLive', userId: OWNER, now })
        .thenRefuses({ status: 409, code: 'not_scheduled', message: 'This stream is not scheduled' });
      spec
        .given(scheduled, wentLive)
        .when({ type: 'GoLive', userId: OWNER, now })
        .thenRefuses({ status: 409, code: 'not_scheduled' });
      spec
        .given(scheduled, ended)
        .when({ type: 'GoLive', userId: OWNER, now })
        .thenRefuses({ status: 410, code: 'stream_ended' });
      spec.given().when({ type: 'GoLive', userId: OWNER, now }).thenRefuses({ status: 404 });
    });
  });

  describe('reminders', () => {
    it('given a scheduled stream, a viewer asks to be reminded; a repeat records nothing', () => {
      spec.given(scheduled).when(remind()).then([reminded]);
      spec.given(scheduled, reminded).when(remind()).then([]);
      expect(spec.given(scheduled, reminded).state()).toMatchObject({ remindedUserIds: [FAN] });
    });

    it('cancels a reminder; cancelling one that is not set records nothing', () => {
      spec.given(scheduled, reminded).when(cancel()).then([unreminded]);
      spec.given(scheduled, reminded, unreminded).when(cancel()).then([]);
      spec.given(scheduled).when(cancel()).then([]);
      expect(spec.given(scheduled, reminded, unreminded).state()).toMatchObject({ remindedUserIds: [] });
    });

    it('refuses the owner (403 ownReminder) and a stream that is not scheduled (409)', () => {
      spec
        .given(scheduled)
        .when(remind(OWNER))
        .thenRefuses({ status: 403, message: 'You cannot ask to be reminded of your own stream' });
      spec.given(scheduled).when(cancel(OWNER)).thenRefuses({ status: 403 });
      spec.given(started).when(remind()).thenRefuses({ status: 409, code: 'not_scheduled' });
      spec.given(scheduled, wentLive).when(cancel()).thenRefuses({ status: 409, code: 'not_scheduled' });
      spec.given(scheduled, ended).when(remind()).thenRefuses({ status: 409 });
      spec.given().when(remind()).thenRefuses({ status: 404 });
    });
  });

  describe('cancel', () => {
    it('given a scheduled stream, its owner ends (cancels) it; nobody else may', () => {
      spec
        .given(scheduled)
        .when({ type: 'EndLiveStream', by: { kind: 'user', userId: OWNER }, now })
        .then([ended]);
      spec
        .given(scheduled)
        .when({ type: 'EndLiveStream', by: { kind: 'user', userId: FAN }, now })
        .thenRefuses({ status: 403 });
      expect(spec.given(scheduled, ended).state()).toMatchObject({ status: 'ended', startedAt: null });
    });
  });
});
