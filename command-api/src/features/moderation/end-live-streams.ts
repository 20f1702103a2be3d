import { contentIdsByAuthor, type ReportsDb } from '@myworld/projections';
import { laterPosition, type ContentType, type Position } from '@myworld/schemas';
import type { CommandContext } from '../../platform/commands/command-handler.ts';
import { DomainError } from '../../platform/commands/domain-error.ts';
import { streamRoom } from '../../platform/ws/gateway.ts';
import { runLiveStreamCommand } from '../live-streams/live-stream.store.ts';
import type { ModerationContext } from './context.ts';

/**
 * After a moderator removed a live stream or suspended a user: the stream (every stream of the
 * user) ends at once. LiveStreamEnded (reason `removed`, by the system) closes it for joins, chat
 * and duets; `stream_ended` in its room tells the viewers, and every API instance's SFU drops its
 * media on hearing it (live-streams/socket.ts). Ended or unknown streams record nothing, so a retry
 * or a second removal changes nothing. Answers the position of the last event recorded.
 */
export async function endRemovedLiveStreams(
  ctx: ModerationContext,
  contentType: ContentType,
  contentId: string,
  context: CommandContext,
): Promise<Position | null> {
  const streamIds =
    contentType === 'stream'
      ? [contentId]
      : contentType === 'user'
        ? await contentIdsByAuthor(await ctx.readModels.query<ReportsDb>('reports'), 'stream', contentId)
        : [];
  let position: Position | null = null;
  for (const streamId of streamIds) {
    try {
      const result = await runLiveStreamCommand(
        ctx.store,
        streamId,
        { type: 'EndLiveStream', by: { kind: 'system', reason: 'removed' }, now: new Date() },
        context,
      );
      position = laterPosition(position, result.position);
      if (result.appended)
        await ctx.gateway.publish(streamRoom(streamId), { type: 'stream_ended', streamId, reason: 'removed' });
    } catch (error) {
      // A stream the log does not know (a reported id with no stream): nothing to end.
      if (!(error instanceof DomainError && error.status === 404)) throw error;
    }
  }
  return position;
}
