import { LIVE_STREAM_MESSAGES, liveStreamTitle, streamChatContent, type LiveStreamCategory, type LiveStreamEvent, type SystemEndReason } from '@myworld/schemas';
import type { Decider } from '../../platform/commands/decider.ts';
import { DomainError } from '../../platform/commands/domain-error.ts';
import { evolveLiveStream, initialLiveStreamState, type LiveStreamState, type StartedLiveStream } from './live-stream.state.ts';

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
      readonly now: Date;
    }
  | { readonly type: 'JoinLiveStream'; readonly viewerId: string; readonly userId: string | null; readonly now: Date }
  | { readonly type: 'PostStreamChatMessage'; readonly messageId: string; readonly userId: string; readonly content: string; readonly now: Date }
  | {
      readonly type: 'EndLiveStream';
      readonly by: { readonly kind: 'user'; readonly userId: string } | { readonly kind: 'system'; readonly reason: SystemEndReason };
      readonly now: Date;
    };

export function decideLiveStream(command: LiveStreamCommand, state: LiveStreamState): LiveStreamEvent[] {
  switch (command.type) {
    case 'StartLiveStream': {
      if (state.status !== 'not_started') throw new DomainError('stream_exists', 'This live stream has already been started', 409);
      const title = liveStreamTitle.safeParse(command.title);
      if (!title.success) throw new DomainError('title_required', LIVE_STREAM_MESSAGES.titleRequired, 400, 'title');
      return [
        {
          type: 'LiveStreamStarted',
          data: {
            streamId: command.streamId,
            userId: command.userId,
            title: title.data,
            description: command.description.trim(),
            category: command.category,
            tags: [...new Set(command.tags.map((t) => t.trim()).filter((t) => t.length > 0))],
            allowDuets: command.allowDuets,
            startedAt: command.now.toISOString(),
          },
        },
      ];
    }
    case 'JoinLiveStream': {
      const live = requireLive(state);
      // The streamer's own sockets are not viewers. Repeats are held back before the command: the
      // socket handler records at most one view per viewer per stream per hour (presence.ts).
      if (command.userId === live.ownerId) return [];
      return [{ type: 'LiveStreamViewerJoined', data: { streamId: live.streamId, viewerId: command.viewerId, userId: command.userId, joinedAt: command.now.toISOString() } }];
    }
    case 'PostStreamChatMessage': {
      const live = requireLive(state);
      const content = streamChatContent.safeParse(command.content);
      if (!content.success) throw new DomainError('validation_failed', content.error.issues[0]!.message, 400, 'content');
      return [
        {
          type: 'LiveStreamChatMessagePosted',
          data: { streamId: live.streamId, messageId: command.messageId, userId: command.userId, content: content.data, postedAt: command.now.toISOString() },
        },
      ];
    }
    case 'EndLiveStream': {
      const started = requireStarted(state);
      if (command.by.kind === 'user' && command.by.userId !== started.ownerId) throw new DomainError('forbidden', LIVE_STREAM_MESSAGES.notOwner, 403);
      if (started.status === 'ended') {
        // The SFU or the dead-stream sweep may judge a stream the owner just ended: nothing more to record.
        if (command.by.kind === 'system') return [];
        throw new DomainError('stream_ended', LIVE_STREAM_MESSAGES.alreadyEnded, 410);
      }
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
  }
}

function requireStarted(state: LiveStreamState): StartedLiveStream {
  if (state.status === 'not_started') throw new DomainError('not_found', LIVE_STREAM_MESSAGES.notFound, 404);
  return state;
}

function requireLive(state: LiveStreamState): StartedLiveStream {
  const started = requireStarted(state);
  if (started.status === 'ended') throw new DomainError('stream_ended', LIVE_STREAM_MESSAGES.alreadyEnded, 410);
  return started;
}

export const liveStreamDecider: Decider<LiveStreamState, LiveStreamCommand, LiveStreamEvent> = {
  initialState: initialLiveStreamState,
  decide: decideLiveStream,
  evolve: evolveLiveStream,
};
