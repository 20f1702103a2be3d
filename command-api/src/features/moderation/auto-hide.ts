import { distinctReporters, openReportIds, type ReportsDb } from '@myworld/projections';
import type { Position } from '@myworld/schemas';
import type { CommandContext } from '../../platform/commands/command-handler.ts';
import { locateContent, runContentCommand } from './content.store.ts';
import type { ModerationContext } from './context.ts';
import type { FiledReport } from './report.state.ts';
import { currentModerationSettings } from './settings.ts';

/**
 * After a report is filed (recorded at `filedAt`): once the reports read model has it, if the
 * distinct users who reported the item since it was last shown again reach the auto-hide
 * threshold, ContentHidden goes to the item's own stream (once: hidden content decides nothing
 * more). Run in the filing request, after the read model caught up, so the outcome is known when
 * the report is answered. Answers the position of ContentHidden, null when nothing was hidden.
 */
export async function hideIfReportedEnough(ctx: ModerationContext, report: FiledReport, filedAt: Position | null, context: CommandContext): Promise<Position | null> {
  if (filedAt && !(await ctx.readModels.waitFor('reports', filedAt, ctx.config.MIN_POSITION_WAIT_MS))) {
    ctx.logger.warn({ reportId: report.reportId }, 'auto-hide skipped: the reports read model is behind');
    return null;
  }
  const card = await locateContent(ctx, report.contentType, report.contentId);
  if (card?.visibility !== 'visible') return null;
  const db = await ctx.readModels.query<ReportsDb>('reports');
  const [reporterCount, { autoHideThreshold }] = await Promise.all([distinctReporters(db, card.content_type, card.content_id, card.restored_at), currentModerationSettings(ctx)]);
  if (reporterCount < autoHideThreshold) return null;
  const result = await runContentCommand(ctx, card, { type: 'HideReportedContent', reporterCount, threshold: autoHideThreshold, now: new Date() }, context);
  return result.position;
}

/**
 * After a report is dismissed (recorded at `dismissedAt`): a hidden item none of whose reports is
 * open any more is shown again (ContentRestored on its stream). Answers its position, or null.
 */
export async function restoreIfCleared(ctx: ModerationContext, report: FiledReport, moderatorId: string, dismissedAt: Position | null, context: CommandContext): Promise<Position | null> {
  if (dismissedAt && !(await ctx.readModels.waitFor('reports', dismissedAt, ctx.config.MIN_POSITION_WAIT_MS))) return null;
  const card = await locateContent(ctx, report.contentType, report.contentId);
  if (card?.visibility !== 'hidden') return null;
  const open = await openReportIds(await ctx.readModels.query<ReportsDb>('reports'), card.content_type, card.content_id);
  if (open.length > 0) return null;
  const result = await runContentCommand(ctx, card, { type: 'RestoreContent', moderatorId, now: new Date() }, context);
  return result.position;
}
