import {
  DUET_MESSAGE_MAX,
  LIVE_STREAM_MESSAGES,
  SCHEDULE_AHEAD_MAX_DAYS,
  liveStreamTitle,
  streamChatContent,
  type LiveStreamCategory,
  type LiveStreamEvent,
  type SystemEndReason,
} from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import {
  evolveLiveStream,
  initialLiveStreamState,
  type LiveStreamState,
  type StartedLiveStream,
} from './live-stream.state.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Commands of the live stream aggregate; `now` comes from the caller so decisions stay pure. */
export type LiveStreamCommand =
  | {
      readonly type: 'StartLiveStream';
      readonly streamId: string;
      readonly userId: string;
      readonly title: string;
      readonly description: string;
      readonly category: LiveStreamCategory;
      readonly tags: readonly string[];
      readonly allowDuets: boolean;
      /** A future start time: the stream is scheduled instead of live. */
      readonly scheduledFor?: string | undefined;
      readonly now: Date;
    }
  | { readonly type: 'GoLive'; readonly userId: string; readonly now: Date }
  | { readonly type: 'RequestReminder'; readonly userId: string; readonly now: Date }
  | { readonly type: 'CancelReminder'; readonly userId: string; readonly now: Date }
  | { readonly type: 'JoinLiveStream'; readonly viewerId: string; readonly userId: string | null; readonly now: Date }
  | {
      readonly type: 'PostStreamChatMessage';
      readonly messageId: string;
      readonly userId: string;
      readonly content: string;
      readonly now: Date;
    }
  | {
      readonly type: 'EndLiveStream';
      readonly by:
        | { readonly kind: 'user'; readonly userId: string }
        | { readonly kind: 'system'; readonly reason: SystemEndReason };
      readonly now: Date;
    }
  /** The streamer's client stored a frame of the broadcast at `key` (checked with checkThumbnailAllowed first). */
  | {
      readonly type: 'UpdateThumbnail';
      readonly userId: string;
      readonly key: string;
      readonly contentType: string;
      readonly now: Date;
    }
  | { readonly type: 'RequestDuet'; readonly userId: string; readonly message: string; readonly now: Date }
  /** `partnerInRoom`: whether the requester has a socket in the stream's room now (presence). */
  | {
      readonly type: 'AcceptDuet';
      readonly by: string;
      readonly userId: string;
      readonly partnerInRoom: boolean;
      readonly now: Date;
    }
  | { readonly type: 'DeclineDuet'; readonly by: string; readonly userId: string; readonly now: Date }
  | {
      readonly type: 'EndDuet';
      /** A user (the streamer or the partner), or the platform when `partnerId` stayed away past the grace period. */
      readonly by:
        { readonly kind: 'user'; readonly userId: string } | { readonly kind: 'system'; readonly partnerId: string };
      readonly now: Date;
    };

