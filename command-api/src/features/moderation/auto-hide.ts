import {
  accountTrustFactsById,
  dismissalsOf,
  openReportIds,
  reportersOfContent,
  type ContentCard,
  type ReportsDb,
  type UsersDb,
} from '@myworld/projections';
import type { Position } from '@myworld/schemas';
import type { CommandContext } from '../../platform/commands/command-handler.ts';
import { locateContent, runContentCommand } from './content.store.ts';
import type { ModerationContext } from './context.ts';
import type { FiledReport } from './report.state.ts';
import { currentModerationSettings } from './settings.ts';
import { trustedReporterCount, type ReporterFacts, type TrustRule } from './trust.ts';

const DAY_MS = 86_400_000;

/** The trust rule of the configuration (trust.ts). */
export const trustRule = (ctx: ModerationContext): TrustRule => ({
  minAccountAgeDays: ctx.config.REPORT_TRUST_MIN_ACCOUNT_AGE_DAYS,
  dismissalWindowDays: ctx.config.REPORT_TRUST_DISMISSAL_WINDOW_DAYS,
});

/**
 * How many of the item's reporters since it was last shown again are trusted (trust.ts): the facts
 * come from the reports read model (reports, dismissals) and the users read model (registration,
 * email verification), each judged at the time of the reporter's report.
 */
async function trustedCount(
  ctx: ModerationContext,
  card: ContentCard,
  reporters: Awaited<ReturnType<typeof reportersOfContent>>,
): Promise<number> {
  const rule = trustRule(ctx);
  const ids = reporters.map((r) => r.reporterId);
  const earliest = Math.min(...reporters.map((r) => r.reportedAt.getTime()));
  const [accounts, dismissals] = await Promise.all([
    accountTrustFactsById(await ctx.readModels.query<UsersDb>('users'), ids),
    dismissalsOf(
      await ctx.readModels.query<ReportsDb>('reports'),
      ids,
      new Date(earliest - rule.dismissalWindowDays * DAY_MS),
    ),
  ]);
  const facts: ReporterFacts[] = reporters.map((r) => ({
    ...r,
    registeredAt: accounts.get(r.reporterId)?.registeredAt ?? null,
    emailVerifiedAt: accounts.get(r.reporterId)?.emailVerifiedAt ?? null,
    dismissedAt: dismissals.get(r.reporterId) ?? [],
  }));
  return trustedReporterCount(facts, card.author_id, rule);
}

/**
 * After a report is filed (recorded at `filedAt`): once the reports read model has it (and, when
 * enough users reported the item, the users read model too), if the TRUSTED distinct users who
 * reported the item since it was last shown again (trust.ts: verified, old enough, no recent
 * dismissed report, not its author, never dismissed on this item) reach the auto-hide threshold,
 * ContentHidden goes to the item's own stream (once: hidden content decides nothing more). Run in
 * the filing request, after the read models caught up, so the outcome is known when the report is
 * answered. Answers the position of ContentHidden, null when nothing was hidden.
 */
export async function hideIfReportedEnough(
  ctx: ModerationContext,
  report: FiledReport,
  filedAt: Position | null,
  context: CommandContext,
): Promise<Position | null> {
  if (filedAt && !(await ctx.readModels.waitFor('reports', filedAt, ctx.config.MIN_POSITION_WAIT_MS))) {
    ctx.logger.warn({ reportId: report.reportId }, 'auto-hide skipped: the reports read model is behind');
    return null;
  }
  const card = await locateContent(ctx, report.contentType, report.contentId);
  if (card?.visibility !== 'visible') return null;
  const { autoHideThreshold } = await currentModerationSettings(ctx);
  const reporters = await reportersOfContent(
    await ctx.readModels.query<ReportsDb>('reports'),
    card.content_type,
    card.content_id,
    card.restored_at,
  );
  // Too few reporters of any trust: nothing to weigh (and the users read model need not be waited for).
  if (reporters.length < autoHideThreshold) return null;
  if (filedAt && !(await ctx.readModels.waitFor('users', filedAt, ctx.config.MIN_POSITION_WAIT_MS))) {
    ctx.logger.warn({ reportId: report.reportId }, 'auto-hide skipped: the users read model is behind');
    return null;
  }
  const reporterCount = await trustedCount(ctx, card, reporters);
  if (reporterCount < autoHideThreshold) return null;
  const result = await runContentCommand(
    ctx,
    card,
    { type: 'HideReportedContent', reporterCount, threshold: autoHideThreshold, now: new Date() },
    context,
  );
  return result.position;
}

/**
 * After a report is dismissed (recorded at `dismissedAt`): a hidden item none of whose reports is
 * open any more is shown again (ContentRestored on its stream). Answers its position, or null.
 */
export async function restoreIfCleared(
  ctx: ModerationContext,
  report: FiledReport,
  moderatorId: string,
  dismissedAt: Position | null,
  context: CommandContext,
): Promise<Position | null> {
  if (dismissedAt && !(await ctx.readModels.waitFor('reports', dismissedAt, ctx.config.MIN_POSITION_WAIT_MS)))
    return null;
  const card = await locateContent(ctx, report.contentType, report.contentId);
  if (card?.visibility !== 'hidden') return null;
  const open = await openReportIds(
    await ctx.readModels.query<ReportsDb>('reports'),
    card.content_type,
    card.content_id,
  );
  if (open.length > 0) return null;
  const result = await runContentCommand(ctx, card, { type: 'RestoreContent', moderatorId, now: new Date() }, context);
  return result.position;
}
