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
import type { CommandContext } from '../commands/command-handler.ts';
import { locateContent, runContentCommand } from './content.store.ts';
import type { ModerationDeps } from './deps.ts';
import type { FiledReport } from './report.state.ts';
import { currentModerationSettings } from './settings.ts';
import { trustedReporterCount, type ReporterFacts, type TrustRule } from './trust.ts';

const DAY_MS = 86_400_000;

/** The trust rule of the configuration (trust.ts). */
export const trustRule = (ctx: ModerationDeps): TrustRule => ({
  minAccountAgeDays: ctx.config.REPORT_TRUST_MIN_ACCOUNT_AGE_DAYS,
  dismissalWindowDays: ctx.config.REPORT_TRUST_DISMISSAL_WINDOW_DAYS,
});

/**
 * How many of the item's reporters since it was last shown again are trusted (trust.ts): the facts
 * come from the reports read model (reports, dismissals) and the users read model (registration,
 * email verification), each judged at the time of the reporter's report.
 */
async function trustedCount(
  ctx: ModerationDeps,
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
 * After a report was filed (moderation's reactor, once the reports and users read models hold it):
 * if the TRUSTED distinct users who reported the item since it was last shown again (trust.ts:
 * verified, old enough, no recent dismissed report, not its author, never dismissed on this item)
 * reach the auto-hide threshold, ContentHidden goes to the item's own stream (once: hidden content
 * decides nothing more). Answers the position of ContentHidden, null when nothing was hidden.
 */
export async function hideIfReportedEnough(
  ctx: ModerationDeps,
  report: FiledReport,
  context: CommandContext,
): Promise<Position | null> {
  const card = await locateContent(ctx, report.contentType, report.contentId);
  if (card?.visibility !== 'visible') return null;
  const { autoHideThreshold } = await currentModerationSettings(ctx);
  const reporters = await reportersOfContent(
    await ctx.readModels.query<ReportsDb>('reports'),
    card.content_type,
    card.content_id,
    card.restored_at,
  );
  // Too few reporters of any trust: nothing to weigh.
  if (reporters.length < autoHideThreshold) return null;
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
 * After a report was dismissed (moderation's reactor, once the reports read model holds it): a
 * hidden item none of whose reports is open any more is shown again (ContentRestored on its
 * stream). Answers its position, or null.
 */
export async function restoreIfCleared(
  ctx: ModerationDeps,
  report: FiledReport,
  moderatorId: string,
  context: CommandContext,
): Promise<Position | null> {
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
