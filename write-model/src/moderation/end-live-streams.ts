import { contentIdsByAuthor, type ReportsDb } from '@myworld/projections';
import { laterPosition, type ContentType, type Position } from '@myworld/schemas';
import type { CommandContext } from '../commands/command-handler.ts';
import { DomainError } from '../commands/domain-error.ts';
import { runLiveStreamCommand } from '../live-streams/live-stream.store.ts';
import type { ModerationDeps } from './deps.ts';

/**
 * After a moderator removed a live stream or suspended a user (moderation's reactor): the stream
 * (every stream of the user) ends. LiveStreamEnded (reason `removed`, by the system) closes it for
 * joins, chat and duets; each API instance's live reactor then tells the viewers it holds
 * (`stream_ended`) and drops the stream's media from its own SFU (live-reactions.ts). Ended or
 * unknown streams record nothing, so a retry or a second removal changes nothing. Answers the
 * position of the last event recorded.
 */
export async function endRemovedLiveStreams(
  ctx: ModerationDeps,
  contentType: ContentType,
  contentId: string,
  context: (step: string) => CommandContext,
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
        context(`end-stream:${streamId}`),
      );
      position = laterPosition(position, result.position);
    } catch (error) {
      // A stream the log does not know (a reported id with no stream): nothing to end.
      if (!(error instanceof DomainError && error.status === 404)) throw error;
    }
  }
  return position;
}
