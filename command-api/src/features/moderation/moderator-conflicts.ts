import { MODERATION_MESSAGES, type ReportStatus } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { locateContent, loadReport } from '@myworld/write-model/moderation';
import type { ModerationContext } from './context.ts';

/**
 * Before a moderator acts on a report: removing (suspending) a user who holds any staff role takes
 * an admin (403 otherwise). Answers who made the reported item (null when unknown), for the report
 * decider's rule that nobody decides on their own report or their own content.
 */
export async function checkModeratorMayAct(
  ctx: ModerationContext,
  reportId: string,
  moderatorId: string,
  status: ReportStatus,
): Promise<string | null> {
  const report = await loadReport(ctx.store, reportId);
  if (report.status === 'none') return null;
  if (status === 'resolved' && report.contentType === 'user' && report.contentId !== moderatorId) {
    const [targetRoles, ownRoles] = await Promise.all([
      ctx.roles.rolesOf(report.contentId),
      ctx.roles.rolesOf(moderatorId),
    ]);
    if (targetRoles.length > 0 && !ownRoles.includes('admin'))
      throw new DomainError('forbidden', MODERATION_MESSAGES.staffSuspensionNeedsAdmin, 403, 'id');
  }
  return (await locateContent(ctx, report.contentType, report.contentId))?.author_id ?? null;
}
