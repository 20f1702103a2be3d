import { openReportIds, type ReportsDb } from '@myworld/projections';
import { laterPosition, type Position } from '@myworld/schemas';
import type { CommandContext } from '../commands/command-handler.ts';
import { DomainError } from '../commands/domain-error.ts';
import { locateContent, runContentCommand } from './content.store.ts';
import type { ModerationDeps } from './deps.ts';
import { endRemovedLiveStreams } from './end-live-streams.ts';
import { runReportCommand } from './report.store.ts';
import type { FiledReport } from './report.state.ts';

/**
 * What follows from a moderator's Remove Content (ReportResolved with contentRemoved), run by
 * moderation's reactor once the reports read model holds that event (so every report filed before
 * it): every other open report on the same item is resolved with the same note, ContentRemoved goes
 * to the item's own stream, a suspended user's sessions end, and a removed stream (a suspended
 * user's streams) ends. Each step is idempotent (a report already closed is passed over; removing
 * removed content records nothing) and runs under an Idempotency-Key derived from the triggering
 * event and the step, so a batch handled again after a crash does none of it twice. The author
 * hears of it from each API instance's live reactor (content_removed). Answers the position of the
 * last event recorded.
 */
export async function removeReportedContent(
  ctx: ModerationDeps & { readonly endSessionsOf: (userId: string) => Promise<unknown> },
  report: FiledReport,
  moderatorId: string,
  context: (step: string) => CommandContext,
): Promise<Position | null> {
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
        context(`resolve:${id}`),
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
    context('remove'),
  );
  // A removed user is suspended: every session ends (sign-in is refused from the user's own stream).
  if (contentType === 'user') await ctx.endSessionsOf(card.author_id);
  // A removed stream, or a suspended user's, ends for its viewers and in the SFU.
  position = laterPosition(position, await endRemovedLiveStreams(ctx, contentType, contentId, context));
  return laterPosition(position, removal.position);
}