export function decideLiveStream(command: LiveStreamCommand, state: LiveStreamState): LiveStreamEvent[] {
  switch (command.type) {
    case 'StartLiveStream':
      return start(command, state);
    case 'GoLive': {
      const started = requireStarted(state);
      if (command.userId !== started.ownerId) throw new DomainError('forbidden', LIVE_STREAM_MESSAGES.notStreamer, 403);
      if (started.status === 'ended') throw new DomainError('stream_ended', LIVE_STREAM_MESSAGES.alreadyEnded, 410);
      if (started.status !== 'scheduled')
        throw new DomainError('not_scheduled', LIVE_STREAM_MESSAGES.notScheduled, 409);
      // Going live before the announced time is allowed: the streamer decides when to start.
      return [
        { type: 'LiveStreamWentLive', data: { streamId: started.streamId, startedAt: command.now.toISOString() } },
      ];
    }
    case 'RequestReminder':
    case 'CancelReminder': {
      const scheduled = requireScheduled(state, command.userId);
      const reminded = scheduled.remindedUserIds.includes(command.userId);
      const at = command.now.toISOString();
      // Repeats change nothing, so a double click or a retry is harmless.
      if (command.type === 'RequestReminder') {
        return reminded
          ? []
          : [
              {
                type: 'LiveStreamReminderRequested',
                data: { streamId: scheduled.streamId, userId: command.userId, requestedAt: at },
              },
            ];
      }
      return reminded
        ? [
            {
              type: 'LiveStreamReminderCancelled',
              data: { streamId: scheduled.streamId, userId: command.userId, cancelledAt: at },
            },
          ]
        : [];
    }
    case 'JoinLiveStream': {
      const live = requireLive(state);
      // The streamer's own sockets are not viewers. Repeats are held back before the command: the
      // socket handler records at most one view per viewer per stream per hour (presence.ts).
      if (command.userId === live.ownerId) return [];
      return [
        {
          type: 'LiveStreamViewerJoined',
          data: {
            streamId: live.streamId,
            viewerId: command.viewerId,
            userId: command.userId,
            joinedAt: command.now.toISOString(),
          },
        },
      ];
    }
    case 'PostStreamChatMessage': {
      const live = requireLive(state);
      const content = streamChatContent.safeParse(command.content);
      if (!content.success)
        throw new DomainError('validation_failed', content.error.issues[0]!.message, 400, 'content');
      return [
        {
          type: 'LiveStreamChatMessagePosted',
          data: {
            streamId: live.streamId,
            messageId: command.messageId,
            userId: command.userId,
            content: content.data,
            postedAt: command.now.toISOString(),
          },
        },
      ];
    }
    case 'EndLiveStream': {
      const started = requireStarted(state);
      if (command.by.kind === 'user' && command.by.userId !== started.ownerId)
        throw new DomainError('forbidden', LIVE_STREAM_MESSAGES.notOwner, 403);
      if (started.status === 'ended') {
        // The SFU or the dead-stream sweep may judge a stream the owner just ended: nothing more to record.
        if (command.by.kind === 'system') return [];
        throw new DomainError('stream_ended', LIVE_STREAM_MESSAGES.alreadyEnded, 410);
      }
      // A scheduled stream ended by its owner is cancelled; a live one ends with its duet.
      return [
        {
          type: 'LiveStreamEnded',
          data: {
            streamId: started.streamId,
            endedBy: command.by.kind === 'user' ? command.by.userId : null,
            reason: command.by.kind === 'user' ? 'owner' : command.by.reason,
            endedAt: command.now.toISOString(),
          },
        },
      ];
    }
    case 'UpdateThumbnail': {
      const live = checkThumbnailAllowed(state, command.userId);
      return [
        {
          type: 'LiveStreamThumbnailUpdated',
          data: {
            streamId: live.streamId,
            frame: live.thumbnailFrames + 1,
            key: command.key,
            contentType: command.contentType,
            updatedAt: command.now.toISOString(),
          },
        },
      ];
    }
    case 'RequestDuet': {
      const started = requireStarted(state);
      if (command.userId === started.ownerId) throw new DomainError('forbidden', LIVE_STREAM_MESSAGES.ownDuet, 403);
      const live = requireLive(started);
      if (!live.allowDuets) throw new DomainError('duets_not_allowed', LIVE_STREAM_MESSAGES.duetsNotAllowed, 403);
      if (live.duetPartnerId !== null)
        throw new DomainError('duet_partner_present', LIVE_STREAM_MESSAGES.duetPartnerPresent, 409);
      const message = command.message.trim();
      if (message.length > DUET_MESSAGE_MAX)
        throw new DomainError('validation_failed', LIVE_STREAM_MESSAGES.duetMessageTooLong, 400, 'message');
      // A repeat while pending is recorded again: the streamer is asked again, with the new message.
      return [
        {
          type: 'LiveStreamDuetRequested',
          data: { streamId: live.streamId, userId: command.userId, message, requestedAt: command.now.toISOString() },
        },
      ];
    }
    case 'AcceptDuet':
    case 'DeclineDuet': {
      const started = requireStarted(state);
      if (command.by !== started.ownerId) throw new DomainError('forbidden', LIVE_STREAM_MESSAGES.duetNotStreamer, 403);
      const live = requireLive(started);
      if (command.type === 'AcceptDuet' && live.duetPartnerId !== null)
        throw new DomainError('duet_partner_present', LIVE_STREAM_MESSAGES.duetPartnerPresent, 409);
      if (!live.duetRequests.includes(command.userId))
        throw new DomainError('duet_not_requested', LIVE_STREAM_MESSAGES.duetNotRequested, 409);
      const at = command.now.toISOString();
      if (command.type === 'DeclineDuet')
        return [
          { type: 'LiveStreamDuetDeclined', data: { streamId: live.streamId, userId: command.userId, declinedAt: at } },
        ];
      if (!command.partnerInRoom)
        throw new DomainError('duet_partner_not_in_room', LIVE_STREAM_MESSAGES.duetPartnerNotInRoom, 409);
      return [
        { type: 'LiveStreamDuetStarted', data: { streamId: live.streamId, partnerId: command.userId, startedAt: at } },
      ];
    }
    case 'EndDuet': {
      const started = requireStarted(state);
      const partnerId = started.duetPartnerId;
      if (command.by.kind === 'system') {
        // The partner may have come back, or another duet begun, since the grace period started.
        if (started.status !== 'live' || partnerId !== command.by.partnerId) return [];
        return [
          {
            type: 'LiveStreamDuetEnded',
            data: {
              streamId: started.streamId,
              partnerId,
              endedBy: null,
              reason: 'partner_disconnected',
              endedAt: command.now.toISOString(),
            },
          },
        ];
      }
      const { userId } = command.by;
      const live = requireLive(started);
      // No duet is the answer for anyone (a partner's second click included); with one, only its two members end it.
      if (partnerId === null) throw new DomainError('duet_not_present', LIVE_STREAM_MESSAGES.duetNotPresent, 409);
      const isStreamer = userId === live.ownerId;
      if (!isStreamer && userId !== partnerId)
        throw new DomainError('forbidden', LIVE_STREAM_MESSAGES.duetNotMember, 403);
      return [
        {
          type: 'LiveStreamDuetEnded',
          data: {
            streamId: live.streamId,
            partnerId,
            endedBy: userId,
            reason: isStreamer ? 'streamer' : 'partner',
            endedAt: command.now.toISOString(),
          },
        },
      ];
    }
  }
}

