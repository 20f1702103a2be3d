import { describe, expect, it } from 'vitest';
import { foldReminderState, reminderDecision } from './reminders.state.ts';

const streamId = '11111111-1111-4111-8111-111111111111';
const owner = '22222222-2222-4222-8222-222222222222';
const [ada, bob, cy] = [
  'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
];
const at = '2026-11-26T12:00:00.000Z';
const due = Date.parse(at);

const scheduled = {
  type: 'LiveStreamScheduled',
  data: {
    streamId,
    userId: owner,
    title: 'Morning jam',
    description: '',
    category: 'music',
    tags: [],
    allowDuets: false,
    scheduledFor: at,
    scheduledAt: '2026-11-25T10:00:00.000Z',
  },
};
const requested = (userId: string) => ({
  type: 'LiveStreamReminderRequested',
  data: { streamId, userId, requestedAt: '2026-11-25T11:00:00.000Z' },
});
const cancelled = (userId: string) => ({
  type: 'LiveStreamReminderCancelled',
  data: { streamId, userId, cancelledAt: '2026-11-25T11:30:00.000Z' },
});
const wentLive = (startedAt: string) => ({ type: 'LiveStreamWentLive', data: { streamId, startedAt } });
const ended = {
  type: 'LiveStreamEnded',
  data: { streamId, endedBy: owner, reason: 'owner', endedAt: '2026-11-25T12:00:00.000Z' },
};

describe('stream reminder state (folded from livestream-{id}) and when it reminds', () => {
  it('keeps who asks to be reminded now: requests minus cancellations, a repeated request once', () => {
    const state = foldReminderState([
      scheduled,
      requested(ada),
      requested(bob),
      requested(cy),
      cancelled(bob),
      requested(ada),
    ]);
    expect(state).toEqual({
      streamId,
      ownerId: owner,
      title: 'Morning jam',
      scheduledFor: at,
      wentLiveAt: null,
      ended: false,
      remindedUserIds: [cy, ada],
    });
  });

  it('a stream started at once (never scheduled) reminds nobody', () => {
    const started = {
      type: 'LiveStreamStarted',
      data: {
        streamId,
        userId: owner,
        title: 't',
        description: '',
        category: 'music',
        tags: [],
        allowDuets: false,
        startedAt: at,
      },
    };
    expect(foldReminderState([started])).toBeNull();
    expect(reminderDecision(null, due)).toEqual({ kind: 'skip', reason: 'not_scheduled' });
  });

  it('waits until the scheduled time, then reminds (not live yet)', () => {
    const state = foldReminderState([scheduled, requested(ada)]);
    expect(reminderDecision(state, due - 1)).toEqual({ kind: 'wait', until: due });
    expect(reminderDecision(state, due)).toEqual({ kind: 'remind', state, isActive: false });
  });

  it('an early go-live reminds at once, as live; a late one keeps the scheduled time', () => {
    const early = foldReminderState([scheduled, requested(ada), wentLive('2026-11-26T11:00:00.000Z')]);
    expect(reminderDecision(early, due - 3_600_000)).toEqual({ kind: 'remind', state: early, isActive: true });
    const late = foldReminderState([scheduled, requested(ada), wentLive('2026-11-26T12:10:00.000Z')]);
    expect(reminderDecision(late, due - 1)).toEqual({ kind: 'wait', until: due });
  });

  it('a cancelled (ended) stream and a moment more than an hour past remind nobody', () => {
    expect(reminderDecision(foldReminderState([scheduled, requested(ada), ended]), due)).toEqual({
      kind: 'skip',
      reason: 'ended',
    });
    expect(reminderDecision(foldReminderState([scheduled, requested(ada)]), due + 3_600_001)).toEqual({
      kind: 'skip',
      reason: 'stale',
    });
  });
});
