import { readEvent } from '@myworld/schemas';
import type { Platform } from '../../platform/feature.ts';
import type { LiveReaction } from '../../platform/reactors/live-reactor.ts';
import { streamRoom, userRoom } from '../../platform/ws/gateway.ts';

/**
 * What each API instance's live reactor does, for itself only, after moderation's reactor decided:
 * - ContentRemoved: the author's sockets here hear `content_removed` (with the moderator's note);
 * - LiveStreamEnded by the system as `removed`: the viewers here hear `stream_ended`, and this
 *   instance's SFU drops the stream's media (live-streams/socket.ts listens to its rooms).
 */
export function moderationReactions({ gateway }: Platform): readonly LiveReaction[] {
  return [
    {
      name: 'moderation: content_removed',
      types: ['ContentRemoved'],
      handle: async (recorded) => {
        const event = readEvent(recorded);
        if (event?.type !== 'ContentRemoved') return;
        const { authorId, contentType, contentId, note } = event.data;
        gateway.deliverHere(userRoom(authorId), { type: 'content_removed', contentType, contentId, note });
      },
    },
    {
      name: 'moderation: removed stream ends',
      types: ['LiveStreamEnded'],
      handle: async (recorded) => {
        const event = readEvent(recorded);
        if (event?.type !== 'LiveStreamEnded' || event.data.reason !== 'removed') return;
        const { streamId } = event.data;
        gateway.deliverHere(streamRoom(streamId), { type: 'stream_ended', streamId, reason: 'removed' });
      },
    },
  ];
}
