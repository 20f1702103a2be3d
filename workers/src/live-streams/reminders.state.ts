import { readEvent } from '@myworld/schemas';

/**
 * Reminders are about a start that is near: history older than this (a replayed log, workers that
 * were down for long) mails nobody.
 */
export const REMINDER_STALE_AFTER_MS = 3600_000;

/** What a scheduled stream's reminders need, folded from its own events (`livestream-{id}`). */
export interface ReminderState {
  readonly streamId: string;
  readonly ownerId: string;
  readonly title: string;
  readonly scheduledFor: string;
  /** When the owner went live (null while still waiting for the start). */
  readonly wentLiveAt: string | null;
  readonly ended: boolean;
  /** Who asks to be reminded now (requests minus cancellations), in request order. */
  readonly remindedUserIds: readonly string[];
}

/** Null for a stream that was never scheduled (started at once, or unknown). */
export function foldReminderState(
  events: ReadonlyArray<{ readonly type: string; readonly data: unknown }>,
): ReminderState | null {
  let state: ReminderState | null = null;
  for (const recorded of events) {
    const event = readEvent(recorded);
    if (event?.type === 'LiveStreamScheduled') {
      const d = event.data;
      state = {
        streamId: d.streamId,
        ownerId: d.userId,
        title: d.title,
        scheduledFor: d.scheduledFor,
        wentLiveAt: null,
        ended: false,
        remindedUserIds: [],
      };
      continue;
    }
    if (!state) continue;
    switch (event?.type) {
      case 'LiveStreamWentLive':
        state = { ...state, wentLiveAt: event.data.startedAt };
        break;
      case 'LiveStreamReminderRequested':
        state = {
          ...state,
          remindedUserIds: [...state.remindedUserIds.filter((id) => id !== event.data.userId), event.data.userId],
        };
        break;
      case 'LiveStreamReminderCancelled':
        state = { ...state, remindedUserIds: state.remindedUserIds.filter((id) => id !== event.data.userId) };
        break;
      case 'LiveStreamEnded':
        state = { ...state, ended: true };
        break;
    }
  }
  return state;
}

export type ReminderDecision =
  | { readonly kind: 'skip'; readonly reason: 'not_scheduled' | 'ended' | 'stale' }
  | { readonly kind: 'wait'; readonly until: number }
  | { readonly kind: 'remind'; readonly state: ReminderState; readonly isActive: boolean };

/**
 * When the reminded viewers hear of the stream. Our choice: at the scheduled time, or when the owner
 * goes live early, whichever comes first; a go-live after the scheduled time reminds nobody again
 * (each viewer gets at most one reminder per stream, which the viewer job's id also guarantees).
 * A stream ended before that moment (a cancelled schedule) reminds nobody, and neither does a
 * moment long past.
 */
export function reminderDecision(state: ReminderState | null, now: number): ReminderDecision {
  if (!state) return { kind: 'skip', reason: 'not_scheduled' };
  if (state.ended) return { kind: 'skip', reason: 'ended' };
  const scheduledAt = Date.parse(state.scheduledFor);
  const due = state.wentLiveAt === null ? scheduledAt : Math.min(scheduledAt, Date.parse(state.wentLiveAt));
  if (now < due) return { kind: 'wait', until: due };
  if (now - due > REMINDER_STALE_AFTER_MS) return { kind: 'skip', reason: 'stale' };
  return { kind: 'remind', state, isActive: state.wentLiveAt !== null };
}