function start(
  command: Extract<LiveStreamCommand, { type: 'StartLiveStream' }>,
  state: LiveStreamState,
): LiveStreamEvent[] {
  if (state.status !== 'not_started')
    throw new DomainError('stream_exists', 'This live stream has already been started', 409);
  const title = liveStreamTitle.safeParse(command.title);
  if (!title.success) throw new DomainError('title_required', LIVE_STREAM_MESSAGES.titleRequired, 400, 'title');
  const setup = {
    streamId: command.streamId,
    userId: command.userId,
    title: title.data,
    description: command.description.trim(),
    category: command.category,
    tags: [...new Set(command.tags.map((t) => t.trim()).filter((t) => t.length > 0))],
    allowDuets: command.allowDuets,
  };
  const now = command.now.toISOString();
  if (command.scheduledFor === undefined) return [{ type: 'LiveStreamStarted', data: { ...setup, startedAt: now } }];
  const at = new Date(command.scheduledFor);
  if (Number.isNaN(at.getTime()) || at.getTime() <= command.now.getTime()) {
    throw new DomainError('validation_failed', LIVE_STREAM_MESSAGES.scheduledInPast, 400, 'scheduledFor');
  }
  if (at.getTime() - command.now.getTime() > SCHEDULE_AHEAD_MAX_DAYS * DAY_MS) {
    throw new DomainError('validation_failed', LIVE_STREAM_MESSAGES.scheduledTooFar, 400, 'scheduledFor');
  }
  return [{ type: 'LiveStreamScheduled', data: { ...setup, scheduledFor: at.toISOString(), scheduledAt: now } }];
}

function requireStarted(state: LiveStreamState): StartedLiveStream {
  if (state.status === 'not_started') throw new DomainError('not_found', LIVE_STREAM_MESSAGES.notFound, 404);
  return state;
}

/** Live now: 410 once ended, 409 while only scheduled. */
function requireLive(state: LiveStreamState): StartedLiveStream {
  const started = requireStarted(state);
  if (started.status === 'ended') throw new DomainError('stream_ended', LIVE_STREAM_MESSAGES.alreadyEnded, 410);
  if (started.status === 'scheduled') throw new DomainError('not_yet_live', LIVE_STREAM_MESSAGES.notYetLive, 409);
  return started;
}

/**
 * Only the streamer sets the thumbnail (403), and only while live (409 scheduled, 410 ended). The
 * route asks this before it stores the frame, so nobody else's bytes ever replace the streamer's.
 */
export function checkThumbnailAllowed(state: LiveStreamState, userId: string): StartedLiveStream {
  const started = requireStarted(state);
  if (userId !== started.ownerId) throw new DomainError('forbidden', LIVE_STREAM_MESSAGES.thumbnailNotOwner, 403);
  return requireLive(started);
}

/** Reminders: for a scheduled stream (409 otherwise), never its owner's own (403). */
function requireScheduled(state: LiveStreamState, userId: string): StartedLiveStream {
  const started = requireStarted(state);
  if (userId === started.ownerId) throw new DomainError('forbidden', LIVE_STREAM_MESSAGES.ownReminder, 403);
  if (started.status !== 'scheduled') throw new DomainError('not_scheduled', LIVE_STREAM_MESSAGES.notScheduled, 409);
  return started;
}

export const liveStreamDecider: Decider<LiveStreamState, LiveStreamCommand, LiveStreamEvent> = {
  initialState: initialLiveStreamState,
  decide: decideLiveStream,
  evolve: evolveLiveStream,
};
