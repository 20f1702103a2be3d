import { openReportIds, type ReportsDb } from '@myworld/projections';
import { laterPosition, type Position } from '@myworld/schemas';
import type { CommandContext } from '../../platform/commands/command-handler.ts';
import { DomainError } from '../../platform/commands/domain-error.ts';
import { userRoom } from '../../platform/ws/gateway.ts';
import { locateContent, runContentCommand } from './content.store.ts';
import { endRemovedLiveStreams } from './end-live-streams.ts';
import type { ModerationContext } from './context.ts';
import { runReportCommand } from './report.store.ts';
import type { FiledReport } from './report.state.ts';

/**
 * Remove Content, after `report` was resolved (recorded at `resolvedAt`): once the reports read
 * model has that (so every report filed before it), every other open report on the same item is
 * resolved with the same note, then ContentRemoved goes to the item's own stream and its author is
 * told on their socket; a removed stream (a suspended user's streams) ends at once. Each step is idempotent (a report already closed is passed over; removing
 * removed content records nothing) and, under the request's Idempotency-Key, replays what a first
 * run recorded, so a retried or concurrent removal finishes the job without doing any of it twice.
 * Answers the position of the last event recorded.
 */
export async function removeReportedContent(
  ctx: ModerationContext,
  report: FiledReport,
  moderatorId: string,
  resolvedAt: Position | null,
  context: CommandContext,
): Promise<Position | null> {
  if (resolvedAt && !(await ctx.readModels.waitFor('reports', resolvedAt, ctx.config.MIN_POSITION_WAIT_MS))) {
    ctx.logger.warn(
      { reportId: report.reportId },
      'removing content while the reports read model is behind: a report filed just before may stay open',
    );
  }
  const note = report.moderatorNote ?? '';
  const { contentType, contentId } = report;
  const now = new Date();
  let position: Position | null = null;
  const resolved = [report.reportId];
  const others = (await openReportIds(await ctx.readModels.query<ReportsDb>('reports'), contentType, contentId)).filter(
    (id) => id !== report.reportId,
  );
  for (const id of others) {
    try {
      const result = await runReportCommand(
        ctx.store,
        id,
        { type: 'ModerateReport', moderatorId, status: 'resolved', note, now },
        context,
      );
      position = laterPosition(position, result.position);
      resolved.push(id);
    } catch (error) {
      // Closed meanwhile by another moderator: it has its own decision. The moderator's own report
      // on the item stays open for another moderator (nobody closes their own report).
      if (!(error instanceof DomainError && (error.code === 'illegal_transition' || error.code === 'own_report')))
        throw error;
    }
  }

  const card = await locateContent(ctx, contentType, contentId);
  if (!card) return position;
  const removal = await runContentCommand(
    ctx,
    card,
    { type: 'RemoveContent', authorId: card.author_id, moderatorId, reportIds: resolved, note, now },
    context,
  );
  // A removed user is suspended: every session ends now (sign-in is refused from the user's own stream).
  if (contentType === 'user') await ctx.sessions.store.destroyAllForUser(card.author_id);
  // A removed stream, or a suspended user's, ends for its viewers and in the SFU now.
  position = laterPosition(position, await endRemovedLiveStreams(ctx, contentType, contentId, context));
  if (removal.appended) {
    ctx.gateway
      .publish(userRoom(card.author_id), { type: 'content_removed', contentType, contentId, note })
      .catch((error: unknown) =>
        ctx.logger.warn({ err: error, contentType, contentId }, 'content_removed push failed'),
      );
  }
  return laterPosition(position, removal.position);
}
